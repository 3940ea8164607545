/**
 * An A/B test on the home page's questionnaire, end to end on a server of its own (its own
 * PostgreSQL, a copy of the e2e build). The client questionnaire gets a second version with
 * another heading (the page's newest, so the static page shows it); staff start a 50/50 test
 * between the file's version (A, the control) and the new one (B) in the back office. Forty
 * scripted visits, each in a browser context of its own: each sees its variant's heading (A's
 * visits after the swap from the static step), the same after a reload, and again after
 * answering the first question and reloading (the resume). The report's visits per variant
 * equal the scripted visits. A visit with Do Not Track gets the control and is not counted.
 * Then staff promote A, and every new visit gets A.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { LeadsServer } from '../integration/support/leads-server';
import { runScript } from '../integration/support/run-script';
import { openHome, reportRow, visits } from './support/ab-visits';
import { SharedDatabaseInstances, signedInStaff } from './support/staff-servers';

const fileSource = readFileSync('flows/client.json', 'utf8');
const fileFlow = JSON.parse(fileSource) as {
  version: number;
  heading: string;
  steps: { id: string; question: string }[];
};
const headingA = fileFlow.heading;
const headingB = 'A shorter way to growth: five quick questions.';
const capital = fileFlow.steps.find((s) => s.id === 'capital')!.question;
const VISITS = 40;

test.describe.configure({ mode: 'serial', timeout: 900_000 });

const instances = new SharedDatabaseInstances('abtest');
let server: LeadsServer;
let versionA = 0;
let versionB = 0;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  await instances.setUp();
  server = await instances.start('one', 'production-server', {
    TRUST_PROXY_HOPS: '1',
    FLOW_EVENTS_RATE_LIMIT: '100000',
  });
  const latest = (await (await fetch(`${server.url}/api/flows/client`)).json()) as {
    version: number;
  };
  versionA = latest.version;
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'ab-flow-')), 'client.json');
  writeFileSync(file, fileSource.replace(JSON.stringify(headingA), JSON.stringify(headingB)));
  const run = await runScript(
    'scripts/flows.ts',
    ['publish', file, '--author', 'e2e@firm.example', '--note', 'shorter heading'],
    { DATABASE_URL: instances.databaseUrl },
  );
  expect(run.code, run.stderr).toBe(0);
  versionB = versionA + 1;
});

test.afterAll(async () => {
  await instances.tearDown();
});

/** A new visit: a browser context of its own (a new tab's session), from its own address. */
const newVisit = visits(() => server.url, '203.0.113');

const form = (page: Page) => page.locator('#form-client');
const heading = (page: Page) => form(page).locator('.flow__heading');

const headingOf = (variant: string | undefined) => (variant === 'B' ? headingB : headingA);

test('a 50/50 test on the home questionnaire: sticky variants, exact counts, then a promotion', async ({
  browser,
}) => {
  const staff = await signedInStaff(
    browser,
    server,
    { DATABASE_URL: instances.databaseUrl },
    { name: 'ab', path: '/admin/experiments' },
  );
  // The static page serves the newest version: B's heading.
  const first = await newVisit(browser);
  await first.page.goto('/');
  await expect(heading(first.page)).toHaveText(headingB);
  await first.context.close();

  const admin = staff.page;
  const newTest = admin.getByRole('form', { name: 'New test' });
  await newTest.getByLabel('Name', { exact: true }).fill('Shorter heading');
  await newTest.getByLabel('Page', { exact: true }).fill('/');
  await newTest.getByLabel('Questionnaire', { exact: true }).selectOption('client');
  await newTest.getByLabel('Variant A version', { exact: true }).fill(String(versionA));
  await newTest.getByLabel('Variant B version', { exact: true }).fill(String(versionB));
  await newTest.getByRole('button', { name: 'Start the test' }).click();
  await expect(admin.getByRole('status')).toContainText('The test runs');
  const reportUrl = admin.url().split('?')[0]!;

  const counts: Record<string, number> = { A: 0, B: 0 };
  for (let i = 0; i < VISITS; i++) {
    const { context, page } = await newVisit(browser);
    const variant = await openHome(page);
    expect(['A', 'B']).toContain(variant);
    counts[variant!]! += 1;
    await expect(heading(page)).toHaveText(headingOf(variant));
    // A reload: the same variant.
    expect(await openHome(page, true)).toBe(variant);
    await expect(heading(page)).toHaveText(headingOf(variant));
    // The first answer, then a reload: the visit resumes on the second question, same variant.
    await form(page).getByRole('button', { name: 'Start-up' }).click();
    await expect(form(page).getByRole('heading', { name: capital })).toBeVisible();
    expect(await openHome(page, true)).toBe(variant);
    await expect(form(page).getByRole('heading', { name: capital })).toBeVisible();
    await expect(heading(page)).toHaveText(headingOf(variant));
    await context.close();
  }
  expect(counts.A! + counts.B!).toBe(VISITS);
  expect(counts.A).toBeGreaterThan(0);
  expect(counts.B).toBeGreaterThan(0);

  // Do Not Track: the control, nothing kept, nothing counted.
  const private_ = await newVisit(browser, { doNotTrack: true });
  expect(await openHome(private_.page, false, true)).toBeUndefined();
  await expect(heading(private_.page)).toHaveText(headingA);
  await private_.context.close();

  // The report counts exactly the scripted visits per variant.
  const visitsOf = (key: string) => reportRow(admin, key).getByRole('cell').nth(2);
  await expect
    .poll(
      async () => {
        await admin.goto(reportUrl);
        return [await visitsOf('A').textContent(), await visitsOf('B').textContent()];
      },
      { timeout: 30_000 },
    )
    .toEqual([String(counts.A), String(counts.B)]);
  await expect(admin.getByText('Beta(1, 1) prior')).toBeVisible();
  await expect(admin.getByText(/Monte Carlo/)).toBeVisible();

  // Promote A: every new visit gets it.
  await admin.getByLabel('Variant to promote').selectOption('A');
  await admin.getByRole('button', { name: 'Promote' }).click();
  await expect(admin.getByRole('status')).toContainText('Promoted');
  // Each instance keeps the public list for a second.
  await expect
    .poll(async () => JSON.stringify(await (await fetch(`${server.url}/api/experiments`)).json()))
    .toContain('"promoted":true');
  for (let i = 0; i < 8; i++) {
    const { context, page } = await newVisit(browser);
    expect(await openHome(page, false, true)).toBeUndefined();
    await expect(heading(page)).toHaveText(headingA);
    await form(page).getByRole('button', { name: 'Start-up' }).click();
    await expect(form(page).getByRole('heading', { name: capital })).toBeVisible();
    await expect(heading(page)).toHaveText(headingA);
    await context.close();
  }
});
