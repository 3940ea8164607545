/**
 * The held-leads scenario, end to end, on an instance of the built site of its own (its own
 * PostgreSQL, its own HubSpot form on the fake, so the other tests keep theirs) connected to
 * HubSpot with a private app token: the fake serves the client questionnaire's form as a firm sets
 * it up (tests/fixtures/hubspot-forms.ts). Staff add a field to the questionnaire's submission in
 * the studio; the live check names it as HubSpot's; the publish dialog warns, names it, and
 * publishes only once the consequence is confirmed. A visitor's lead is then delivered without
 * the field, and the lead's page shows its value and HubSpot's answer. "Add missing fields" in
 * the studio's HubSpot panel adds it to HubSpot's form, and the next lead carries it. The
 * studio's page and its flight data hold HubSpot's definitions, never the token.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { coveringPaths, type ResolvedFlow } from '@/engine';
import type { LeadsServer } from '../integration/support/leads-server';
import { NEW_FIELD, withNewField } from '../fixtures/flow-edits';
import { repositoryFormIds, repositoryPortalForms } from '../fixtures/hubspot-forms';
import { leadResponse, walkSteps } from './flows/support/flow-driver';
import { axeViolations } from './support/axe';
import { acceptedSubmissions, fakeHubSpot, formOf, putForm } from './support/fake-hubspot-client';
import { fakeHubSpotPort } from './support/port';
import { SharedDatabaseInstances, signedInStaff } from './support/staff-servers';

test.describe.configure({ mode: 'serial', timeout: 300_000 });

/** This test's own HubSpot form on the fake: the client questionnaire's, as the fixture has it. */
const FORM = 'guid-studio-hubspot';
const root = process.cwd();

const servers = new SharedDatabaseInstances('hubspot_studio');
test.beforeAll(async () => {
  await putForm(FORM, structuredClone(repositoryPortalForms[repositoryFormIds.question]!));
  await servers.setUp();
});
test.afterAll(() => servers.tearDown());

const startInstance = () => {
  const fake = `http://127.0.0.1:${fakeHubSpotPort()}`;
  return servers.start('a', 'production-server', {
    HUBSPOT_PORTAL_ID: fakeHubSpot.portalId,
    HUBSPOT_API_BASE: fake,
    HUBSPOT_FILES_API_BASE: fake,
    HUBSPOT_ACCESS_TOKEN: fakeHubSpot.accessToken,
    HUBSPOT_FORM_QUESTION: FORM,
  });
};

async function flowOf(server: LeadsServer): Promise<ResolvedFlow> {
  return (await (await fetch(`${server.url}/api/flows/client`)).json()) as ResolvedFlow;
}

/** A visitor on the home page walks a submitting path of the live flow; the lead's id. */
async function visitorLead(browser: Browser, server: LeadsServer, email: string) {
  const flow = await flowOf(server);
  const path = coveringPaths(flow).find((p) => p.submissions.length > 0)!;
  const visitor = await (await browser.newContext({ baseURL: server.url })).newPage();
  await visitor.goto('/');
  const sent = leadResponse(visitor, 'client');
  // The sample address, made this visitor's own, to find the lead at HubSpot.
  const steps = path.steps.map((s) =>
    typeof s.answer === 'object' && !Array.isArray(s.answer) && 'email' in s.answer
      ? { ...s, answer: { ...s.answer, email } }
      : s,
  );
  await walkSteps(visitor.locator('#form-client'), flow, steps);
  const response = await sent;
  expect(response.status()).toBe(202);
  const { id } = (await response.json()) as { id: string };
  await visitor.context().close();
  return id;
}

/** The fields HubSpot accepted for the lead sent with `email`, once it has. */
async function acceptedFieldsOf(email: string): Promise<Record<string, string>> {
  let fields: Record<string, string> | undefined;
  await expect
    .poll(
      async () => {
        const accepted = (await acceptedSubmissions()).find(
          (s) =>
            s.formGuid === FORM &&
            s.body.fields.some((f) => f.name === 'email' && f.value === email),
        );
        fields = accepted && Object.fromEntries(accepted.body.fields.map((f) => [f.name, f.value]));
        return fields !== undefined;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return fields!;
}

async function openStudio(page: Page) {
  await page.goto('/admin/flows/client/edit');
  const editor = page.getByRole('textbox', { name: 'The client flow as JSON' });
  await expect(editor).toBeVisible({ timeout: 20_000 });
  return editor;
}

test('a field HubSpot lacks: warned, confirmed, delivered without it, then added from the studio', async ({
  browser,
}) => {
  const server = await startInstance();
  const staff = await signedInStaff(
    browser,
    server,
    { DATABASE_URL: servers.databaseUrl },
    { name: 'hubspot', path: '/admin/flows/client/edit' },
  );
  const studio = staff.page;
  const editor = studio.getByRole('textbox', { name: 'The client flow as JSON' });
  await expect(editor).toBeVisible({ timeout: 20_000 });
  const problems = studio.getByRole('status').filter({ hasText: /problems|error/ });

  // The HubSpot panel reads the form; the repository's flow against it: nothing to refuse.
  await studio.getByRole('tab', { name: 'Paths and HubSpot' }).click();
  const panel = studio.getByRole('region', { name: 'HubSpot forms' });
  await panel.getByRole('button', { name: 'Refresh from HubSpot' }).click();
  await expect(panel.getByRole('status')).toHaveText('Read from HubSpot: form key question.');
  await expect(panel).toContainText(`HubSpot form “Client questionnaire” (id ${FORM})`);
  const fields = panel.getByRole('table', {
    name: 'The fields of HubSpot form “Client questionnaire” and who sends them',
  });
  await expect(fields.getByRole('row', { name: /^utm_source / })).toContainText(
    'Sent when the visit brings it',
  );
  await expect(problems).toHaveText('No problems: this text can be published.');

  // Secrets stay on the server: the page and its flight data carry the definitions, not the token.
  for (const headers of [{}, { rsc: '1' }] as Record<string, string>[]) {
    const body = await (await studio.request.get('/admin/flows/client/edit', { headers })).text();
    expect(body).toContain('Client questionnaire');
    expect(body).not.toContain(fakeHubSpot.accessToken);
  }

  // A new HubSpot field: the live check names it as HubSpot's, the panel marks it missing.
  const published = readFileSync(path.join(root, 'flows', 'client.json'), 'utf8');
  await editor.click();
  await studio.keyboard.press('ControlOrMeta+a');
  await studio.keyboard.insertText(withNewField(published));
  await expect(problems).toHaveText('0 errors, 1 warning.');
  const list = studio.getByRole('list', { name: 'Problems' });
  await expect(list).toContainText('Warning (HubSpot): ');
  await expect(list).toContainText(`has no field "${NEW_FIELD.name}"`);
  await expect(fields.getByRole('row', { name: new RegExp(`^${NEW_FIELD.name} `) })).toContainText(
    'Missing in HubSpot: sent by Paths 1, 2',
  );
  expect(await axeViolations(studio)).toEqual([]);
  // A warning: the graph still draws the flow.
  await studio.getByRole('tab', { name: 'Graph' }).click();
  await expect(studio.getByRole('button', { name: /^Step "phase"/ })).toBeVisible();

  // The dialog warns and names the field; publishing waits for the box.
  await studio.getByRole('button', { name: 'Publish…' }).click();
  const dialog = studio.getByRole('dialog', { name: /Publish client as version/ });
  const refused = dialog.getByRole('list', { name: 'HubSpot will refuse leads:' });
  await expect(refused).toContainText(`has no field "${NEW_FIELD.name}"`);
  await dialog.getByLabel(/What does this version change/).fill('Where the lead came from');
  const publish = dialog.getByRole('button', { name: 'Publish now' });
  await expect(publish).toBeDisabled();
  await dialog
    .getByRole('checkbox', {
      name: 'I understand HubSpot will refuse these fields, and leads will be delivered without them or held',
    })
    .check();
  await publish.click();
  await expect(studio.getByRole('status').filter({ hasText: /is published/ })).toBeVisible();
  await expect.poll(async () => JSON.stringify(await flowOf(server))).toContain(NEW_FIELD.name);

  // A visitor's lead: delivered without the field HubSpot's form lacks.
  const first = `first.${Date.now()}@example.com`;
  const firstLead = await visitorLead(browser, server, first);
  const delivered = await acceptedFieldsOf(first);
  expect(delivered).toMatchObject({ email: first });
  expect(delivered).not.toHaveProperty(NEW_FIELD.name);

  // The lead's page: what was left out, its value and HubSpot's answer.
  await studio.goto(`/admin/leads/${firstLead}`);
  const without = studio.getByRole('table', { name: 'Fields left out of form “question”' });
  const row = without.getByRole('row', { name: new RegExp(`^${NEW_FIELD.name} `) });
  await expect(row).toContainText(NEW_FIELD.value, { timeout: 15_000 });
  await expect(row).toContainText('FIELD_NOT_IN_FORM_DEFINITION');

  // "Add missing fields": HubSpot's form gets it, the check and the panel say so.
  await openStudio(studio);
  await studio.getByRole('tab', { name: 'Paths and HubSpot' }).click();
  await expect(list).toContainText(`has no field "${NEW_FIELD.name}"`);
  const add = panel.getByRole('button', { name: 'Add missing fields' });
  await add.focus();
  await studio.keyboard.press('Enter');
  await expect(panel.getByRole('status')).toHaveText(
    `Added to HubSpot form "Client questionnaire" as hidden fields: "${NEW_FIELD.name}".`,
  );
  await expect(problems).toHaveText('No problems: this text can be published.');
  await expect(fields.getByRole('row', { name: new RegExp(`^${NEW_FIELD.name} `) })).toContainText(
    'Sent by Paths 1, 2',
  );
  const form = await formOf(FORM);
  expect(form.fields).toContainEqual(
    expect.objectContaining({ name: NEW_FIELD.name, hidden: true }),
  );

  // The next lead carries it.
  const second = `second.${Date.now()}@example.com`;
  await visitorLead(browser, server, second);
  expect(await acceptedFieldsOf(second)).toMatchObject({
    email: second,
    [NEW_FIELD.name]: NEW_FIELD.value,
  });
});
