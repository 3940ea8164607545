/**
 * The flow studio's visual editor end to end, on an instance of the built site of its own (its
 * own PostgreSQL, so its published versions are its own; its own HubSpot form on the fake: the
 * client questionnaire's as a firm sets it up, tests/fixtures/hubspot-forms.ts, with one more
 * company field). Staff, with the visual editor only and no JSON typed: rename an option while its
 * HubSpot value stays, add a question on the start-up branch sent to a field chosen from HubSpot's
 * form, add a rule with an AND test, delete a step others point to and send its visitors on, and
 * publish. The JSON view then holds the same flow, the check finds no error, and the site serves
 * the published version.
 */
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import type { ResolvedFlow } from '@/engine';
import { repositoryFormIds, repositoryPortalForms } from '../fixtures/hubspot-forms';
import AxeBuilder from '@axe-core/playwright';
import { wcag21Tags } from './support/axe';
import { settled } from './support/settled';
import { fakeHubSpot, putForm } from './support/fake-hubspot-client';
import { fakeHubSpotPort } from './support/port';
import { SharedDatabaseInstances, signedInStaff } from './support/staff-servers';

test.describe.configure({ mode: 'serial', timeout: 300_000 });

const FORM = 'guid-studio-visual';
const TRADING = { name: 'trading_since', label: 'Trading since', objectTypeId: '0-2' };

test.beforeAll(async () => {
  const form = structuredClone(repositoryPortalForms[repositoryFormIds.question]!);
  await putForm(FORM, { ...form, fields: [...form.fields, TRADING] });
});

/** A step's card in the visual editor, by its question. */
const card = (page: Page, question: RegExp) => page.getByRole('region', { name: question });

/** How the person works the controls: with a pointer, or with the keyboard alone. */
interface Hands {
  press: (button: Locator) => Promise<void>;
  fill: (input: Locator, text: string) => Promise<void>;
  /** Picks the option shown as `label`. */
  choose: (select: Locator, label: string) => Promise<void>;
}

const pointer = (): Hands => ({
  press: (button) => button.click(),
  fill: (input, text) => input.fill(text),
  choose: async (select, label) => void (await select.selectOption({ label })),
});

/**
 * The keyboard alone: the control is focused (as Tab would reach it), with its focus visible, and
 * worked with keys: Enter presses, typing replaces a text, typing an option's words picks it.
 */
const keyboard = (page: Page): Hands => {
  async function reach(control: Locator) {
    await control.focus();
    const outline = await control.evaluate((e) =>
      e.closest('#studio-visual-view') ? getComputedStyle(e).outlineStyle : 'elsewhere',
    );
    expect(outline, 'a visible focus in the visual editor').not.toBe('none');
  }
  return {
    async press(button) {
      await reach(button);
      await page.keyboard.press('Enter');
    },
    async fill(input, text) {
      await reach(input);
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type(text);
    },
    async choose(select, label) {
      await reach(select);
      await page.keyboard.type(label);
      await expect(select.locator('option:checked')).toHaveText(label);
    },
  };
};

for (const mode of ['pointer', 'keyboard'] as const)
  test.describe(`with the ${mode}`, () => {
    const servers = new SharedDatabaseInstances(`studio_visual_${mode}`);
    test.beforeAll(() => servers.setUp());
    test.afterAll(() => servers.tearDown());

    test('staff restructure the client questionnaire with the visual editor and publish it', async ({
      browser,
    }) => {
      const page = await openStudio(browser, servers, mode);
      await scenario(page, mode === 'pointer' ? pointer() : keyboard(page), servers);
    });
  });

async function openStudio(browser: Browser, servers: SharedDatabaseInstances, mode: string) {
  const fake = `http://127.0.0.1:${fakeHubSpotPort()}`;
  const server = await servers.start('a', 'production-server', {
    HUBSPOT_PORTAL_ID: fakeHubSpot.portalId,
    HUBSPOT_API_BASE: fake,
    HUBSPOT_FILES_API_BASE: fake,
    HUBSPOT_ACCESS_TOKEN: fakeHubSpot.accessToken,
    HUBSPOT_FORM_QUESTION: FORM,
  });
  const { page } = await signedInStaff(
    browser,
    server,
    { DATABASE_URL: servers.databaseUrl },
    { name: `visual-${mode}`, path: '/admin/flows/client/edit' },
  );
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await expect(page.getByRole('textbox', { name: 'The client flow as JSON' })).toBeVisible({
    timeout: 20_000,
  });
  return page;
}

async function scenario(page: Page, hands: Hands, servers: SharedDatabaseInstances) {
  const { press, fill, choose } = hands;
  const problems = page.getByRole('status').filter({ hasText: /problems|error/ });

  // HubSpot's form as it is now, then the visual editor.
  await press(page.getByRole('tab', { name: 'Paths and HubSpot' }));
  const hubspot = page.getByRole('region', { name: 'HubSpot forms' });
  await press(hubspot.getByRole('button', { name: 'Refresh from HubSpot' }));
  await expect(hubspot.getByRole('status')).toHaveText('Read from HubSpot: form key question.');
  await press(page.getByRole('button', { name: 'Visual editor' }));
  await expect(page.getByRole('textbox', { name: 'The client flow as JSON' })).toBeHidden();
  const headings = page.getByRole('heading', { level: 4 });
  await expect(headings.first()).toHaveText('Step 1: What phase is your business in?');

  // An option renamed: HubSpot keeps receiving its old value.
  const phase = card(page, /What phase is your business in/);
  await fill(phase.getByLabel('Option 2 label'), 'Planning an exit');
  await expect(phase.getByText('HubSpot value: Seeking Exit')).toBeVisible();

  // A question on the start-up branch only, sent to a field of HubSpot's form.
  const capital = card(page, /working capital/);
  await press(capital.getByRole('button', { name: 'Add a step after this one' }));
  await fill(capital.getByLabel('New step’s question'), 'When did you start trading?');
  await press(capital.getByRole('button', { name: 'Add the step' }));
  const trading = card(page, /When did you start trading/);
  // Undo and Redo (the JSON editor's history, shared by both views) take the new step out and back.
  await press(page.getByRole('button', { name: 'Undo', exact: true }));
  await expect(trading).toHaveCount(0);
  await press(page.getByRole('button', { name: 'Redo', exact: true }));
  await expect(trading).toHaveCount(1);
  await expect(trading.getByRole('heading')).toHaveText(/^Step \d: When did you start trading\?/);
  await choose(
    trading.getByLabel('HubSpot field for “When did you start trading?” in form question'),
    'Trading since (trading_since)',
  );

  // A rule with an AND test: ready to buy, but not a start-up → book a consultation.
  const ready = card(page, /ready to buy/);
  await press(ready.getByRole('button', { name: 'Add a rule' }));
  const rule = ready.getByRole('group', { name: 'Rule 2' });
  await press(rule.getByRole('button', { name: 'Add a test' }));
  const second = rule.getByRole('group', { name: 'Test 2' });
  await choose(second.getByLabel('Answer to'), 'What phase is your business in?');
  await choose(second.getByLabel('Test'), 'is not');
  await choose(second.getByLabel('Option'), 'Start-up');
  await choose(rule.getByLabel('go to'), 'Ending: bookConsult (sends the lead)');

  // The revenue question deleted: what points to it is listed, its visitors go on to industry.
  const revenue = card(page, /gross revenue/);
  await press(revenue.getByRole('button', { name: 'Delete this step…' }));
  const deleting = page.getByRole('form', { name: /^Delete “What was your company gross revenue/ });
  await expect(deleting).toContainText('“What phase is your business in?” goes there otherwise');
  await expect(deleting).toContainText('HubSpot form “question” receives its answer');
  await choose(
    deleting.getByLabel('Send those visitors instead to'),
    'Step: What is your industry?',
  );
  await press(deleting.getByRole('button', { name: 'Delete the step' }));
  await expect(card(page, /gross revenue/)).toHaveCount(0);
  await expect(problems).not.toContainText(/[1-9]\d* errors?/);
  // WCAG 2.1 A/AA with "label in name" on the visual editor (the rest of the page has its own tests).
  await settled(page);
  const { violations } = await new AxeBuilder({ page })
    .include('#studio-visual-view')
    .options({
      runOnly: { type: 'tag', values: wcag21Tags },
      rules: { 'label-content-name-mismatch': { enabled: true } },
    })
    .analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);

  // Published.
  await press(page.getByRole('button', { name: 'Publish…' }));
  const dialog = page.getByRole('dialog', { name: /Publish client as version/ });
  await fill(
    dialog.getByLabel(/What does this version change/),
    'Restructured in the visual editor',
  );
  await press(dialog.getByRole('button', { name: 'Publish now' }));
  await expect(page.getByRole('status').filter({ hasText: /is published/ })).toBeVisible();

  // The JSON view holds the same flow, with no error.
  await press(page.getByRole('button', { name: 'JSON editor' }));
  const editor = page.getByRole('textbox', { name: 'The client flow as JSON' });
  await editor.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('ControlOrMeta+c');
  const json = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as {
    steps: { id: string; options?: unknown[]; next: unknown }[];
    submissions: { fields: { name: string }[] }[];
  };
  const step = (id: string) => json.steps.find((s) => s.id === id);
  expect(json.steps.map((s) => s.id)).toEqual([
    'phase',
    'capital',
    'whenDidYouStart',
    'industry',
    'service',
    'contact',
    'ready',
  ]);
  expect(step('phase')!.options![1]).toEqual({ label: 'Planning an exit', value: 'Seeking Exit' });
  expect(step('phase')!.next).toEqual({
    branches: [{ when: { answer: 'phase', equals: 'Start-up' }, to: 'capital' }],
    otherwise: 'industry',
  });
  expect(step('capital')!.next).toMatchObject({ otherwise: 'whenDidYouStart' });
  expect(step('ready')!.next).toMatchObject({
    branches: [
      { to: 'checkout' },
      {
        when: {
          all: [
            { answer: 'ready', equals: 'Yes Go to Checkout' },
            { not: { answer: 'phase', equals: 'Start-up' } },
          ],
        },
        to: 'bookConsult',
      },
    ],
  });
  expect(json.submissions[0]!.fields).toContainEqual({
    name: 'trading_since',
    objectTypeId: '0-2',
    value: { answer: 'whenDidYouStart', whenNotAsked: '' },
  });
  await expect(problems).not.toContainText(/[1-9]\d* errors?/);

  // The site serves the published flow.
  const live = (await (
    await fetch(`${servers.started[0]!.url}/api/flows/client`)
  ).json()) as ResolvedFlow;
  expect(live.steps.map((s) => s.id)).toEqual(json.steps.map((s) => s.id));
}
