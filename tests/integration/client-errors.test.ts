/**
 * Errors a visitor's browser shows, recorded by the built server: an error boundary sends what it
 * caught to `POST /api/client-errors`, which logs it as one JSON line on the server's output.
 *
 * The failure is made the way a stale payload makes one in production: the server's answer
 * names a client component that the browser's code does not export, so React throws while
 * rendering it. No page of the site has a switch that crashes it.
 */
import type { Page } from '@playwright/test';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '@/scripts/csp-html.mjs';
import { servedBuildAndBrowser } from './support/browser';
import { until } from './support/leads-server';

const site = servedBuildAndBrowser();

interface LoggedError {
  event: string;
  digest?: string;
  message: string;
  path: string;
  time: string;
  ua?: string;
}

/** The client-error lines the server has written so far. */
function loggedErrors(): LoggedError[] {
  return site.server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{"event":"client-error"'))
    .map((line) => JSON.parse(line) as LoggedError);
}

/** Counts the reports the page sends. */
function countReports(page: Page): () => number {
  let reports = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/client-errors') reports++;
  });
  return () => reports;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('client errors', () => {
  it('a page that fails in the browser shows the error page and is logged once', async () => {
    const page = await site.browser.newPage();
    const reports = countReports(page);
    let broken = 0;
    // Every payload of /contact-us (prefetch or navigation) names an island that does not exist.
    await page.route(/\/contact-us\?_rsc=/, async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      const stale = body.replaceAll('"FlowIsland"]', '"NoSuchIsland"]');
      if (stale !== body) broken++;
      await route.fulfill({ response, body: stale });
    });
    const before = loggedErrors().length;
    const sentAfter = Date.now();

    await page.goto(`${site.server.url}/`);
    await page.locator('a[href="/contact-us"]').first().click();
    await until(() => broken > 0, 10_000, 'a payload of /contact-us that names the flow island');
    await page.getByRole('heading', { name: '500' }).waitFor();
    await until(() => loggedErrors().length > before, 10_000, 'the client-error log line');

    const [logged] = loggedErrors().slice(before);
    expect(logged).toMatchObject({ event: 'client-error', path: '/contact-us' });
    // React's production message links to its decoder; the link's query string is not kept.
    expect(logged!.message).toMatch(
      /^Minified React error #\d+; visit https:\/\/react\.dev\/errors\/\d+ /,
    );
    expect(logged!.message).not.toContain('?');
    expect(Date.parse(logged!.time)).toBeGreaterThanOrEqual(sentAfter - 1000);
    expect(logged!.ua).toMatch(/Chrome/);

    // Trying again fails the same way: the same error is not reported a second time.
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: '500' }).waitFor();
    await sleep(1500);
    expect(reports()).toBe(1);
    expect(loggedErrors().length).toBe(before + 1);
    await page.close();
  }, 60_000);

  it('a failure of the root layout shows the global error page and is logged', async () => {
    const page = await site.browser.newPage();
    let broken = false;
    // The home page's document carries the layout's payload inline; its menus then cannot render.
    // A stale document comes with its own policy, so the policy is written for the changed page.
    await page.route(`${site.server.url}/`, async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      const stale = body.replaceAll('\\"MenuProvider\\"]', '\\"NoSuchProvider\\"]');
      broken = stale !== body;
      const hashes = inlineScriptHashes(stale).map((hash) => `'sha256-${hash}'`);
      const headers = response.headers();
      const policy = (headers['content-security-policy'] ?? '').replace(
        /script-src [^;]+/,
        `script-src 'self' ${hashes.join(' ')}`,
      );
      await route.fulfill({
        response,
        body: stale,
        headers: { ...headers, 'content-security-policy': policy },
      });
    });
    const before = loggedErrors().length;

    await page.goto(`${site.server.url}/`);
    expect(broken).toBe(true);
    await page
      .getByRole('heading', { name: 'An error occurred while showing the error page' })
      .waitFor();
    await until(() => loggedErrors().length > before, 10_000, 'the client-error log line');
    const logged = loggedErrors().slice(before);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ event: 'client-error', path: '/' });
    expect(logged[0]!.message).toMatch(/^Minified React error #\d+/);
    await page.close();
  }, 60_000);
});
