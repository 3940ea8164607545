/**
 * The funnel the browser reports, end to end: every covering path of the client questionnaire
 * walked in Chromium by its own visitor, plus a visitor who gives up at the third step, then
 * `npm run leads -- funnel client` on the server's database. The counts must equal the walks
 * exactly, per transition. This file runs in its own Playwright project after every other test
 * (playwright.config.ts), so the events since it started are its own visitors' only.
 */
import { expect, test, type Page } from '@playwright/test';
import { browserWalks } from './support/browser-walks';
import { expectStep, visitorIp, walkSteps } from './support/flow-driver';
import { repoFlows, sitePlacements } from './support/repo-flows';
import { grantRole, password, uniqueEmail, verifiedAccount } from '../support/accounts';
import { e2eDatabase } from '../support/run-dir';
import { runScript } from '../../integration/support/run-script';

interface FunnelJson {
  visitors: number;
  completed: number;
  dropped: { visit: number; client: number };
  steps: {
    id: string;
    saw: number;
    left: number;
    transitions: { id: string; took: number }[];
  }[];
}

const walk = browserWalks(repoFlows(), sitePlacements()).find(
  (w) => w.placement.flowId === 'client',
)!;
const { flow, paths, placement } = walk;
const startedAt = new Date().toISOString();

async function funnelNow(since = startedAt): Promise<FunnelJson> {
  const run = await runScript(
    'scripts/leads.ts',
    ['funnel', 'client', '--since', since, '--json'],
    {
      LEADS_DB: e2eDatabase(),
    },
  );
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as FunnelJson;
}

test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.use({ extraHTTPHeaders: { 'x-forwarded-for': visitorIp() } });

test('each covering path of the client questionnaire and one visitor leaving at step 3 are counted exactly', async ({
  browser,
}) => {
  const expectedTook = new Map<string, number>();
  const expectedSaw = new Map<string, number>();
  const add = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

  for (const path of paths) {
    // A visitor of their own: a new context is a new tab's session, so a new visit.
    const context = await browser.newContext();
    const page = await context.newPage();
    const scope = page.locator(placement.selector);
    await page.goto(placement.path);
    await walkSteps(scope, flow, path.steps);
    for (const pathStep of path.steps) add(expectedSaw, pathStep.step);
    for (const transition of path.transitions) add(expectedTook, transition);
    // The ending's transition leaves at once; give the beacon a moment before the tab closes.
    await page.waitForTimeout(300);
    await context.close();
  }

  // The visitor who gives up: two answers, sees the third step, then leaves the site.
  const quitter = paths.find((p) => p.steps.length >= 3)!;
  const context = await browser.newContext();
  const page = await context.newPage();
  const scope = page.locator(placement.selector);
  await page.goto(placement.path);
  const answers = await walkSteps(scope, flow, quitter.steps.slice(0, 2));
  for (const pathStep of quitter.steps.slice(0, 2)) add(expectedSaw, pathStep.step);
  const third = quitter.steps[2]!.step;
  await expectStep(scope, flow, third, answers);
  add(expectedSaw, third);
  for (const transition of quitter.transitions.slice(0, 2)) add(expectedTook, transition);
  await page.goto('about:blank'); // leaving the page sends what is still queued
  await context.close();

  const visitors = paths.length + 1;
  let funnel = await funnelNow();
  await expect
    .poll(
      async () => {
        funnel = await funnelNow();
        return funnel.steps.flatMap((s) => s.transitions).reduce((n, t) => n + t.took, 0);
      },
      { timeout: 15_000 },
    )
    .toBe([...expectedTook.values()].reduce((a, b) => a + b, 0));

  expect(funnel.visitors).toBe(visitors);
  expect(funnel.completed).toBe(paths.length);
  for (const step of funnel.steps) {
    expect(step.saw, `visitors who saw ${step.id}`).toBe(expectedSaw.get(step.id) ?? 0);
    expect(step.left, `visitors who left at ${step.id}`).toBe(step.id === third ? 1 : 0);
    for (const transition of step.transitions) {
      expect(transition.took, transition.id).toBe(expectedTook.get(transition.id) ?? 0);
    }
  }
});

/** A new staff member, signed in, on today's funnel page of the client questionnaire. */
async function staffOnTodaysFunnel(page: Page, label: string): Promise<string> {
  const email = uniqueEmail(label, 'firm.example');
  await verifiedAccount(page.request, email);
  await grantRole(email, 'staff');
  expect((await page.request.post('/auth/login', { data: { email, password } })).status()).toBe(
    200,
  );
  const today = new Date().toISOString().slice(0, 10);
  await page.goto(`/admin/flows/client?from=${today}&to=${today}`);
  return today;
}

test('staff see the same counts on the funnel page as the report gives', async ({ page }) => {
  const today = await staffOnTodaysFunnel(page, 'funnel-staff');
  const report = await funnelNow(today);
  const table = page.getByRole('table', { name: 'Visitors per step and transition' });
  for (const step of report.steps) {
    for (const transition of step.transitions) {
      const row = table.getByRole('row').filter({
        has: page.getByText(transition.id, { exact: true }),
      });
      await expect(row.getByRole('cell').last(), transition.id).toHaveText(String(transition.took));
    }
  }
  expect(report.visitors).toBeGreaterThan(paths.length);
});

test('a visit past its storage limit is answered 204, and staff see the events dropped', async ({
  page,
}) => {
  // Six full batches of one visit: FLOW_EVENTS_PER_VISIT (500) are stored, 100 dropped.
  const visit = `flood-visit-${Date.now()}`;
  for (let batch = 0; batch < 6; batch++) {
    const events = Array.from({ length: 100 }, (_, i) => ({
      flow: flow.id,
      version: flow.version,
      step: flow.start,
      seq: batch * 100 + i,
      at: Date.now(),
    }));
    const response = await page.request.post('/api/flow-events', {
      headers: { 'content-type': 'text/plain' },
      data: JSON.stringify({ visit, events }),
    });
    expect(response.status()).toBe(204);
  }
  const report = await funnelNow(new Date().toISOString().slice(0, 10));
  expect(report.dropped).toEqual({ visit: 100, client: 0 });

  await staffOnTodaysFunnel(page, 'funnel-drops');
  await expect(
    page.getByText(
      "100 event(s) dropped over the storage limits on the days of this period, not counted here: 0 past a client's share (per hour or day), 100 past a visit's limit.",
    ),
  ).toBeVisible();
});
