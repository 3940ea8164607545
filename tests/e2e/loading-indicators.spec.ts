/**
 * Loading indicators do not flash ("fetch minimum display delay 200 ms", site-spec.md §9):
 * a fetch faster than 200 ms shows none; a slower one shows its indicator from 200 ms on.
 * Every loading status that ever enters the page is recorded from the first byte (an
 * observer installed before the page's own scripts), so even a one-frame flash is seen.
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import { leadResponse, visitorIp } from './flows/support/flow-driver';

test.use({
  viewport: { width: 1280, height: 800 },
  extraHTTPHeaders: { 'x-forwarded-for': visitorIp() },
});

interface Seen {
  text: string;
  shownAt: number;
  hiddenAt?: number;
}
interface Recorder {
  seen: Seen[];
  /** The visitor's first click (a form replays it once its code is in: that one is not counted). */
  clickedAt: number;
  /** When the header menus' links first entered the page (every panel is filled at once). */
  menuLinksAt: number;
  /**
   * When a menu first opened: what its "Loading…" delay counts from. A mouse opens it on hover,
   * which comes before the click (more so on a busy machine).
   */
  menuOpenedAt: number;
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const recorder: Recorder = { seen: [], clickedAt: -1, menuLinksAt: -1, menuOpenedAt: -1 };
    (window as unknown as { loading: Recorder }).loading = recorder;
    const live = new Map<Element, Seen>();
    document.addEventListener(
      'click',
      () => {
        if (recorder.clickedAt < 0) recorder.clickedAt = performance.now();
      },
      true,
    );
    new MutationObserver(() => {
      const now = performance.now();
      if (recorder.menuLinksAt < 0 && document.querySelector('.dropdown__panel a')) {
        recorder.menuLinksAt = now;
      }
      if (recorder.menuOpenedAt < 0 && document.querySelector('.dropdown--open')) {
        recorder.menuOpenedAt = now;
      }
      for (const status of document.querySelectorAll('[role="status"]')) {
        const text = status.textContent?.trim() ?? '';
        if (!text.startsWith('Loading') || live.has(status)) continue;
        const entry = { text, shownAt: now };
        live.set(status, entry);
        recorder.seen.push(entry);
      }
      for (const [status, entry] of live) {
        if (status.isConnected && status.textContent?.trim().startsWith('Loading')) continue;
        entry.hiddenAt = now;
        live.delete(status);
      }
    }).observe(document, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['class'],
    });
  });
});

const recorded = (page: Page) =>
  page.evaluate(() => (window as unknown as { loading: Recorder }).loading);

/** Answers the request after `ms`, with the body the server gives. */
function delayBy(ms: number) {
  return async (route: Route) => {
    const response = await route.fetch();
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.fulfill({ response });
  };
}

async function openConsulting(page: Page) {
  await page.goto('/');
  await page.waitForFunction(() => document.querySelector('#menu-trigger-consulting') !== null);
  await page.waitForLoadState('networkidle');
  // A click on the trigger is the first intent: the fetch starts as the menu opens.
  await page.locator('header').getByRole('button', { name: 'Consulting', exact: true }).click();
  return page.locator('#menu-panel-consulting');
}

test('a menu that takes a second shows "Loading…" from 200 ms, then its links', async ({
  page,
}) => {
  await page.route('**/api/header-menus', delayBy(1000));
  const panel = await openConsulting(page);
  await expect(panel.getByRole('status')).toHaveText('Loading…');
  await expect(panel.getByRole('link', { name: 'Management Consulting' })).toBeVisible();
  await expect(panel.getByRole('status')).toHaveCount(0);
  const { seen, menuOpenedAt } = await recorded(page);
  expect(seen).toHaveLength(1);
  expect(seen[0]!.shownAt - menuOpenedAt).toBeGreaterThanOrEqual(190);
});

test('a Tab pressed before a menu has arrived lands on its first link once it does', async ({
  page,
}) => {
  await page.route('**/api/header-menus', delayBy(1000));
  await page.goto('/');
  await page.waitForFunction(() => document.querySelector('#menu-trigger-consulting') !== null);
  await page.waitForLoadState('networkidle');
  const trigger = page.locator('header').getByRole('button', { name: 'Consulting', exact: true });
  await trigger.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  const panel = page.locator('#menu-panel-consulting');
  await expect(panel.getByRole('status')).toHaveText('Loading…');
  await expect(panel.getByRole('link').first()).toBeFocused();
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
});

test('a menu that arrives within 200 ms never shows "Loading…"', async ({ page }) => {
  // Still on its way as the menu opens, but quicker than the threshold: answered from memory.
  const body = await (await page.request.get('/api/header-menus')).text();
  await page.route('**/api/header-menus', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 80));
    await route.fulfill({ contentType: 'application/json', body });
  });
  const panel = await openConsulting(page);
  await expect(panel.getByRole('link', { name: 'Management Consulting' })).toBeVisible();
  await page.waitForTimeout(300);
  const { seen, menuOpenedAt, menuLinksAt } = await recorded(page);
  // Never before the threshold; and nothing at all when the links came well within it (a
  // machine too busy to fill the menu in time may rightly show the indicator, from 200 ms on).
  expect(seen.filter((entry) => entry.shownAt - menuOpenedAt < 190)).toEqual([]);
  if (menuLinksAt - menuOpenedAt < 150) expect(seen).toEqual([]);
});

test('a form whose code is slow says it is loading, then sends what was typed', async ({
  page,
}) => {
  // Long enough that a busy machine's assertions see the loading state before it ends.
  await page.route((url) => url.pathname === '/api/flows/newsletter', delayBy(2000));
  await page.goto('/');
  const footer = page.locator('#newsletter');
  await footer.getByLabel('Email').fill('slow-line@example.com');
  const sent = leadResponse(page, 'newsletter');
  await footer.getByRole('button', { name: 'Submit' }).click();
  // The status and the busy island together, while the form's code is on its way.
  await expect(footer.locator('.flow-island[aria-busy="true"]').getByRole('status')).toHaveText(
    'Loading the form…',
  );
  expect((await sent).status()).toBe(202);
  await expect(footer.getByText('Congratulations')).toBeVisible();
  const { seen, clickedAt } = await recorded(page);
  expect(seen.map((s) => s.text)).toEqual(['Loading the form…']);
  expect(seen[0]!.shownAt - clickedAt).toBeGreaterThanOrEqual(190);
});

test('a form whose code is already in shows no loading status', async ({ page }) => {
  await page.goto('/');
  const footer = page.locator('#newsletter');
  const flowFetched = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/flows/newsletter',
  );
  await footer.getByLabel('Email').fill('quick-line@example.com');
  await flowFetched;
  await page.waitForLoadState('networkidle');
  await footer.getByRole('button', { name: 'Submit' }).click();
  await expect(footer.getByText('Congratulations')).toBeVisible();
  expect((await recorded(page)).seen).toEqual([]);
});
