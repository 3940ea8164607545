/**
 * Flows arrive as server-rendered HTML. The renderer is fetched while the browser is idle once
 * the page has loaded and the questionnaire is in view (or when the visitor reaches for it,
 * whichever is first), and swapped in when the visitor acts. What a visitor could notice: the
 * press on a questionnaire in view waits for no code; one out of view costs nothing until it
 * scrolls near; a visitor who asked to save data gets no prefetch, and then the first click
 * answers the question even while the renderer is still on its way; text typed before it
 * arrives is kept and sent; a renderer that cannot load says so and the next click tries again.
 */
import { expect, test, type Page } from '@playwright/test';
import { leadResponse, visitorIp } from './support/flow-driver';
import { readLead } from './support/lead-store';

test.use({ extraHTTPHeaders: { 'x-forwarded-for': visitorIp() } });

// Text only the renderer's own code holds (flow-machine-view.tsx).
const rendererMarker = 'Please complete the captcha check first.';

/** Whether any script the page has received so far holds `marker`. */
function recordScripts(page: Page): (marker: string) => Promise<boolean> {
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') {
      bodies.push(response.text().catch(() => ''));
    }
  });
  return async (marker) => (await Promise.all(bodies)).some((text) => text.includes(marker));
}

/**
 * The visitor asked the browser to save data (Chrome's Lite mode, Android's Data Saver): the
 * Network Information API says so, and the site prefetches nothing. The tests of what happens
 * while the renderer is still on its way take this visitor, whose first touch fetches it.
 */
async function saveData(page: Page) {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'connection', {
      configurable: true,
      get: () => ({ saveData: true, effectiveType: '4g' }),
    });
  });
}

/** From now on, every new code chunk arrives `ms` later (a slow phone network). */
async function slowChunks(page: Page, ms: number) {
  await page.route('**/_next/static/chunks/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

test('the questionnaire in view is fetched while the page is idle, so the press waits for no code', async ({
  page,
}) => {
  const holds = recordScripts(page);
  await page.goto('/grant-service');
  const scope = page.locator('#form-grants');
  await page.waitForLoadState('networkidle');
  // Below the fold until the visitor scrolls to it; then it is fetched without a touch.
  await scope.getByText(/^Question 1 \/ \d+$/).scrollIntoViewIfNeeded();
  await expect.poll(() => holds(rendererMarker)).toBe(true);
  // Nothing moved: the visitor sees the same first question (a choice step is swapped for the
  // renderer's in an idle moment, drawn by the same views).
  await expect(scope.getByText(/^Question 1 \/ \d+$/)).toBeVisible();
  await expect(page).not.toHaveTitle(/^Question/);

  const afterPress: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/_next/static/') || request.url().includes('/api/flows/'))
      afterPress.push(request.url());
  });
  await scope.getByRole('button', { name: 'For-profit', exact: true }).click();
  const question = scope.getByRole('heading', { name: 'What sector is your project in?' });
  await expect(question).toBeVisible();
  await expect(question).toBeFocused();
  expect(afterPress).toEqual([]);
});

test('a questionnaire out of view is not fetched until it scrolls near', async ({ page }) => {
  const flowRequests: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/flows/')) flowRequests.push(pathname);
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  // The home page's questionnaire is in view; the footer's newsletter is not.
  await expect.poll(() => flowRequests).toContain('/api/flows/client');
  expect(flowRequests).not.toContain('/api/flows/newsletter');
  await page.locator('#newsletter').scrollIntoViewIfNeeded();
  await expect.poll(() => flowRequests).toContain('/api/flows/newsletter');
});

test('with save data on, a loaded page carries no questionnaire code; the first click brings it and answers', async ({
  page,
}) => {
  await saveData(page);
  const holds = recordScripts(page);
  await page.goto('/grant-service');
  const scope = page.locator('#form-grants');
  await expect(scope.getByText(/^Question 1 \/ \d+$/)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await holds(rendererMarker)).toBe(false);

  await slowChunks(page, 1_000);
  await scope.getByRole('button', { name: 'For-profit', exact: true }).click();
  const question = scope.getByRole('heading', { name: 'What sector is your project in?' });
  await expect(question).toBeVisible();
  await expect(question).toBeFocused();
  await expect(page).toHaveTitle(/^Question 2 of \d+: What sector is your project in\?/);
  expect(await holds(rendererMarker)).toBe(true);
});

test('an e-mail typed before the renderer arrives is kept and sent', async ({ page }) => {
  await saveData(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await slowChunks(page, 1_500);
  const scope = page.locator('#newsletter');
  const email = scope.getByLabel('Email');
  await email.fill('early.bird@example.com');
  const submitted = leadResponse(page, 'newsletter');
  await email.press('Enter');
  const response = await submitted;
  expect(response.status()).toBe(202);
  await expect(
    scope.getByRole('heading', { name: 'Congratulations, you have joined our mailing list.' }),
  ).toBeVisible();
  const { id } = (await response.json()) as { id: string };
  expect(readLead(id)?.answers).toEqual({ email: 'early.bird@example.com' });
});

test('a bad e-mail typed before the renderer arrives gets its error, with the text kept', async ({
  page,
}) => {
  await saveData(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await slowChunks(page, 1_000);
  const scope = page.locator('#newsletter');
  await scope.getByLabel('Email').fill('not-an-address');
  await scope.getByRole('button', { name: 'Submit' }).click();
  const summary = scope.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(summary).toBeFocused();
  await expect(scope.getByLabel('Email')).toHaveValue('not-an-address');
  await expect(scope.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
});

test('when the renderer cannot load, the visitor is told and the next click retries', async ({
  page,
}) => {
  await saveData(page);
  await page.goto('/grant-service');
  await page.waitForLoadState('networkidle');
  await page.route('**/_next/static/chunks/**', (route) => route.abort('internetdisconnected'));
  const scope = page.locator('#form-grants');
  await scope.getByRole('button', { name: 'For-profit', exact: true }).click();
  await expect(scope.getByRole('alert')).toHaveText(
    'The form could not load. Check your connection and try again.',
  );
  await page.unroute('**/_next/static/chunks/**');
  await scope.getByRole('button', { name: 'For-profit', exact: true }).click();
  await expect(
    scope.getByRole('heading', { name: 'What sector is your project in?' }),
  ).toBeVisible();
});
