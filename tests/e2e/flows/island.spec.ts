/**
 * Flows arrive as server-rendered HTML and the renderer loads when the visitor reaches for the
 * form. What a visitor could notice: a page that has loaded carries no questionnaire code; the
 * first click answers the question even while the renderer is still on its way; text typed
 * before it arrives is kept and sent; a renderer that cannot load says so and the next click
 * tries again.
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

/** From now on, every new code chunk arrives `ms` later (a slow phone network). */
async function slowChunks(page: Page, ms: number) {
  await page.route('**/_next/static/chunks/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

test('a loaded page carries no questionnaire code; the first click brings it and answers', async ({
  page,
}) => {
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
