/**
 * A real tag manager loads more than its own script. Here a fake one, served from a host of its
 * own, pulls a second script, a frame, a beacon and a pixel from a second host, in Chromium, on
 * the production server (an instance of the e2e build of this test's own, started with the tag
 * manager configured):
 * - with the second host in TAG_MANAGER_CSP, all four load and nothing is reported;
 * - without it, the policy blocks all four, the browser reports them (`report-uri`, the one
 *   way over plain http), and the server logs each as one JSON line (`csp-violation`,
 *   disposition `enforce`);
 * - with CSP_REPORT_ONLY=1, behind a local TLS terminator (the Reporting API works over https
 *   only), all four load and are still reported, through `report-to` (disposition `report`).
 * The page is /search, which the server renders per request from this instance's environment.
 */
import { cpSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startLeadsServer, type LeadsServer } from '../integration/support/leads-server';
import { startTlsTerminator, type TlsTerminator } from '../integration/support/tls-terminator';
import { chromiumLaunchOptions } from './support/chromium';
import { watchCspViolations } from './support/csp-violations';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

// Chromium sends Reporting API reports in batches about a minute apart; web tests shorten that.
// The terminator's certificate is self-signed: the browser, its reporting uploads included,
// takes it without asking.
const launch = chromiumLaunchOptions();
test.use({
  ignoreHTTPSErrors: true,
  launchOptions: {
    ...launch,
    args: [...(launch.args ?? []), '--short-reporting-delay', '--ignore-certificate-errors'],
  },
});

const root = process.cwd();
const distDir = `.next-csp-widgets-${process.pid}`;

/** A loopback HTTP server answering `routes` by path, recording every path it was asked for. */
async function fakeHost(
  host: string,
  routes: Record<string, { type: string; body: string | Buffer }>,
): Promise<{ origin: string; asked: string[]; server: Server }> {
  const asked: string[] = [];
  const server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    asked.push(pathname);
    const route = routes[pathname];
    if (!route) return void res.writeHead(req.method === 'POST' ? 204 : 404).end();
    res.writeHead(200, { 'content-type': route.type, 'cache-control': 'no-store' }).end(route.body);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://${host}:${port}`, asked, server };
}

let second: Awaited<ReturnType<typeof fakeHost>>;
let tags: Awaited<ReturnType<typeof fakeHost>>;
let site: LeadsServer;
let tls: TlsTerminator | undefined;

test.beforeAll(async () => {
  // The second host is another loopback address: another host, as a real tag's would be.
  second = await fakeHost('127.0.0.2', {
    '/second.js': { type: 'text/javascript', body: 'window.secondScript = "ran";' },
    '/frame.html': { type: 'text/html', body: '<!doctype html><p>Tag frame loaded</p>' },
    '/pixel.gif': {
      type: 'image/gif',
      body: Buffer.from('R0lGODlhAQABAAAAACwAAAAAAQABAAA=', 'base64'),
    },
  });
  // What a tag manager does once it runs: more script, a frame, a hit and a pixel elsewhere.
  const tagManager = `
    window.tagManager = "ran";
    var host = ${JSON.stringify(second.origin)};
    var script = document.createElement("script");
    script.src = host + "/second.js";
    document.head.appendChild(script);
    var frame = document.createElement("iframe");
    frame.id = "tag-frame";
    frame.title = "Tag frame";
    frame.src = host + "/frame.html";
    document.body.appendChild(frame);
    navigator.sendBeacon(host + "/collect", "hit");
    new Image().src = host + "/pixel.gif";
  `;
  tags = await fakeHost('127.0.0.1', { '/gtm.js': { type: 'text/javascript', body: tagManager } });

  rmSync(path.join(root, distDir), { recursive: true, force: true });
  cpSync(path.join(root, '.next'), path.join(root, distDir), {
    recursive: true,
    filter: (source) => !source.includes(`${path.sep}cache`),
  });
  site = await startLeadsServer({
    NEXT_DIST_DIR: distDir,
    TAG_MANAGER_SCRIPT_URL: `${tags.origin}/gtm.js`,
    TAG_MANAGER_CSP: [
      `script-src ${second.origin}`,
      `frame-src ${second.origin}`,
      `connect-src ${second.origin}`,
      `img-src ${second.origin}`,
    ].join('; '),
  });
});

test.afterAll(async () => {
  await site?.stop();
  await tls?.close();
  second?.server.close();
  tags?.server.close();
  rmSync(path.join(root, distDir), { recursive: true, force: true });
});

/** Opens the page (from `origin`) and interacts until the tag manager has loaded and run. */
async function openWithTagManager(page: Page, origin = site.url) {
  const response = await page.goto(`${origin}/search?q=widgets`);
  expect(response?.status()).toBe(200);
  const asked = tags.asked.length;
  // The loader listens once the page has hydrated: move until the tag manager is asked for.
  for (let x = 10; tags.asked.length === asked && x < 600; x += 10) {
    await page.mouse.move(x, 300);
    await page.waitForTimeout(100);
  }
  await expect
    .poll(() => page.evaluate(() => (window as { tagManager?: string }).tagManager))
    .toBe('ran');
  return response!;
}

/** The server's `csp-violation` log lines written after `from` characters of its output. */
function violationsLogged(from: number): Record<string, unknown>[] {
  return site
    .output()
    .slice(from)
    .split('\n')
    .filter((line) => line.includes('"event":"csp-violation"'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The directives of those lines, sorted; and the four the second host's loads fall under. */
const directivesLogged = (from: number) =>
  violationsLogged(from)
    .map((line) => line.effectiveDirective)
    .sort();
const secondHostDirectives = ['connect-src', 'frame-src', 'img-src', 'script-src-elem'];

const secondHostLoads = ['/second.js', '/frame.html', '/collect', '/pixel.gif'];

/** The tag manager's second script ran, its frame shows, and the second host got all four. */
async function expectSecondHostLoaded(page: Page) {
  await expect
    .poll(() => page.evaluate(() => (window as { secondScript?: string }).secondScript))
    .toBe('ran');
  await expect(page.frameLocator('#tag-frame').getByText('Tag frame loaded')).toBeVisible();
  await expect.poll(() => [...second.asked].sort()).toEqual([...secondHostLoads].sort());
}

test('with the second host configured, its script, frame, beacon and pixel all load', async ({
  page,
}) => {
  const logFrom = site.output().length;
  const violations = watchCspViolations(page);
  const response = await openWithTagManager(page);
  const policy = response.headers()['content-security-policy'] ?? '';
  expect(/frame-src ([^;]*)/.exec(policy)?.[1]?.split(' ')).toContain(second.origin);

  await expectSecondHostLoaded(page);
  await page.waitForTimeout(1500);
  expect(violations()).toEqual([]);
  expect(violationsLogged(logFrom)).toEqual([]);
});

test('without it, the policy blocks all four, and each violation is reported and logged', async ({
  page,
}) => {
  await site.stop();
  await site.restart({ TAG_MANAGER_CSP: undefined });
  second.asked.length = 0;
  const logFrom = site.output().length;
  const violations = watchCspViolations(page);
  const response = await openWithTagManager(page);
  expect(response.headers()['content-security-policy']).not.toContain(second.origin);

  // The browser says why, and the visitor's page keeps working without them.
  await expect.poll(() => violations().length).toBeGreaterThanOrEqual(4);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as { secondScript?: string }).secondScript)).toBe(
    undefined,
  );

  // The reports reach the site, which logs one JSON line per blocked load.
  await expect
    .poll(() => directivesLogged(logFrom), { timeout: 20_000 })
    .toEqual(secondHostDirectives);
  const byDirective: Record<string, Record<string, unknown>> = Object.fromEntries(
    violationsLogged(logFrom).map((line) => [String(line.effectiveDirective), line]),
  );
  expect(byDirective['script-src-elem']).toMatchObject({
    documentURL: `${site.url}/search`,
    blockedURL: `${second.origin}/second.js`,
    disposition: 'enforce',
    sourceFile: `${tags.origin}/gtm.js`,
    time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
  });
  // A blocked frame is reported by its origin only (the browser hides where it would have gone).
  expect(byDirective['frame-src']).toMatchObject({ blockedURL: second.origin });
  expect(byDirective['connect-src']).toMatchObject({ blockedURL: `${second.origin}/collect` });
  expect(byDirective['img-src']).toMatchObject({ blockedURL: `${second.origin}/pixel.gif` });
  // Nothing blocked reached the second host.
  expect(second.asked).toEqual([]);
});

test('with CSP_REPORT_ONLY=1 over https, all four load and are still reported', async ({
  page,
}) => {
  tls = await startTlsTerminator();
  tls.forwardTo(site.url);
  await site.stop();
  await site.restart({ TAG_MANAGER_CSP: undefined, CSP_REPORT_ONLY: '1', SITE_URL: tls.origin });
  second.asked.length = 0;
  const logFrom = site.output().length;
  const response = await openWithTagManager(page, tls.origin);
  const headers = response.headers();
  expect(headers['content-security-policy-report-only']).toContain("script-src 'self'");
  expect(headers['content-security-policy-report-only']).toContain('report-to csp-endpoint');
  expect(headers['reporting-endpoints']).toBe('csp-endpoint="/api/csp-reports"');
  // Framing stays refused: it is enforced, outside the report-only policy.
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).not.toContain('script-src');

  await expectSecondHostLoaded(page);
  await expect
    .poll(() => directivesLogged(logFrom), { timeout: 20_000 })
    .toEqual(secondHostDirectives);
  for (const line of violationsLogged(logFrom)) {
    expect(line).toMatchObject({ disposition: 'report', documentURL: `${tls.origin}/search` });
  }
});
