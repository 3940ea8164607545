/**
 * An A/B test between two flows on the home page, end to end on a server of its own (its own
 * PostgreSQL, a copy of the e2e build): the placed questionnaire `client` (A, the control) against
 * `clientPrequal` (B) served at the same placement. Staff start it in the back office (a booking
 * or a version not published is refused with the field and the reason, as JSON when asked for).
 * Scripted visits, each in a browser context of its own, see either client's or clientPrequal's
 * first question, the same after a reload, and again after answering it and reloading (the
 * progress is found under the flow that ran). The report's visits per variant equal the scripted
 * visits. Then staff promote B, and every new visit gets clientPrequal.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { LeadsServer } from '../integration/support/leads-server';
import { openHome, reportRow, visits } from './support/ab-visits';
import { SharedDatabaseInstances, signedInStaff } from './support/staff-servers';

interface FlowFile {
  steps: { id: string; question: string }[];
  start: string;
}
const read = (id: string) => JSON.parse(readFileSync(`flows/${id}.json`, 'utf8')) as FlowFile;
const question = (flow: FlowFile, id: string) => flow.steps.find((s) => s.id === id)!.question;
const client = read('client');
const prequal = read('clientPrequal');
/** The first question each variant shows, and the one after the first answer. */
const firstOf = { A: question(client, client.start), B: question(prequal, prequal.start) };
const secondOf = { A: question(client, 'capital'), B: question(prequal, 'years') };
const VISITS = 20;

test.describe.configure({ mode: 'serial', timeout: 900_000 });

const instances = new SharedDatabaseInstances('abflows');
let server: LeadsServer;
const versions = { client: 0, clientPrequal: 0 };

test.beforeAll(async () => {
  test.setTimeout(300_000);
  await instances.setUp();
  server = await instances.start('one', 'production-server', {
    TRUST_PROXY_HOPS: '1',
    FLOW_EVENTS_RATE_LIMIT: '100000',
  });
  for (const id of ['client', 'clientPrequal'] as const) {
    const flow = (await (await fetch(`${server.url}/api/flows/${id}`)).json()) as {
      version: number;
    };
    versions[id] = flow.version;
  }
});

test.afterAll(async () => {
  await instances.tearDown();
});

/** A new visit: a browser context of its own (a new tab's session), from its own address. */
const newVisit = visits(() => server.url, '198.51.100');

const form = (page: Page) => page.locator('#form-client');
const asked = (page: Page, text: string) => form(page).getByRole('heading', { name: text });

/** Shows `key`'s first question, and not the other variant's. */
async function seesFirst(page: Page, key: 'A' | 'B') {
  await expect(asked(page, firstOf[key])).toBeVisible();
  await expect(asked(page, firstOf[key === 'A' ? 'B' : 'A'])).toHaveCount(0);
}

/** Answers the first question of `key`'s flow. */
async function answerFirst(page: Page, key: 'A' | 'B') {
  if (key === 'A') {
    await form(page).getByRole('button', { name: 'Start-up' }).click();
  } else {
    await form(page).getByLabel('Amount').fill('50000');
    await form(page).getByRole('button', { name: 'Next' }).click();
  }
  await expect(asked(page, secondOf[key])).toBeVisible();
}

test('client against clientPrequal on the home page: sticky flows, exact counts, a promotion', async ({
  browser,
}) => {
  const staff = await signedInStaff(
    browser,
    server,
    { DATABASE_URL: instances.databaseUrl },
    { name: 'abflows', path: '/admin/experiments' },
  );
  const admin = staff.page;

  // The API's refusals name the field and the reason.
  const csrf = await admin.locator('input[name="csrf"]').first().inputValue();
  const post = (extra: Record<string, string>) =>
    admin.request.post('/admin/experiments/new', {
      form: {
        csrf,
        name: 'Refused',
        page: '/',
        flow: 'client',
        'version-A': String(versions.client),
        'version-B': '1',
        ...extra,
      },
      headers: { accept: 'application/json', origin: server.url },
      maxRedirects: 0,
    });
  const booking = await post({ 'flow-B': 'bookConsult' });
  expect(booking.status()).toBe(400);
  const bookingBody = (await booking.json()) as { errors: { field: string; message: string }[] };
  expect(bookingBody.errors[0]!.field).toBe('flow-B');
  expect(bookingBody.errors[0]!.message).toContain('bookConsult is a booking');
  const missing = await post({ 'flow-B': 'clientPrequal', 'version-B': '999' });
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toEqual({
    errors: [
      { field: 'version-B', message: 'Variant B: clientPrequal has no published version 999' },
    ],
  });

  const newTest = admin.getByRole('form', { name: 'New test' });
  const fillTest = async (versionB: string) => {
    await newTest.getByLabel('Name', { exact: true }).fill('Pre-qualification first');
    await newTest.getByLabel('Page', { exact: true }).fill('/');
    await newTest.getByLabel('Questionnaire', { exact: true }).selectOption('client');
    await newTest.getByLabel('Variant A version', { exact: true }).fill(String(versions.client));
    await newTest.getByLabel('Variant B flow', { exact: true }).selectOption('clientPrequal');
    await newTest.getByLabel('Variant B version', { exact: true }).fill(versionB);
    await newTest.getByRole('button', { name: 'Start the test' }).click();
  };
  // The page shows a refusal with the field it concerns.
  await fillTest('999');
  await expect(admin.locator('#experiment-problem')).toHaveText(
    'Variant B version: Variant B: clientPrequal has no published version 999',
  );
  await expect(newTest.getByLabel('Variant B version', { exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await fillTest(String(versions.clientPrequal));
  await expect(admin.getByRole('status')).toContainText('The test runs');
  const reportUrl = admin.url().split('?')[0]!;

  const counts = { A: 0, B: 0 };
  for (let i = 0; i < VISITS; i++) {
    const { context, page } = await newVisit(browser);
    const variant = (await openHome(page)) as 'A' | 'B';
    expect(['A', 'B']).toContain(variant);
    counts[variant] += 1;
    await seesFirst(page, variant);
    // A reload: the same flow.
    expect(await openHome(page, true)).toBe(variant);
    await seesFirst(page, variant);
    // The first answer, then a reload: the visit goes on in the flow it answered.
    await answerFirst(page, variant);
    expect(await openHome(page, true)).toBe(variant);
    await expect(asked(page, secondOf[variant])).toBeVisible();
    await context.close();
  }
  expect(counts.A + counts.B).toBe(VISITS);
  expect(counts.A).toBeGreaterThan(0);
  expect(counts.B).toBeGreaterThan(0);

  // The report counts exactly the scripted visits per variant, each on its own flow.
  const row = (key: string) => reportRow(admin, key);
  await expect
    .poll(
      async () => {
        await admin.goto(reportUrl);
        return [
          await row('A').getByRole('cell').nth(2).textContent(),
          await row('B').getByRole('cell').nth(2).textContent(),
        ];
      },
      { timeout: 30_000 },
    )
    .toEqual([String(counts.A), String(counts.B)]);
  await expect(row('B').getByRole('cell').first()).toHaveText(
    `clientPrequal version ${versions.clientPrequal}`,
  );

  // Promote B: every new visit gets clientPrequal at this placement.
  await admin.getByLabel('Variant to promote').selectOption('B');
  await admin.getByRole('button', { name: 'Promote' }).click();
  await expect(admin.getByRole('status')).toContainText('Promoted');
  await expect
    .poll(async () => JSON.stringify(await (await fetch(`${server.url}/api/experiments`)).json()))
    .toContain('"promoted":true');
  for (let i = 0; i < 6; i++) {
    const { context, page } = await newVisit(browser);
    expect(await openHome(page, false, true)).toBeUndefined();
    await seesFirst(page, 'B');
    await context.close();
  }
});
