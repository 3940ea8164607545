/**
 * What the A/B test browser tests share: each visit in a browser context of its own (a new tab's
 * session) from its own address, the variant the visit keeps in session storage, and opening the
 * home page once the public list of tests has answered.
 */
import { expect, type Browser, type Page } from '@playwright/test';

/**
 * New visits to the server at `baseURL()`, numbered from 1, each from `network`.n (a /24 of
 * documentation addresses: a test of its own uses its own). `doNotTrack`: the browser sends it.
 */
export function visits(baseURL: () => string, network: string) {
  let visitor = 0;
  return async (browser: Browser, extra: { doNotTrack?: boolean } = {}) => {
    visitor += 1;
    const context = await browser.newContext({
      baseURL: baseURL(),
      extraHTTPHeaders: { 'x-forwarded-for': `${network}.${visitor % 250}` },
    });
    if (extra.doNotTrack) {
      await context.addInitScript(() =>
        Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' }),
      );
    }
    return { context, page: await context.newPage() };
  };
}

/** The variant kept for this visit in session storage, if any. */
export const keptVariant = (page: Page) =>
  page.evaluate(() => {
    const kept = JSON.parse(sessionStorage.getItem('site:experiments') ?? '{}') as Record<
      string,
      { variant: string }
    >;
    return Object.values(kept)[0]?.variant;
  });

/**
 * Opens (or reloads) the home page and waits for the test's answer, then for the variant kept
 * for this visit; `untagged`: a visit the test keeps nothing for (Do Not Track, a promotion).
 */
export async function openHome(
  page: Page,
  reload = false,
  untagged = false,
): Promise<string | undefined> {
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/experiments'));
  await (reload ? page.reload() : page.goto('/'));
  await (await answered).finished();
  if (untagged) {
    await page.waitForTimeout(500);
    return keptVariant(page);
  }
  await expect.poll(() => keptVariant(page)).toBeDefined();
  return keptVariant(page);
}

/** Variant `key`'s row in the report on the staff page `admin` (cells: serves, weight, visits…). */
export const reportRow = (admin: Page, key: string) =>
  admin
    .getByRole('table', { name: 'Variants' })
    .getByRole('row')
    .filter({ has: admin.getByRole('rowheader', { name: new RegExp(`^${key}`) }) });
