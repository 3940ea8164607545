/**
 * Behaviour is data, end to end: staff make three new flows in the studio (`/admin/flows`, "Start
 * from the template"), give each the properties that say how the site treats it (`audience`,
 * `pagePosition`, `session.marksContacted`, `booking` with and without the scheduler) and publish
 * them. An editor then places them on pages through the CMS (a fake Strapi: content pages read
 * their `forms` from it, and its webhook revalidates the page), with no rebuild and no code: each
 * page shows each behaviour exactly as the site's own flows have theirs.
 *
 * A flow is placed on a page by the page's content; the built site's pages come from the
 * embedded content, so the CMS is the way a running site gets a new flow onto a page. The
 * instance runs on a copy of the e2e build, on its own database: the main test server's flows
 * and pages stay the repository's for the other tests.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { newFlowTemplate } from '@/site/admin/studio/new-flow-template';
import {
  emptyPageFields,
  startFakeStrapi,
  type FakeStrapi,
} from '../fakes/fake-strapi-collections';
import { startLeadsServer, type LeadsServer } from '../integration/support/leads-server';
import { signedInStaff } from './support/staff-servers';

test.describe.configure({ mode: 'serial', timeout: 300_000 });

const root = process.cwd();
const TOKEN = 'behaviours-strapi-token';
const WEBHOOK_SECRET = 'behaviours-webhook-secret';
const SCHEDULER = 'https://scheduler.example.com/firm/consult';
const INFO_EMAIL = 'hello@firm.example';
const CAREERS_EMAIL = 'jobs@firm.example';

let strapi: FakeStrapi;
let server: LeadsServer;
let dist: string;

test.beforeAll(async () => {
  strapi = await startFakeStrapi(TOKEN);
  // Every page from the embedded content until the editor changes one.
  Object.assign(strapi.collections, { pages: [], insights: [], 'media-mentions': [], reviews: [] });
  dist = `.next-behaviours-${process.pid}`;
  rmSync(path.join(root, dist), { recursive: true, force: true });
  cpSync(path.join(root, '.next'), path.join(root, dist), {
    recursive: true,
    filter: (source) => !source.includes(`${path.sep}cache`),
  });
  server = await startLeadsServer({
    NEXT_DIST_DIR: dist,
    MAIL_DIR: mkdtempSync(path.join(tmpdir(), 'behaviours-mail-')),
    STRAPI_URL: strapi.url,
    STRAPI_TOKEN: TOKEN,
    STRAPI_WEBHOOK_SECRET: WEBHOOK_SECRET,
    SCHEDULER_URL: SCHEDULER,
    INFO_EMAIL,
    CAREERS_EMAIL,
  });
});

test.afterAll(async () => {
  await server?.stop();
  await strapi?.close();
  rmSync(path.join(root, dist), { recursive: true, force: true });
});

/**
 * A flow as staff write it from the studio's template: a contact step (name, e-mail, phone) and
 * a thank-you screen, sending the three to HubSpot, with `properties` set.
 */
function flowText(id: string, title: string, properties: Record<string, unknown>): string {
  const flow = JSON.parse(newFlowTemplate(id, title)) as Record<string, unknown> & {
    steps: Record<string, unknown>[];
    submissions: { fields: unknown[] }[];
  };
  flow.steps[0] = {
    id: 'contact',
    kind: 'contact',
    question: 'How can we reach you?',
    submitLabel: 'Send',
    next: 'done',
  };
  flow.submissions[0]!.fields = ['full_name', 'phone', 'email'].map((name) => ({
    name,
    objectTypeId: '0-1',
    value: { answer: name },
  }));
  return `${JSON.stringify({ ...flow, ...properties }, null, 2)}\n`;
}

const FLOWS = {
  // For job seekers, under the page's banner, and it marks the session as contacted.
  joinTheTeam: flowText('joinTheTeam', 'Join the team', {
    pageHeading: 'Talk to our hiring team',
    audience: 'candidates',
    pagePosition: 'banner',
    session: { marksContacted: true },
  }),
  // A booking with the scheduler, closing the page.
  quickConsult: flowText('quickConsult', 'Quick consultation', {
    pageHeading: 'Book a quick consultation',
    pagePosition: 'closing',
    booking: { scheduler: true, fallbackFlow: 'bookingRequest' },
  }),
  // A booking that always asks for a preferred time instead.
  callMeBack: flowText('callMeBack', 'Call me back', {
    pageHeading: 'Ask for a call back',
    booking: { scheduler: false, fallbackFlow: 'bookingRequest' },
  }),
};

async function staffPage(browser: Browser): Promise<Page> {
  const databaseEnv = { LEADS_DB: server.env.LEADS_DB! };
  const options = { name: 'behaviours', path: '/admin/flows' };
  return (await signedInStaff(browser, server, databaseEnv, options)).page;
}

/** Staff make the flow from the template, write its JSON, and publish it. */
async function createAndPublish(studio: Page, id: keyof typeof FLOWS, title: string) {
  await studio.goto('/admin/flows');
  await studio.getByLabel('Id (letters, digits, _)').fill(id);
  await studio.getByLabel('Title').fill(title);
  await studio.getByRole('button', { name: 'Start from the template' }).click();
  await expect(studio).toHaveURL(new RegExp(`/admin/flows/${id}/edit$`));
  const editor = studio.getByRole('textbox', { name: `The ${id} flow as JSON` });
  await expect(editor).toBeVisible({ timeout: 20_000 });
  const problems = studio.getByRole('status').filter({ hasText: /problems|error/ });
  await expect(problems).toHaveText('No problems: this text can be published.', {
    timeout: 20_000,
  });
  await editor.click();
  await studio.keyboard.press('ControlOrMeta+a');
  await studio.keyboard.insertText(FLOWS[id]);
  await expect(problems).toHaveText('No problems: this text can be published.');
  await studio.getByRole('button', { name: 'Publish…' }).click();
  const dialog = studio.getByRole('dialog', { name: new RegExp(`Publish ${id} as version 1`) });
  await dialog.getByLabel(/What does this version change/).fill(`New flow: ${title}`);
  await dialog.getByRole('button', { name: 'Publish now' }).click();
  await expect(studio.getByRole('status').filter({ hasText: /is published/ })).toBeVisible();
  // What visitors get now carries the properties, resolved.
  const live = (await (await fetch(`${server.url}/api/flows/${id}`)).json()) as Record<
    string,
    unknown
  >;
  expect(live.version).toBe(1);
  return live;
}

/** The embedded page at `pagePath`, as the CMS holds it once an editor set its `forms`. */
function cmsPage(pagePath: string, forms: string[]): Record<string, unknown> {
  const dir = path.join(root, 'content', 'pages');
  for (const name of readdirSync(dir)) {
    const data = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as {
      pages: { path: string }[];
    };
    const page = data.pages.find((p) => p.path === pagePath);
    if (page) return { ...emptyPageFields, ...page, forms: forms.map((flow) => ({ flow })) };
  }
  throw new Error(`No page ${pagePath} in content/pages`);
}

/** The editor saves the pages in the CMS, whose webhook tells the site. */
async function placeInCms(pages: Record<string, string[]>) {
  strapi.collections.pages = Object.entries(pages).map(([pagePath, forms]) =>
    cmsPage(pagePath, forms),
  );
  for (const pagePath of Object.keys(pages)) {
    const response = await fetch(`${server.url}/api/revalidate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${WEBHOOK_SECRET}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        event: 'entry.update',
        model: 'page',
        entry: { path: pagePath, publishedAt: '2025-01-01T00:00:00.000Z' },
      }),
    });
    expect(response.status).toBe(200);
  }
}

/** A visitor on `pagePath` once the page shows the flow's slot. */
async function visitorOn(browser: Browser, pagePath: string, flowId: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: server.url })).newPage();
  await expect
    .poll(
      async () => {
        await page.goto(pagePath);
        return page.locator(`#form-${flowId}`).count();
      },
      { timeout: 20_000 },
    )
    .toBe(1);
  return page;
}

async function giveContact(scope: ReturnType<Page['locator']>) {
  await scope.getByLabel('Full name').fill('Robin Newflow');
  await scope.getByLabel('Email').fill('robin.newflow@example.com');
  await scope.getByLabel('Phone').pressSequentially('4155550123');
  await scope.getByRole('button', { name: 'Send' }).click();
}

/** Whether `a` comes before `b` in the page. */
function before(page: Page, a: string, b: string): Promise<boolean> {
  return page.evaluate(
    ([first, second]) => {
      const x = document.querySelector(first!);
      const y = document.querySelector(second!);
      return Boolean(x && y && x.compareDocumentPosition(y) & Node.DOCUMENT_POSITION_FOLLOWING);
    },
    [a, b],
  );
}

test('flows made in the studio behave on pages as their properties say', async ({ browser }) => {
  // Before: /consulting opens with the contact banner and the advisor's card.
  const early = await (await browser.newContext({ baseURL: server.url })).newPage();
  await early.goto('/consulting');
  await expect(early.locator('#form-contactBanner')).toHaveCount(1);
  await expect(early.getByRole('heading', { name: 'Talk to an advisor' })).toBeVisible();

  const studio = await staffPage(browser);
  expect(await createAndPublish(studio, 'joinTheTeam', 'Join the team')).toMatchObject({
    audience: 'candidates',
    pagePosition: 'banner',
    session: { marksContacted: true },
  });
  expect(await createAndPublish(studio, 'quickConsult', 'Quick consultation')).toMatchObject({
    audience: 'clients',
    pagePosition: 'closing',
    session: { marksContacted: false },
    booking: { scheduler: true, fallbackFlow: 'bookingRequest' },
  });
  expect(await createAndPublish(studio, 'callMeBack', 'Call me back')).toMatchObject({
    pagePosition: 'inline',
    booking: { scheduler: false, fallbackFlow: 'bookingRequest' },
  });

  await placeInCms({
    '/consulting': ['joinTheTeam'],
    '/consulting/strategy': ['quickConsult', 'tellUsMore'],
    '/consulting/management-consulting': ['callMeBack'],
  });

  await test.step('pagePosition "banner", audience "candidates", session.marksContacted', async () => {
    const page = await visitorOn(browser, '/consulting', 'joinTheTeam');
    const slot = page.locator('#form-joinTheTeam');
    // Right under the page's banner, across the page, before the page's sections.
    await expect(page.locator('main > #form-joinTheTeam')).toHaveCount(1);
    expect(await before(page, 'main > .banner', '#form-joinTheTeam')).toBe(true);
    expect(await before(page, '#form-joinTheTeam', '#overview')).toBe(true);
    await expect(page.locator('#form-contactBanner')).toHaveCount(0);
    // For candidates: the hiring team answers, and the page's card is theirs.
    await expect(slot.locator('.flow-slot__talk')).toContainText('our hiring team');
    await expect(slot.locator('.flow-slot__talk a[href^="mailto:"]')).toHaveAttribute(
      'href',
      `mailto:${CAREERS_EMAIL}`,
    );
    await expect(page.getByRole('heading', { name: 'Questions about joining?' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Talk to an advisor' })).toHaveCount(0);
    // A submission marks the session as contacted.
    await giveContact(slot);
    await expect(slot.getByRole('heading', { name: /Thank you/ })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('ready-to-talk-submitted'))).toBe(
      'true',
    );
  });

  await test.step('booking with the scheduler, pagePosition "closing"', async () => {
    const page = await visitorOn(browser, '/consulting/strategy', 'quickConsult');
    const slot = page.locator('#form-quickConsult');
    // Last in the main column, after the questions; the page's other form stays inline.
    await expect(page.locator('.content-layout__main > #form-quickConsult')).toHaveCount(1);
    expect(await before(page, '#faq', '#form-quickConsult')).toBe(true);
    expect(await before(page, '#form-tellUsMore', '#faq')).toBe(true);
    // For clients: an advisor answers.
    await expect(slot.locator('.flow-slot__talk a[href^="mailto:"]')).toHaveAttribute(
      'href',
      `mailto:${INFO_EMAIL}`,
    );
    await expect(page.getByRole('heading', { name: 'Talk to an advisor' })).toBeVisible();
    // The booking island: the contact form, then the scheduler, prefilled.
    await giveContact(slot);
    await expect(
      slot.getByRole('heading', { name: 'Choose a time for your consultation' }),
    ).toBeFocused();
    await expect(
      slot.getByText('Booking for Robin Newflow (robin.newflow@example.com).'),
    ).toBeVisible();
    const frame = slot.getByTitle('Choose a time for your consultation');
    await expect(frame).toHaveAttribute(
      'src',
      `${SCHEDULER}?name=Robin+Newflow&email=robin.newflow%40example.com&phone=4155550123`,
    );
    await expect(slot.getByText('When would you like us to call?')).toHaveCount(0);
    // No session.marksContacted: the flag stays unset; the contact details are kept.
    expect(await page.evaluate(() => sessionStorage.getItem('ready-to-talk-submitted'))).toBeNull();
    expect(await page.evaluate(() => sessionStorage.getItem('email'))).toBe(
      'robin.newflow@example.com',
    );
  });

  await test.step('booking without the scheduler: the fallback flow', async () => {
    const page = await visitorOn(browser, '/consulting/management-consulting', 'callMeBack');
    const slot = page.locator('#form-callMeBack');
    // pagePosition "inline" (the default): among the sections, before the questions.
    expect(await before(page, '#form-callMeBack', '#faq')).toBe(true);
    await giveContact(slot);
    await expect(
      slot.getByRole('heading', { name: 'Choose a time for your consultation' }),
    ).toBeFocused();
    await expect(
      slot.getByRole('heading', { name: 'When would you like us to call?' }),
    ).toBeVisible();
    await expect(slot.getByTitle('Choose a time for your consultation')).toHaveCount(0);
    await slot.getByLabel('Preferred day').selectOption('Thursday');
    await slot.getByLabel('Preferred time').selectOption('Morning (9 am - 12 pm)');
    await slot.getByRole('button', { name: 'Request this time' }).click();
    await expect(page).toHaveURL(/\/thank-you-for-booking$/);
  });
});
