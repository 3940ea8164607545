/**
 * The flow studio's graph as an editor, end to end on a laptop's screen (1366 × 768), on an
 * instance of the built site of its own (its own PostgreSQL). Staff open the client questionnaire:
 * the graph is fitted, every step and ending inside the canvas and the canvas on the screen; the
 * edges read the options' labels; the zoom buttons zoom and "Fit" fits again. A branch is added
 * with the keyboard alone ("Connect steps…", the answer's option, the target), then another by
 * dragging from a step's handle onto an ending. The JSON view holds both rules, the check finds no
 * error, and axe's WCAG 2.1 A/AA rules find nothing with the graph shown.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { wcagViolations } from './support/axe';
import { SharedDatabaseInstances, signedInStaff } from './support/staff-servers';

test.describe.configure({ mode: 'serial', timeout: 300_000 });

const servers = new SharedDatabaseInstances('studio_graph');
test.beforeAll(() => servers.setUp());
test.afterAll(() => servers.tearDown());

/** The box of `locator`, which must be drawn. */
async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box!;
}

/** A label drawn on an edge of the graph, by its exact words. */
const edgeLabel = (page: Page, words: string) =>
  page
    .locator('svg text')
    .filter({ hasText: new RegExp(`^${words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });

test('staff see the whole client flow and add branches on the graph, by keyboard and by pointer', async ({
  browser,
}) => {
  const server = await servers.start('a');
  const { page } = await signedInStaff(
    browser,
    server,
    { DATABASE_URL: servers.databaseUrl },
    { name: 'graph', path: '/admin/flows/client/edit' },
  );
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await expect(page.getByRole('textbox', { name: 'The client flow as JSON' })).toBeVisible({
    timeout: 20_000,
  });
  const problems = page.getByRole('status').filter({ hasText: /problems|error/ });

  // Fitted: every node inside the canvas, the canvas whole on the screen.
  const canvas = page.getByRole('group', { name: 'Graph canvas' });
  await canvas.scrollIntoViewIfNeeded();
  const fit = page.getByRole('button', { name: 'Fit' });
  await expect(fit).toHaveAttribute('aria-pressed', 'true');
  const area = await boxOf(canvas);
  expect(area.y).toBeGreaterThanOrEqual(0);
  expect(area.y + area.height).toBeLessThanOrEqual(768);
  expect(area.x + area.width).toBeLessThanOrEqual(1366);
  const nodes = canvas.locator('g[data-node]');
  await expect(nodes).toHaveCount(10);
  for (const node of await nodes.all()) {
    const box = await boxOf(node.locator('rect').first());
    expect(box.x, (await node.getAttribute('data-node')) ?? '').toBeGreaterThanOrEqual(area.x);
    expect(box.y).toBeGreaterThanOrEqual(area.y);
    expect(box.x + box.width).toBeLessThanOrEqual(area.x + area.width);
    expect(box.y + box.height).toBeLessThanOrEqual(area.y + area.height);
  }
  // The option's label on its edge, not the value HubSpot receives.
  await expect(edgeLabel(page, 'Yes, go to checkout')).toBeVisible();
  await expect(edgeLabel(page, 'Start-up')).toBeVisible();

  // The zoom: in by the button (the drawing grows), out by the keys, and fitted again.
  const zoomLevel = canvas.locator('xpath=..').getByText(/^\d+ %$/);
  const fitted = await zoomLevel.textContent();
  const before = await boxOf(canvas.locator('svg').first());
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(fit).toHaveAttribute('aria-pressed', 'false');
  expect((await boxOf(canvas.locator('svg').first())).width).toBeGreaterThan(before.width * 1.2);
  await canvas.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('0');
  await expect(fit).toHaveAttribute('aria-pressed', 'true');
  await expect(zoomLevel).toHaveText(fitted!);
  // Ctrl with the wheel zooms (the page itself does not).
  await page.mouse.move(area.x + area.width / 2, area.y + area.height / 2);
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, -240);
  await page.keyboard.up('Control');
  await expect(fit).toHaveAttribute('aria-pressed', 'false');
  expect(parseInt((await zoomLevel.textContent())!)).toBeGreaterThan(parseInt(fitted!));
  await fit.click();
  await expect(zoomLevel).toHaveText(fitted!);

  // The keyboard: the start in focus, back to "Connect steps…", the form filled by keys.
  await canvas.focus();
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveAttribute('aria-label', /^Step "phase":/);
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  const connect = page.getByRole('button', { name: 'Connect steps…' });
  await expect(connect).toBeFocused();
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: 'Connect steps' });
  await expect(form.getByLabel('From')).toBeFocused();
  await expect(form.getByLabel('From').locator('option:checked')).toHaveText(/\(phase\)$/);
  await page.keyboard.press('Tab');
  await page.keyboard.type('IPO');
  await expect(form.getByLabel('When the answer is').locator('option:checked')).toHaveText(
    'IPO & ICO',
  );
  await page.keyboard.press('Tab');
  await page.keyboard.type('Step: How much');
  await expect(form.getByLabel('Go to').locator('option:checked')).toHaveText(/\(capital\)$/);
  await page.keyboard.press('Tab');
  await expect(form.getByRole('button', { name: 'Add the branch' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(form).toBeHidden();
  await expect(connect).toBeFocused();
  await expect(page.getByText('Added: if phase is IPO & ICO, go to capital.')).toBeVisible();
  await expect(edgeLabel(page, 'IPO & ICO')).toBeVisible();

  // The pointer: from the handle under "ready" onto the "checkout" ending, then the option.
  const handle = await boxOf(canvas.locator('[data-handle="ready"]'));
  const target = await boxOf(canvas.locator('g[data-node="checkout"] rect').first());
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect(form.getByLabel('When the answer is')).toBeVisible();
  await expect(form.getByLabel('From').locator('option:checked')).toHaveText(/\(ready\)$/);
  await expect(form.getByLabel('Go to').locator('option:checked')).toHaveText(/checkout/);
  await form
    .getByLabel('When the answer is')
    .selectOption({ label: 'No, book a consultation first' });
  await form.getByRole('button', { name: 'Add the branch' }).click();
  await expect(
    page.getByText('Added: if ready is No, book a consultation first, go to checkout.'),
  ).toBeVisible();

  // The JSON view holds both rules, and the check finds no error.
  const editor = page.getByRole('textbox', { name: 'The client flow as JSON' });
  await editor.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('ControlOrMeta+c');
  const json = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as {
    steps: { id: string; next: unknown }[];
  };
  const step = (id: string) => json.steps.find((s) => s.id === id)!;
  expect(step('phase').next).toEqual({
    branches: [
      { when: { answer: 'phase', equals: 'Start-up' }, to: 'capital' },
      { when: { answer: 'phase', equals: 'IPO & ICO' }, to: 'capital' },
    ],
    otherwise: 'revenue',
  });
  expect(step('ready').next).toEqual({
    branches: [
      { when: { answer: 'ready', equals: 'Yes Go to Checkout' }, to: 'checkout' },
      { when: { answer: 'ready', equals: 'No, Book Consultation First' }, to: 'checkout' },
    ],
    otherwise: 'bookConsult',
  });
  await expect(problems).toBeVisible();
  await expect(problems).not.toContainText(/[1-9]\d* errors?/);

  // axe, with the graph shown (and the connect form open).
  await connect.click();
  await expect(form).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
});
