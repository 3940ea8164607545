/**
 * The flow studio's templates and search end to end, on an instance of the built site of its own
 * (its own PostgreSQL, so its drafts are its own), with the keyboard: contact details added from a
 * template in the visual view after the industry question; a search in the JSON view for an
 * option's label, whose words the editor then selects and scrolls into view (CodeMirror keeps only
 * the lines on screen in the page, beyond the browser's own find); a new flow begun from a
 * starting point with a yes-or-no question, with no problem. axe's WCAG 2.1 A/AA rules (label in
 * name included) find nothing on the studio with its search, the template form and the new-flow
 * form.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { wcagViolations } from './support/axe';
import { SharedDatabaseInstances, signedInStaff } from './support/staff-servers';

test.describe.configure({ mode: 'serial', timeout: 300_000 });

const servers = new SharedDatabaseInstances('studio_templates_search');
test.beforeAll(() => servers.setUp());
test.afterAll(() => servers.tearDown());

/** A control reached as Tab would reach it, and pressed with Enter. */
async function press(page: Page, control: Locator) {
  await control.focus();
  await page.keyboard.press('Enter');
}

/** A text typed over a control's words. */
async function fill(page: Page, input: Locator, text: string) {
  await input.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
}

test('staff add a step from a template, search the flow, and begin a flow from a template', async ({
  browser,
}) => {
  const server = await servers.start('a');
  const { page } = await signedInStaff(
    browser,
    server,
    { DATABASE_URL: servers.databaseUrl },
    { name: 'templates-search', path: '/admin/flows/client/edit' },
  );
  await page.setViewportSize({ width: 1366, height: 900 });
  const json = page.getByRole('textbox', { name: 'The client flow as JSON' });
  await expect(json).toBeVisible({ timeout: 20_000 });
  const problems = page.getByRole('status').filter({ hasText: /problems|error/ });

  // Contact details from a template, after the industry question.
  await press(page, page.getByRole('button', { name: 'Visual editor' }));
  const industry = page.getByRole('region', { name: /What is your industry/ });
  await press(page, industry.getByRole('button', { name: 'Add a step from a template' }));
  const form = page.getByRole('form', { name: /^New step from a template after/ });
  await expect(form.getByLabel('Template')).toBeFocused();
  await expect(form.getByRole('group', { name: 'What the new step asks' })).toContainText(
    'E-mail address (required)',
  );
  expect(await wcagViolations(page)).toEqual([]);
  await fill(page, form.getByLabel('New step’s question'), 'Where can we reach you?');
  await page.keyboard.press('Enter');
  const added = page.getByRole('region', { name: /Where can we reach you/ });
  await expect(added.getByRole('heading')).toHaveText('Step 5: Where can we reach you?');
  await expect(added.getByLabel('Question')).toBeFocused();
  await expect(added.getByLabel('Field 2 label')).toHaveValue('E-mail address');
  // No error (the client flow's fixed progress total of 5 now warns of a sixth numbered step).
  await expect(problems).toHaveText(/^0 errors/);

  // Search in the JSON view: the option's label is selected in the editor, on screen.
  await press(page, page.getByRole('button', { name: 'JSON editor' }));
  await page.keyboard.press('ControlOrMeta+Shift+F');
  const box = page.getByRole('searchbox', { name: 'Search the flow' });
  await expect(box).toBeFocused();
  await page.keyboard.type('book a consultation');
  await expect(page.getByRole('status').filter({ hasText: /for “book/ })).toHaveText(
    '1 result for “book a consultation”.',
  );
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('button')).toHaveText([
    'Step “Are you ready to buy this service?”: option label “No, book a consultation first”',
  ]);
  expect(await wcagViolations(page)).toEqual([]);
  await page.keyboard.press('Enter');
  await expect(json).toBeFocused();
  expect(await page.evaluate(() => document.getSelection()?.toString())).toBe(
    'book a consultation',
  );
  await expect(
    json.locator('.cm-line', { hasText: 'No, book a consultation first' }),
  ).toBeInViewport();

  // A new flow from a starting point: a yes-or-no question, then contact details.
  await page.goto('/admin/flows');
  const id = `templated_${Date.now()}`;
  await page.getByLabel('Id (letters, digits, _)').fill(id);
  await page.getByLabel('Title').fill('Templated');
  await page.getByRole('radio', { name: 'Yes or no, then contact details' }).check();
  expect(await wcagViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Start from the template' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/flows/${id}/edit$`));
  await expect(page.getByRole('textbox', { name: `The ${id} flow as JSON` })).toBeVisible({
    timeout: 20_000,
  });
  await expect(problems).toHaveText('No problems: this text can be published.');
  await expect(page.getByRole('textbox', { name: `The ${id} flow as JSON` })).toContainText(
    '"lookingForHelp"',
  );
});
