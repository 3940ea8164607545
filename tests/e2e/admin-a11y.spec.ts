/**
 * The back office as staff meet it, on screens from a phone to a wide desktop: every page
 * (sign-in, leads, a lead, flows, a funnel, the studio, versions, an option list and a new flow)
 * has nothing axe's WCAG 2.1 A/AA rules (label in name included) find at 1366 and 390 px; the
 * staff pages carry the back office's own frame (its navigation, who is signed in, a way out) and
 * none of the public site's header and footer; the studio gives the editor the screen's width,
 * the editor and its panels side by side from 1366 px and one above the other on a phone.
 */
import { expect, test, type Page } from '@playwright/test';
import { browserWalks } from './flows/support/browser-walks';
import { leadResponse, visitorIp, walkSteps } from './flows/support/flow-driver';
import { repoFlows, sitePlacements } from './flows/support/repo-flows';
import {
  grantRole,
  hashed,
  signInWithForm,
  uniqueEmail,
  verifiedAccount,
} from './support/accounts';
import { wcagViolations } from './support/axe';

test.describe.configure({ mode: 'default', timeout: 180_000 });
test.use({ extraHTTPHeaders: { 'x-forwarded-for': visitorIp() } });

const widths = [1366, 390];

/** What axe finds on `page` at each width, each line naming the page (`what`) and the width. */
async function wcagPages(page: Page, what: string): Promise<string[]> {
  const found: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    found.push(...(await wcagViolations(page)).map((v) => `${what} at ${width} px: ${v}`));
  }
  await page.setViewportSize({ width: 1366, height: 900 });
  return found;
}

async function expectNoViolations(page: Page, what: string) {
  // Soft: one run names what every page has.
  expect.soft(await wcagPages(page, what)).toEqual([]);
}

const client = browserWalks(repoFlows(), sitePlacements()).find(
  (w) => w.placement.flowId === 'client',
)!;
const submitting = client.paths.find((p) => p.submissions.length > 0)!;

let staffEmail = '';
let leadId = '';
let desk: Page;
let signInViolations: string[] = [];

test.beforeAll(async ({ browser }) => {
  // A walk, an account, axe at two widths and a sign-in: more than a hook's default 30 s when
  // the machine is busy (the configured timeout above applies to the tests, not to this hook).
  test.setTimeout(180_000);
  // A visitor's lead, so a lead's page exists.
  const visitor = await browser.newPage({ extraHTTPHeaders: { 'x-forwarded-for': visitorIp() } });
  await visitor.goto(client.placement.path);
  const submitted = leadResponse(visitor, 'client');
  await walkSteps(visitor.locator(client.placement.selector), client.flow, submitting.steps);
  leadId = ((await (await submitted).json()) as { id: string }).id;
  const baseURL = new URL(visitor.url()).origin;
  await visitor.close();

  staffEmail = uniqueEmail('a11y-staff', 'firm.example');
  const context = await browser.newContext({ baseURL });
  await verifiedAccount(context.request, staffEmail);
  await grantRole(staffEmail, 'staff');
  // The sign-in page, as staff first meet it, before they sign in.
  desk = await context.newPage();
  await desk.goto('/admin/leads');
  await expect(desk).toHaveURL(/\/login\?next=/);
  await expect(desk.getByRole('form', { name: 'Sign in' })).toBeVisible();
  signInViolations = await wcagPages(desk, 'sign-in');
  await signInWithForm(desk, staffEmail);
  await expect(desk).toHaveURL(/\/admin\/leads$/, hashed);
});

test.afterAll(async () => {
  await desk.context().close();
});

test('the sign-in page and every staff page have nothing axe’s WCAG 2.1 A/AA rules find', async () => {
  expect.soft(signInViolations).toEqual([]);
  await desk.goto('/admin/leads');
  await expect(desk.getByRole('table', { name: 'Leads, newest first' })).toBeVisible();
  await expectNoViolations(desk, 'leads');

  await desk.goto(`/admin/leads/${leadId}`);
  await expect(desk.getByRole('table', { name: 'Answers' })).toBeVisible();
  await expectNoViolations(desk, 'lead');

  await desk.goto('/admin/flows');
  await expect(desk.getByRole('heading', { level: 1, name: 'Flows' })).toBeVisible();
  await expectNoViolations(desk, 'flows');

  await desk.goto('/admin/flows/client');
  await expect(desk.getByRole('heading', { level: 1 })).toContainText(client.flow.title);
  await expectNoViolations(desk, 'funnel');

  await desk.goto('/admin/flows/client/edit');
  await expect(desk.getByRole('textbox', { name: 'The client flow as JSON' })).toBeVisible();
  await expectNoViolations(desk, 'studio');

  await desk.goto('/admin/flows/client/versions');
  await expect(desk.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoViolations(desk, 'versions');

  await desk.goto('/admin/flows');
  await desk.getByRole('link', { name: 'Edit yes-no' }).click();
  await expect(desk).toHaveURL(/\/admin\/flows\/options\/yes-no\/edit$/);
  await expect(desk.getByRole('textbox').first()).toBeVisible();
  await expectNoViolations(desk, 'option list');

  // A new flow, begun from the template: the studio it opens in.
  await desk.goto('/admin/flows');
  const id = `a11y_${Date.now()}`;
  await desk.getByLabel('Id (letters, digits, _)').fill(id);
  await desk.getByLabel('Title').fill('Accessibility check');
  await desk.getByRole('button', { name: 'Start from the template' }).click();
  await expect(desk).toHaveURL(new RegExp(`/admin/flows/${id}/edit$`));
  await expect(desk.getByRole('textbox', { name: `The ${id} flow as JSON` })).toBeVisible();
  await expectNoViolations(desk, 'new flow');
});

test('staff pages have the back office’s own frame, not the public site’s', async () => {
  for (const path of ['/admin/leads', `/admin/leads/${leadId}`, '/admin/flows/client/edit']) {
    await desk.goto(path);
    const nav = desk.getByRole('navigation', { name: 'Back office' });
    await expect(nav.getByRole('link', { name: 'Leads' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Questionnaires' })).toBeVisible();
    await expect(desk.getByText(staffEmail)).toBeVisible();
    await expect(desk.getByRole('button', { name: 'Sign out' })).toBeVisible();
    // Neither the public header (its mega-menu) nor its footer (the newsletter).
    await expect(desk.locator('#menu-trigger-consulting')).toHaveCount(0);
    await expect(desk.getByRole('contentinfo')).toHaveCount(0);
  }
  // The public pages keep theirs, and so does a 404 at any depth.
  for (const path of ['/', '/no-such-page', '/a/b/c/d/e']) {
    await desk.goto(path);
    await expect(desk.locator('#menu-trigger-consulting')).toHaveCount(1);
    await expect(desk.getByRole('contentinfo')).toHaveCount(1);
    await expect(desk.getByRole('navigation', { name: 'Back office' })).toHaveCount(0);
  }
});

test('the studio gives the editor the screen’s width', async () => {
  const editorBox = async () => (await desk.locator('.cm-editor').first().boundingBox())!;
  const panelsBox = async () =>
    (await desk.getByRole('region', { name: 'What the flow does' }).boundingBox())!;
  await desk.setViewportSize({ width: 1920, height: 1080 });
  await desk.goto('/admin/flows/client/edit');
  await expect(desk.getByRole('textbox', { name: 'The client flow as JSON' })).toBeVisible();
  const wide = await editorBox();
  console.log(`editor at 1920 px: ${Math.round(wide.width)} px`);
  expect(wide.width).toBeGreaterThan(900);

  // Side by side from 1366 px.
  await desk.setViewportSize({ width: 1366, height: 900 });
  await expect.poll(async () => (await editorBox()).width).toBeLessThan(wide.width);
  const desktop = await editorBox();
  console.log(`editor at 1366 px: ${Math.round(desktop.width)} px`);
  expect(desktop.width).toBeGreaterThan(600);
  expect((await panelsBox()).x).toBeGreaterThanOrEqual(desktop.x + desktop.width);

  // One above the other on a phone, neither wider than the screen.
  await desk.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(async () => (await panelsBox()).y)
    .toBeGreaterThan((await editorBox()).y + (await editorBox()).height - 1);
  expect((await editorBox()).width).toBeLessThanOrEqual(390);
  expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await desk.setViewportSize({ width: 1366, height: 900 });
});
