/**
 * The client questionnaire with the keyboard alone, browser Back, resume after a reload, focus
 * and title on each step change, and a failed submission that loses nothing and retries.
 */
import { expect, test, type Page } from '@playwright/test';
import { findStep } from '@/engine/client';
import { visitorIp } from './support/flow-driver';
import { readLead } from './support/lead-store';
import { repoFlow } from './support/repo-flows';

const flow = repoFlow('client');
const question = (id: string) => findStep(flow, id)!.question;

test.use({ extraHTTPHeaders: { 'x-forwarded-for': visitorIp() } });
test.describe.configure({ timeout: 90_000 });

/** Tabs until the focused element has this accessible text (the page header comes first). */
async function tabTo(page: Page, name: string, max = 250) {
  for (let i = 0; i < max; i++) {
    const text = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    if (text === name) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`"${name}" was not reached with Tab`);
}

test('the client flow completes with the keyboard alone', async ({ page }) => {
  await page.goto('/');
  const scope = page.locator('#form-client');
  await tabTo(page, 'In-Revenue');
  await page.keyboard.press('Enter');
  await expect(scope.getByRole('heading', { name: question('revenue') })).toBeFocused();
  await expect(page).toHaveTitle(
    new RegExp(`^Question 2 of 5: ${question('revenue').replace(/[?$]/g, '\\$&')}`),
  );
  await tabTo(page, '$1,000,000-$10,000,000');
  await page.keyboard.press('Space');
  await expect(scope.getByRole('heading', { name: question('industry') })).toBeFocused();
  // "See all" reveals the rest and moves focus to the first option that appeared.
  await tabTo(page, 'See all');
  await page.keyboard.press('Enter');
  await expect(
    scope.getByRole('button', { name: 'Artificial Intelligence', exact: true }),
  ).toBeFocused();
  await tabTo(page, 'Cybersecurity');
  await page.keyboard.press('Enter');
  await expect(scope.getByRole('heading', { name: question('service') })).toBeFocused();
  await tabTo(page, 'Pitch Deck');
  await page.keyboard.press('Enter');
  await expect(scope.getByRole('heading', { name: question('contact') })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(scope.getByLabel('Full name')).toBeFocused();
  await page.keyboard.type('Dana Keyboard');
  await page.keyboard.press('Tab');
  await page.keyboard.type('dana.keyboard@example.com');
  await page.keyboard.press('Tab');
  await page.keyboard.type('3105550199');
  await expect(scope.getByLabel('Phone')).toHaveValue('(310) 555-0199');
  await page.keyboard.press('Enter'); // submits the form from a text field
  await expect(scope.getByRole('heading', { name: question('ready') })).toBeFocused();
  const submitted = page.waitForResponse((r) => r.url().includes('/api/leads/client'));
  await tabTo(page, 'No, book a consultation first');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/book-consult\?from=home-question$/);
  const { id } = (await (await submitted).json()) as { id: string };
  expect(readLead(id)?.answers).toMatchObject({
    phase: 'In-Revenue',
    industry: 'Cybersecurity',
    service: 'Pitch Deck',
    full_name: 'Dana Keyboard',
    phone: '3105550199',
    ready: 'No, Book Consultation First',
  });
  // The questionnaire left the contact details in the session: /book-consult skips its form.
  await expect(
    page.getByRole('heading', { name: 'Choose a time for your consultation' }),
  ).toBeVisible();
  await expect(page.getByLabel('Full name')).toHaveCount(0);
});

test('a reload on the industry step resumes there with the earlier answers', async ({ page }) => {
  await page.goto('/');
  const scope = page.locator('#form-client');
  await scope.getByRole('button', { name: 'Seeking Exit', exact: true }).click();
  await scope.getByRole('button', { name: '$350,000-$1,000,000', exact: true }).click();
  await expect(scope.getByRole('heading', { name: question('industry') })).toBeVisible();
  await page.reload();
  await expect(scope.getByRole('heading', { name: question('industry') })).toBeVisible();
  await expect(scope.getByText('Question 3 / 5', { exact: true })).toBeVisible();
  await scope.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(scope.getByRole('heading', { name: question('revenue') })).toBeFocused();
  await expect(
    scope.getByRole('button', { name: '$350,000-$1,000,000', exact: true }),
  ).toHaveAttribute('aria-pressed', 'true');
  await scope.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(scope.getByRole('button', { name: 'Seeking Exit', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('a stored progress of another flow version restarts the flow cleanly', async ({ page }) => {
  await page.goto('/');
  await page.evaluate((version) => {
    sessionStorage.setItem(
      'flow-progress:client',
      JSON.stringify({
        flowId: 'client',
        version: version + 1,
        step: 'industry',
        history: ['phase', 'revenue'],
        answers: { phase: 'IPO & ICO' },
      }),
    );
  }, flow.version);
  await page.reload();
  const scope = page.locator('#form-client');
  await expect(scope.getByRole('heading', { name: question('phase') })).toBeVisible();
  await expect(scope.getByRole('button', { name: 'IPO & ICO', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  // The stale progress is dropped once the renderer (loaded because progress exists) reads it.
  await expect
    .poll(() => page.evaluate(() => sessionStorage.getItem('flow-progress:client')))
    .toBeNull();
});

test("the browser's Back and Forward buttons step through the questionnaire", async ({ page }) => {
  await page.goto('/');
  const scope = page.locator('#form-client');
  await scope.getByRole('button', { name: 'Start-up', exact: true }).click();
  await expect(scope.getByText('Question 2 / 5', { exact: true })).toBeVisible();
  await scope.getByRole('button', { name: '$5,000-$50,000', exact: true }).click();
  await expect(scope.getByRole('heading', { name: question('industry') })).toBeVisible();
  await page.goBack();
  await expect(scope.getByRole('heading', { name: question('capital') })).toBeVisible();
  await page.goBack();
  await expect(scope.getByRole('heading', { name: question('phase') })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await page.goForward();
  await expect(scope.getByRole('heading', { name: question('capital') })).toBeVisible();
});

test('a failed submission shows a message, keeps every answer and succeeds on retry', async ({
  page,
}) => {
  await page.goto('/');
  const scope = page.locator('#form-client');
  let failures = 1;
  const keys: string[] = [];
  await page.route(
    (url) => url.pathname === '/api/leads/client',
    async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (failures-- > 0) return route.abort('connectionreset');
      return route.continue();
    },
  );
  await scope.getByRole('button', { name: 'Acquisition', exact: true }).click();
  await scope.getByRole('button', { name: '$150,000-$350,000', exact: true }).click();
  await scope.getByRole('button', { name: 'Fintech', exact: true }).click();
  await scope.getByRole('button', { name: 'Market Research', exact: true }).click();
  await scope.getByLabel('Full name').fill('Robin Retry');
  await scope.getByLabel('Email').fill('robin.retry@example.com');
  await scope.getByLabel('Phone').pressSequentially('2125550123');
  await scope.getByRole('button', { name: 'Next', exact: true }).click();
  await scope.getByRole('button', { name: 'Yes, go to checkout', exact: true }).click();
  await expect(scope.getByRole('alert')).toContainText('could not reach our server');
  await expect(scope.getByRole('heading', { name: question('ready') })).toBeVisible();
  const stored = page.waitForResponse(
    (r) => r.url().includes('/api/leads/client') && r.status() === 202,
  );
  await scope.getByRole('button', { name: 'Try again' }).click();
  await expect(scope.getByRole('heading', { name: 'Checkout: Market Research' })).toBeVisible();
  const { id } = (await (await stored).json()) as { id: string };
  expect(readLead(id)?.answers).toMatchObject({ full_name: 'Robin Retry', industry: 'Fintech' });
  // The retry of the same answers reuses the attempt's Idempotency-Key.
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
  expect(keys[1]).toBe(keys[0]);
  expect(await page.evaluate(() => sessionStorage.getItem('ready-to-talk-submitted'))).toBe('true');
  expect(await page.evaluate(() => sessionStorage.getItem('email'))).toBe(
    'robin.retry@example.com',
  );
});
