/**
 * The flow studio end to end, on two instances of the built site sharing one PostgreSQL (each
 * with its own copy of the build, as two machines would have; one served by the site's production
 * server, the other by Next's own `next start`, as any host would run it): staff edit the client
 * questionnaire in the browser (an option relabelled, a new step on a new branch with its own
 * HubSpot field, a typo caught and fixed by its quick fix), see the branch in the graph and the
 * field in the path list, and publish with the keyboard. Then, without a rebuild or a restart, a
 * visitor on `/` walks the new branch and HubSpot receives the new field; a visitor who started
 * before the publish finishes on the old version; the other instance serves the new version
 * within 10 s; `npm run flows -- export` writes files `check` accepts, equal to what was published.
 * The live text itself cannot be published again, and a form key that stops sending `email` is
 * published only once staff confirm it, in the studio and on the versions page.
 *
 * The site's main test server is left alone: its flows stay the repository's for the other tests.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { coveringPaths, type Answers, type PathStep, type ResolvedFlow } from '@/engine';
import type { LeadsServer, ServerHost } from '../integration/support/leads-server';
import { runScript } from '../integration/support/run-script';
import { leadResponse, walkSteps } from './flows/support/flow-driver';
import { acceptedSubmissions, declareForm, fakeHubSpot } from './support/fake-hubspot-client';
import { fakeHubSpotPort } from './support/port';
import { SharedDatabaseInstances, signedInStaff } from './support/staff-servers';
import { axeViolations } from './support/axe';
import { withoutEmail } from '../fixtures/flow-edits';

test.describe.configure({ mode: 'serial', timeout: 300_000 });

const STUDIO_FORM = 'guid-studio';
const root = process.cwd();

const servers = new SharedDatabaseInstances('studio');
test.beforeAll(() => servers.setUp());
test.afterAll(() => servers.tearDown());

/** An instance of the studio tests, with HubSpot's stand-in knowing the client form. */
const startInstance = (name: string, host: ServerHost = 'production-server') =>
  servers.start(name, host, {
    HUBSPOT_PORTAL_ID: fakeHubSpot.portalId,
    HUBSPOT_API_BASE: `http://127.0.0.1:${fakeHubSpotPort()}`,
    HUBSPOT_FORM_QUESTION: STUDIO_FORM,
  });

/** The client flow as the studio test edits it: what `edit` adds, with `target` for the branch. */
function editedClient(source: string, target: string): string {
  const flow = JSON.parse(source) as {
    progress: { total: number };
    steps: {
      id: string;
      options?: unknown[];
      next: { branches: unknown[]; otherwise?: string } | string;
    }[];
    submissions: { formKey: string; fields: unknown[] }[];
  };
  const phase = flow.steps.find((s) => s.id === 'phase')!;
  phase.options = phase.options!.map((o) =>
    o === 'Seeking Exit' ? { label: 'Planning an exit', value: 'Seeking Exit' } : o,
  );
  (phase.next as { branches: unknown[] }).branches.push({
    when: { answer: 'phase', equals: 'Seeking Exit' },
    to: target,
  });
  // One more numbered step on the new branch's paths.
  flow.progress.total += 1;
  flow.steps.splice(1, 0, {
    id: 'exitTiming',
    kind: 'choice',
    question: 'When do you plan to exit?',
    options: ['Within a year', 'In one to three years'],
    next: 'revenue',
  } as never);
  flow.submissions
    .find((s) => s.formKey === 'question')!
    .fields.push({
      name: 'exit_timing',
      objectTypeId: '0-1',
      value: { answer: 'exitTiming', whenNotAsked: '' },
    });
  return `${JSON.stringify(flow, null, 2)}\n`;
}

/** Walks `steps` of `flow` in the home page's questionnaire. */
function walk(page: Page, flow: ResolvedFlow, steps: PathStep[], answers: Answers = {}) {
  return walkSteps(page.locator('#form-client'), flow, steps, answers);
}

async function flowOf(server: LeadsServer): Promise<ResolvedFlow> {
  return (await (await fetch(`${server.url}/api/flows/client`)).json()) as ResolvedFlow;
}

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

async function staffPage(browser: Browser, server: LeadsServer): Promise<Page> {
  const databaseEnv = { DATABASE_URL: servers.databaseUrl };
  const path = '/admin/flows/client/edit';
  return (await signedInStaff(browser, server, databaseEnv, { name: 'studio', path })).page;
}

test('staff edit and publish the client questionnaire; every instance serves it at once', async ({
  browser,
}) => {
  const [a, b] = [await startInstance('a'), await startInstance('b', 'next-start')];
  const before = await flowOf(a);

  // A visitor starts on the version before the publish.
  const early = await (await browser.newContext({ baseURL: a.url })).newPage();
  await early.goto('/');
  const earlyPath = coveringPaths(before).find(
    (p) => p.submissions.length > 0 && p.steps[0]!.answer === 'Start-up',
  )!;
  const earlyAnswers = await walk(early, before, earlyPath.steps.slice(0, 2));

  // Staff open the studio.
  const studio = await staffPage(browser, a);
  const editor = studio.getByRole('textbox', { name: 'The client flow as JSON' });
  await expect(editor).toBeVisible({ timeout: 20_000 });
  const published = readFileSync(path.join(root, 'flows', 'client.json'), 'utf8');
  const problems = studio.getByRole('status').filter({ hasText: /problems|error/ });
  await expect(problems).toHaveText('No problems: this text can be published.');

  // The edit, with a typo in the new branch's target: the check says so at once.
  await editor.click();
  await studio.keyboard.press('ControlOrMeta+a');
  await studio.keyboard.insertText(editedClient(published, 'exitTimng'));
  await expect(problems).toContainText('1 error');
  const fix = studio.getByRole('button', { name: 'Replace with “exitTiming”' });
  await expect(studio.getByRole('list', { name: 'Problems' })).toContainText('exitTimng');
  await fix.focus();
  await studio.keyboard.press('Enter');
  await expect(problems).toHaveText('No problems: this text can be published.');
  const edited = editedClient(published, 'exitTiming');

  // The graph draws the new step on its branch; the paths list its HubSpot field.
  await expect(studio.getByRole('tabpanel', { name: 'Graph' })).toContainText('exitTiming');
  // A click on the graph's new step moves the editor to it.
  await studio.getByRole('button', { name: /^Step "exitTiming"/ }).click();
  await expect(studio.locator('.cm-content')).toContainText('"id": "exitTiming"');
  // The preview starts at the new step, in the visitors' renderer.
  await studio.getByRole('tab', { name: 'Preview' }).click();
  const preview = studio.getByRole('tabpanel', { name: 'Preview' });
  await preview.getByLabel('Start at').selectOption('exitTiming');
  await expect(preview.getByRole('heading', { name: 'When do you plan to exit?' })).toBeVisible();
  await studio.getByRole('tab', { name: 'Paths and HubSpot' }).click();
  await expect(studio.getByRole('tabpanel', { name: 'Paths and HubSpot' })).toContainText(
    'exit_timing',
  );
  await expectNoAxeViolations(studio);

  // Publishing with the keyboard: the dialog says what changes, a note is required.
  await studio.getByRole('button', { name: 'Publish…' }).focus();
  await studio.keyboard.press('Enter');
  const dialog = studio.getByRole('dialog', { name: /Publish client as version/ });
  await expect(dialog).toContainText('Step "exitTiming" added');
  await expect(dialog).toContainText('"Seeking Exit" → "Planning an exit"');
  await expect(dialog).toContainText('"exit_timing"');
  await dialog.getByLabel(/What does this version change/).fill('Ask sellers when they exit');
  await dialog.getByRole('button', { name: 'Publish now' }).focus();
  await studio.keyboard.press('Enter');
  await expect(studio.getByRole('status').filter({ hasText: /is published/ })).toBeVisible();
  const publishedAt = Date.now();
  const version = before.version + 1;
  // From now on, when the other instance first serves it (looked at while this test goes on).
  const otherServes = (async () => {
    while (Date.now() - publishedAt < 60_000) {
      if ((await (await fetch(`${b.url}/`)).text()).includes('Planning an exit')) return Date.now();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return Infinity;
  })();

  // A new visitor on the same instance: the new opening options, no rebuild, no restart.
  const visitor = await (await browser.newContext({ baseURL: a.url })).newPage();
  await expect
    .poll(
      async () => {
        await visitor.goto('/');
        return visitor.locator('#form-client').textContent();
      },
      { timeout: 10_000 },
    )
    .toContain('Planning an exit');
  console.log(
    `publish → new version on the publishing instance's /: ${Date.now() - publishedAt} ms`,
  );
  const after = await flowOf(a);
  expect(after.version).toBe(version);
  const newBranch = coveringPaths(after).find(
    (p) => p.submissions.length > 0 && p.steps.some((s) => s.step === 'exitTiming'),
  )!;
  await declareForm(
    STUDIO_FORM,
    after.submissions.find((s) => s.formKey === 'question')!.fields.map((f) => f.name),
  );
  const sent = leadResponse(visitor, 'client');
  await walk(visitor, after, newBranch.steps);
  const lead = await sent;
  expect(lead.status()).toBe(202);
  expect(new URL(lead.url()).searchParams.get('version')).toBe(String(version));
  const timing = newBranch.steps.find((s) => s.step === 'exitTiming')!.answer as string;
  await expect
    .poll(
      async () =>
        (await acceptedSubmissions())
          .filter((s) => s.formGuid === STUDIO_FORM)
          .flatMap((s) => s.body.fields)
          .find((f) => f.name === 'exit_timing')?.value,
      { timeout: 15_000 },
    )
    .toBe(timing);

  // The visitor who started before the publish finishes on the version they saw.
  const earlySent = leadResponse(early, 'client');
  await walk(early, before, earlyPath.steps.slice(2), earlyAnswers);
  const earlyLead = await earlySent;
  expect(earlyLead.status()).toBe(202);
  expect(new URL(earlyLead.url()).searchParams.get('version')).toBe(String(before.version));

  // The other instance served the new version within 10 s of the publish.
  const otherAfter = (await otherServes) - publishedAt;
  console.log(`publish → new version on the other instance's / (next start): ${otherAfter} ms`);
  expect(otherAfter).toBeLessThan(10_000);
  expect((await flowOf(b)).version).toBe(version);

  // Export writes what was published, byte for byte, and check accepts it.
  const dir = mkdtempSync(path.join(tmpdir(), 'studio-export-'));
  cpSync(path.join(root, 'flows', 'options'), path.join(dir, 'options'), { recursive: true });
  const exported = await runScript('scripts/flows.ts', ['export', '--dir', dir], {
    DATABASE_URL: servers.databaseUrl,
  });
  expect(exported.code, exported.stderr).toBe(0);
  expect(readFileSync(path.join(dir, 'client.json'), 'utf8')).toBe(
    edited.replace(`"version": ${before.version}`, `"version": ${version}`),
  );
  const checked = await runScript('scripts/flows.ts', ['check', '--dir', dir], {});
  expect(checked.code, checked.stdout + checked.stderr).toBe(0);
  rmSync(dir, { recursive: true, force: true });

  // The versions page: who published what and why, the diff, an old version published again.
  await studio.goto('/admin/flows/client/versions');
  const versions = studio.getByRole('table', { name: 'Published versions, newest first' });
  await expect(versions).toContainText('Ask sellers when they exit');
  await expect(
    studio.getByLabel(`Differences from version ${before.version} to ${version}`),
  ).toContainText(/\+\s+"to": "exitTiming"/);
  await expectNoAxeViolations(studio);
  await studio.getByRole('button', { name: `Publish version ${before.version} again` }).click();
  await expect(studio.getByRole('status')).toContainText(`Version ${version + 1} is published`);
  await expect.poll(async () => (await flowOf(b)).version, { timeout: 10_000 }).toBe(version + 1);
  expect(JSON.stringify(await flowOf(b))).not.toContain('exitTiming');

  // A new flow starts from a template that loads without a problem.
  await studio.goto('/admin/flows');
  await studio.getByLabel('Id (letters, digits, _)').fill('webinarSignup');
  await studio.getByLabel('Title').fill('Webinar sign-up');
  await studio.getByRole('button', { name: 'Start from the template' }).click();
  await expect(studio).toHaveURL(/\/admin\/flows\/webinarSignup\/edit$/);
  await expect(problems).toHaveText('No problems: this text can be published.', {
    timeout: 20_000,
  });
  await expect(studio.getByText('Not published yet.')).toBeVisible();

  // A shared option list: a change that would break a flow is refused, naming the flow.
  await studio.goto('/admin/flows');
  await studio.getByRole('link', { name: 'Edit yes-no' }).click();
  const listEditor = studio.getByRole('textbox', { name: 'The yes-no option list as JSON' });
  await expect(listEditor).toBeVisible({ timeout: 20_000 });
  await expect(studio.getByText(/Used by: .*careers/)).toBeVisible();
  await expectNoAxeViolations(studio);
  const list = readFileSync(path.join(root, 'flows', 'options', 'yes-no.json'), 'utf8');
  await listEditor.focus();
  await studio.keyboard.press('ControlOrMeta+a');
  await studio.keyboard.insertText(list.replace('"Yes"', '"Yep"'));
  await studio.getByLabel(/What does this version change/).fill('Friendlier');
  await studio.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(studio.getByRole('list', { name: 'Why it was not published' })).toContainText(
    /Flow "\w+" would no longer load/,
  );
  await listEditor.focus();
  await studio.keyboard.press('ControlOrMeta+a');
  await studio.keyboard.insertText(
    list.replace('Yes or No.', 'Yes or no, for every yes-no question.'),
  );
  await studio.getByLabel(/What does this version change/).fill('Clearer description');
  await studio.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(
    studio.getByRole('status').filter({ hasText: 'Version 2 is published' }),
  ).toBeVisible();
});

test('staff publish from the instance under next start; both instances serve it within 10 s', async ({
  browser,
}) => {
  const [a, b] = servers.started as [LeadsServer, LeadsServer];
  // The studio opens under next start too: the catalogue was seeded when it started.
  const studio = await staffPage(browser, b);
  const editor = studio.getByRole('textbox', { name: 'The client flow as JSON' });
  await expect(editor).toBeVisible({ timeout: 20_000 });
  const source = readFileSync(path.join(root, 'flows', 'client.json'), 'utf8');
  const question = 'Which phase is your business in today?';
  await editor.click();
  await studio.keyboard.press('ControlOrMeta+a');
  await studio.keyboard.insertText(source.replace('What phase is your business in?', question));
  await expect(studio.getByRole('status').filter({ hasText: /problems|error/ })).toHaveText(
    'No problems: this text can be published.',
  );
  await studio.getByRole('button', { name: 'Publish…' }).click();
  const dialog = studio.getByRole('dialog', { name: /Publish client as version/ });
  await dialog.getByLabel(/What does this version change/).fill('A clearer first question');
  await dialog.getByRole('button', { name: 'Publish now' }).click();
  await expect(studio.getByRole('status').filter({ hasText: /is published/ })).toBeVisible();
  const publishedAt = Date.now();

  for (const [server, host] of [
    [b, 'next start'],
    [a, 'the production server'],
  ] as const) {
    await expect
      .poll(async () => (await (await fetch(`${server.url}/`)).text()).includes(question), {
        timeout: Math.max(1, 10_000 - (Date.now() - publishedAt)),
      })
      .toBe(true);
    console.log(
      `publish under next start → new version on / (${host}): ${Date.now() - publishedAt} ms`,
    );
  }
});

test('nothing to publish is refused; dropping the email HubSpot identifies contacts by needs a confirmation', async ({
  browser,
}) => {
  const [a] = servers.started as [LeadsServer, LeadsServer];
  const studio = await staffPage(browser, a);
  const editor = studio.getByRole('textbox', { name: 'The client flow as JSON' });
  await expect(editor).toBeVisible({ timeout: 20_000 });
  const live = (await flowOf(a)).version;

  // The published text as it stands: there is nothing to publish.
  await studio.getByRole('button', { name: 'Publish…' }).click();
  let dialog = studio.getByRole('dialog', { name: /Publish client as version/ });
  await expect(dialog.getByRole('alert')).toHaveText(
    `Nothing changed since version ${live}: there is nothing to publish`,
  );
  await expect(dialog.getByRole('button', { name: 'Publish now' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Without the email field: published only once the box is ticked.
  const source = readFileSync(path.join(root, 'flows', 'client.json'), 'utf8');
  await editor.click();
  await studio.keyboard.press('ControlOrMeta+a');
  await studio.keyboard.insertText(withoutEmail(source));
  await studio.getByRole('button', { name: 'Publish…' }).click();
  dialog = studio.getByRole('dialog', { name: /Publish client as version/ });
  await expect(dialog.getByRole('list', { name: 'Warnings for HubSpot' })).toContainText(
    'Form key "question" no longer sends "email": HubSpot will no longer be able to identify these contacts',
  );
  await dialog.getByLabel(/What does this version change/).fill('No email to HubSpot');
  const publish = dialog.getByRole('button', { name: 'Publish now' });
  await expect(publish).toBeDisabled();
  await dialog
    .getByRole('checkbox', {
      name: 'I understand HubSpot will no longer be able to identify these contacts',
    })
    .check();
  await publish.click();
  await expect(studio.getByRole('status').filter({ hasText: /is published/ })).toBeVisible();
  expect((await flowOf(a)).version).toBe(live + 1);
  await expectNoAxeViolations(studio);

  // The versions page: the version with email back (a change), then the same again (refused),
  // then the version without it, once confirmed.
  await studio.goto('/admin/flows/client/versions');
  await studio.getByRole('button', { name: `Publish version ${live} again` }).click();
  await expect(studio.getByRole('status')).toContainText(`Version ${live + 2} is published`);
  await studio.getByRole('button', { name: `Publish version ${live} again` }).click();
  // Next's route announcer is an alert too: the page's own is the one that says so.
  await expect(studio.getByRole('alert').filter({ hasText: 'Not published' })).toContainText(
    `Nothing changed since version ${live + 2}: there is nothing to publish`,
  );
  await studio.getByRole('button', { name: `Publish version ${live + 1} again` }).click();
  await expect(studio.getByRole('alert').filter({ hasText: 'Not published' })).toContainText(
    'Form key "question" no longer sends "email"',
  );
  await studio
    .getByRole('checkbox', {
      name: 'I understand HubSpot will no longer be able to identify these contacts',
    })
    .check();
  await studio.getByRole('button', { name: `Publish version ${live + 1} again` }).click();
  await expect(studio.getByRole('status')).toContainText(`Version ${live + 3} is published`);
  await expectNoAxeViolations(studio);
});
