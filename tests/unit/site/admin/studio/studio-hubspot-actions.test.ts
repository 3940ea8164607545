/**
 * The studio's HubSpot actions and its publish against HubSpot's own forms, on the server: the
 * process's runtime over this file's own SQLite database (the repository's flows seeded), a real
 * staff session, and the fake HubSpot on loopback serving a portal set up for the repository's
 * flows (tests/fixtures/hubspot-forms.ts) through its Forms API with the site's token.
 * - "Refresh from HubSpot" is a staff action (404 to others, 403 without this session's token)
 *   that reads the form keys named and answers the definitions held afterwards.
 * - A publish whose text HubSpot would refuse fields of is refused (409, naming the field) without
 *   `confirm=hubspot-refusals`; with `drop-identity` as well when both apply; a republish from the
 *   versions page comes back asking for the box.
 * - "Add missing fields" adds what the text sends that the form lacks to the HubSpot form, as
 *   hidden fields, and records it; the same text then publishes without a confirmation.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { addHubSpotFieldsPost, refreshHubSpotPost } from '@/site/admin/studio/hubspot-actions';
import { publishPost, republishPost } from '@/site/admin/studio/studio-actions';
import { recentAudit } from '@/site/server/admin/audit-log';
import { siteRuntime } from '@/site/server/runtime/site-runtime';
import { staffForm } from '@/tests/integration/auth-support';
import { NEW_FIELD, withNewField, withoutEmail } from '@/tests/fixtures/flow-edits';
import { repositoryFormIds } from '@/tests/fixtures/hubspot-forms';
import { seededStaffRuntime } from './support/seeded-staff-runtime';

// This file's own database, mail folder and fake HubSpot (site/env.ts reads them once, on import).
const setup = await vi.hoisted(async () => {
  const { FakeHubSpot } = await import('@/tests/fakes/fake-hubspot');
  const { REPOSITORY_PORTAL_ID, repositoryPortal, repositoryFormEnv } =
    await import('@/tests/fixtures/hubspot-forms');
  const token = 'pat-studio-hubspot-test-token';
  const fake = new FakeHubSpot({
    portalId: REPOSITORY_PORTAL_ID,
    forms: repositoryPortal(),
    accessToken: token,
  });
  await fake.up();
  const base = `${process.env.TMPDIR ?? '/tmp'}/studio-hubspot-${process.pid}-${Date.now()}`;
  Object.assign(process.env, {
    LEADS_DB: `${base}.sqlite`,
    MAIL_DIR: `${base}-mail`,
    HUBSPOT_PORTAL_ID: REPOSITORY_PORTAL_ID,
    HUBSPOT_ACCESS_TOKEN: token,
    HUBSPOT_API_BASE: fake.url,
    HUBSPOT_FILES_API_BASE: fake.url,
    ...repositoryFormEnv,
  });
  return { fake, base, token };
});

const FLOW = 'client';
const FORM_ID = repositoryFormIds.question;
const staff = seededStaffRuntime(setup.base, 'marketer@firm.example');
afterAll(() => setup.fake.close());

const latest = async () => (await siteRuntime().catalogue.latest(FLOW))!;

const refresh = (fields: Record<string, string>, who = staff.cookie) =>
  refreshHubSpotPost(staffForm('/admin/hubspot/refresh', who, fields));

const addFields = (fields: Record<string, string>) =>
  addHubSpotFieldsPost(
    staffForm(`/admin/flows/${FLOW}/hubspot/add-fields`, staff.cookie, fields),
    FLOW,
  );

async function publish(source: string, extra: Record<string, string> = {}) {
  const base = { baseVersion: String((await latest()).version), baseRevision: '0' };
  const fields = { source, note: 'A test publish', ...base, ...extra };
  return publishPost(staffForm(`/admin/flows/${FLOW}/publish`, staff.cookie, fields), FLOW);
}

async function republish(version: number, extra: Record<string, string> = {}) {
  const base = { baseVersion: String((await latest()).version), baseRevision: '0' };
  const fields = { version: String(version), ...base, ...extra };
  const response = await republishPost(
    staffForm(`/admin/flows/${FLOW}/republish`, staff.cookie, fields),
    FLOW,
  );
  return Object.fromEntries(new URL(response.headers.get('location')!, 'http://x').searchParams);
}

/** The fake's form as its Forms API gives it, with the site's token. */
async function hubspotForm() {
  const response = await fetch(`${setup.fake.url}/marketing/v3/forms/${FORM_ID}`, {
    headers: { authorization: `Bearer ${setup.token}` },
  });
  return (await response.json()) as {
    fieldGroups: { fields: { name: string; hidden: boolean }[] }[];
  };
}

const errorsOf = async (response: Response) =>
  ((await response.json()) as { errors: { field: string; message: string }[] }).errors;

describe('refreshing HubSpot’s forms from the studio', () => {
  it('is a staff action from this session’s page only', async () => {
    const anonymous = new Request('http://site.test/admin/hubspot/refresh', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://site.test',
      },
      body: 'formKeys=question',
    });
    expect((await refreshHubSpotPost(anonymous)).status).toBe(404);
    expect((await refresh({ formKeys: 'question', csrf: 'not-this-sessions' })).status).toBe(403);
    expect((await refresh({ formKeys: '' })).status).toBe(400);
    expect(setup.fake.formReads).toEqual([]);
  });

  it('reads the form keys named and answers the definitions the site holds', async () => {
    const response = await refresh({ formKeys: 'question' });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as {
      outcomes: unknown[];
      definitions: Record<string, { name: string; formId: string; fields: { name: string }[] }>;
    };
    expect(answer.outcomes).toEqual([{ formKey: 'question', formId: FORM_ID, ok: true }]);
    expect(answer.definitions.question).toMatchObject({
      name: 'Client questionnaire',
      formId: FORM_ID,
    });
    expect(answer.definitions.question!.fields.map((f) => f.name)).toContain('utm_source');
    expect(setup.fake.formReads).toEqual([
      { method: 'GET', path: `/marketing/v3/forms/${FORM_ID}` },
    ]);
  });
});

describe('publishing what HubSpot would refuse', () => {
  it('is refused without the confirmation, naming the field; published with it', async () => {
    const live = await latest();
    const source = withNewField(live.source);
    const refused = await publish(source);
    expect(refused.status).toBe(409);
    const errors = await errorsOf(refused);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.field).toBe('confirm');
    expect(errors[0]!.message).toContain(`has no field "${NEW_FIELD.name}"`);
    expect(errors[0]!.message).toMatch(
      new RegExp(
        `\\(line \\d+, form "question" › field "${NEW_FIELD.name}" › name\\)\\. ` +
          'Confirm that you understand to publish anyway$',
      ),
    );
    expect((await latest()).version).toBe(live.version);

    const confirmed = await publish(source, { confirm: 'hubspot-refusals' });
    expect(confirmed.status).toBe(200);
    expect((await latest()).version).toBe(live.version + 1);
  });

  it('needs both confirmations when the text also stops sending email', async () => {
    // The live version sends the new field since the test before.
    const live = await latest();
    const source = withoutEmail(live.source);
    const identityOnly = await publish(source, { confirm: 'drop-identity' });
    expect(identityOnly.status).toBe(409);
    expect((await errorsOf(identityOnly)).map((e) => e.message).join()).toContain(
      `has no field "${NEW_FIELD.name}"`,
    );
    const hubspotOnly = await publish(source, { confirm: 'hubspot-refusals' });
    expect(hubspotOnly.status).toBe(409);
    expect((await errorsOf(hubspotOnly)).map((e) => e.message)).toEqual([
      'Form key "question" no longer sends "email": HubSpot will no longer be able to identify ' +
        'these contacts. Confirm that you understand to publish anyway',
    ]);
    const both = await publish(source, { confirm: 'drop-identity hubspot-refusals' });
    expect(both.status).toBe(200);
  });

  it('comes back to the versions page asking for the box, and republishes once it is ticked', async () => {
    // The version before: email and the new field; the newest sends no email.
    const newest = (await latest()).version;
    const asked = await republish(newest - 1);
    expect(asked).toMatchObject({ confirm: String(newest - 1), need: 'hubspot-refusals' });
    expect(asked.problem).toContain(`has no field "${NEW_FIELD.name}"`);
    expect(await republish(newest - 1, { confirm: 'hubspot-refusals' })).toEqual({
      published: String(newest + 1),
    });
  });
});

describe('adding the missing fields from the studio', () => {
  it('refuses a text with errors, and a form key the flow does not send', async () => {
    const live = await latest();
    const broken = await addFields({ formKey: 'question', source: `${live.source},` });
    expect(broken.status).toBe(400);
    const other = await addFields({ formKey: 'subscribe', source: live.source });
    expect(other.status).toBe(400);
    expect(await errorsOf(other)).toEqual([
      { field: 'formKey', message: 'This flow sends nothing under form key "subscribe"' },
    ]);
  });

  it('adds what the text sends and the form lacks, records it, and the text then publishes', async () => {
    // The live version sends the new field (published again above), HubSpot's form lacks it.
    const live = await latest();
    expect(live.source).toContain(NEW_FIELD.name);
    const source = live.source.replace(
      'What phase is your business in?',
      'Which phase is your business in?',
    );
    const response = await addFields({ formKey: 'question', source });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as {
      added: unknown[];
      definitions: Record<string, { fields: { name: string; hidden: boolean }[] }>;
    };
    expect(answer.added).toEqual([
      { name: NEW_FIELD.name, label: NEW_FIELD.name, objectTypeId: '0-1' },
    ]);
    expect(answer.definitions.question!.fields.at(-1)).toMatchObject({
      name: NEW_FIELD.name,
      hidden: true,
    });
    const fields = (await hubspotForm()).fieldGroups.flatMap((g) => g.fields);
    expect(fields.find((f) => f.name === NEW_FIELD.name)).toMatchObject({ hidden: true });
    expect((await recentAudit(1))[0]).toMatchObject({
      userEmail: 'marketer@firm.example',
      action: 'added HubSpot fields',
      detail: `question (form ${FORM_ID}), from client: ${NEW_FIELD.name}`,
    });

    // HubSpot has it now: nothing to confirm.
    expect((await publish(source)).status).toBe(200);
  });
});
