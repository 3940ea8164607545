/**
 * The third-party widgets in a real browser against the built site (configured with all seven
 * widget URLs, see leads-build.ts): none loads before the visitor interacts; then the tag
 * manager and ads tracking at once, the video 1 s after the last mouse move, feedback, chat and
 * lead tracking after 5 s, the chat widget 10 s after the chat; each once, and all under the
 * page's Content-Security-Policy, which allows the configured widgets' host.
 */
import type { Page } from '@playwright/test';
import { describe, expect, it } from 'vitest';
import { watchCspViolations } from '@/tests/e2e/support/csp-violations';
import { servedBuildAndBrowser } from './support/browser';
import { widgetScriptUrls } from './support/leads-build';

// Served with the environment it was built with, as in production.
const site = servedBuildAndBrowser(widgetScriptUrls);

/** Serves every widget script from the test and records when each was asked for. */
async function recordWidgets(page: Page) {
  const requests: { id: string; at: number }[] = [];
  await page.route('https://widgets.test/**', (route) => {
    const id = new URL(route.request().url()).pathname.replace(/^\/|\.js$/g, '');
    requests.push({ id, at: Date.now() });
    return route.fulfill({
      contentType: 'text/javascript',
      body: `window.loadedWidgets = (window.loadedWidgets || []).concat(${JSON.stringify(id)});`,
    });
  });
  const at = (id: string) => requests.find((request) => request.id === id)?.at;
  return { requests, at };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('third-party widgets', () => {
  it('load only after the first interaction, each at its time and once', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const widgets = await recordWidgets(page);
    const violations = watchCspViolations(page);
    const response = await page.goto(`${site.server.url}/contact-us`, { waitUntil: 'load' });
    // The policy names the configured widgets' host, and only for scripts it allows.
    const policy = (await response?.allHeaders())?.['content-security-policy'] ?? '';
    expect(/script-src [^;]*https:\/\/widgets\.test/.test(policy)).toBe(true);
    await page.waitForLoadState('networkidle');
    await sleep(1500);
    expect(widgets.requests).toEqual([]);
    expect(await page.locator('script[data-third-party]').count()).toBe(0);

    // The loader listens once the page has hydrated; move until the first widget is asked for.
    let lastMove = 0;
    for (let x = 10; widgets.requests.length === 0 && x < 400; x += 10) {
      await page.mouse.move(x, 300);
      lastMove = Date.now();
      await sleep(100);
    }
    const tagManager = widgets.at('tag-manager');
    const adsTracking = widgets.at('ads-tracking');
    expect(tagManager, 'the tag manager loads on the first interaction').toBeDefined();
    expect(adsTracking, 'ads tracking loads with the tag manager').toBeDefined();
    expect(Math.abs(adsTracking! - tagManager!)).toBeLessThan(500);
    expect(widgets.at('video')).toBeUndefined();
    const dataLayer = await page.evaluate(
      () => (window as unknown as { dataLayer?: { event?: string }[] }).dataLayer ?? [],
    );
    expect(dataLayer.map((entry) => entry.event)).toContain('first_interaction');

    await expect.poll(() => widgets.at('video'), { timeout: 4000 }).toBeDefined();
    expect(widgets.at('video')! - lastMove).toBeGreaterThanOrEqual(900);
    expect(widgets.at('feedback')).toBeUndefined();

    await expect.poll(() => widgets.at('lead-tracking'), { timeout: 8000 }).toBeDefined();
    for (const id of ['feedback', 'chat', 'lead-tracking']) {
      expect(widgets.at(id)! - lastMove, id).toBeGreaterThanOrEqual(4900);
    }
    expect(widgets.at('chat-widget'), 'the chat widget waits a further 10 s').toBeUndefined();

    // More interaction loads nothing twice.
    await page.mouse.move(50, 50);
    await page.mouse.wheel(0, 300);
    await sleep(1500);
    const ids = widgets.requests.map((request) => request.id);
    expect(new Set(ids).size).toBe(ids.length);
    // Every requested script ran once; async scripts run in the order they arrive, not asked.
    const ran = await page.evaluate(
      () => (window as unknown as { loadedWidgets?: string[] }).loadedWidgets ?? [],
    );
    expect([...ran].sort()).toEqual([...ids].sort());
    // They all ran under the page's Content-Security-Policy, which nothing broke.
    expect(violations()).toEqual([]);
    await page.close();
  }, 40_000);
});
