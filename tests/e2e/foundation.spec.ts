import { expect, test } from '@playwright/test';

test('the home page names the firm and its claims', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const text = await page.locator('main').innerText();
  expect(text).toMatch(/more than \$650M/);
  expect(text).toMatch(/150\+ industries/);
  expect(text).toMatch(/as fast as 3 days/);
  await expect(page.locator('meta[property="og:site_name"]')).toHaveAttribute('content', /.+/);
  await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute('content', '1200');
  await expect(page.locator('meta[property="og:image:height"]')).toHaveAttribute('content', '630');
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute(
    'content',
    'summary_large_image',
  );
});

test('no request of the home page fails', async ({ page }) => {
  const failures: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
  });
  page.on('requestfailed', (request) => failures.push(`failed ${request.url()}`));
  await page.goto('/', { waitUntil: 'load' });
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  const icon = await page.locator('link[rel="icon"]').first().getAttribute('href');
  expect(icon).toBeTruthy();
  const og = await page.locator('meta[property="og:image"]').getAttribute('content');
  const ogResponse = await page.request.get(new URL(og ?? '', page.url()).pathname);
  expect(ogResponse.status()).toBe(200);
  expect(failures).toEqual([]);
});

test('the scripts a page starts with are marked for compiling while they stream in', async ({
  page,
}) => {
  // V8 compiles marked scripts' functions off the main thread (scripts/compile-hints.ts).
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url());
  });
  const response = await page.goto('/contact-us', { waitUntil: 'load' });
  // The scripts the page's HTML names; what the page fetches later (a questionnaire's funnel
  // beacon, the renderer on first touch) is not a startup script.
  const html = (await response?.text()) ?? '';
  const startup = scripts.filter((url) => html.includes(new URL(url).pathname));
  expect(startup.length).toBeGreaterThan(3);
  for (const url of startup) {
    const body = await (await page.request.get(url)).text();
    expect(body.startsWith('//# allFunctionsCalledOnLoad\n'), url).toBe(true);
  }
});

test('an unknown path answers 404 with the error page', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle('404 | Page not found');
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  await expect(page.getByText('An error occurred')).toBeVisible();
  await expect(page.getByText('This page could not be found')).toBeVisible();
  await expect(page.locator('meta[name="robots"]').first()).toHaveAttribute('content', /noindex/);
  await page.getByRole('main').getByRole('link', { name: 'Home page' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a 404 page asks robots not to index it with exactly one robots tag', async ({ page }) => {
  for (const path of ['/no-such-page', '/en/no-such-page', '/insights/no-such-insight']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    const robots = page.locator('meta[name="robots"]');
    await expect(robots, path).toHaveCount(1);
    await expect(robots, path).toHaveAttribute('content', /noindex/);
  }
});

test('text is set in the self-hosted typeface, preloaded from the site, under 60 KiB', async ({
  page,
}) => {
  const fonts: { url: string; bytes: number }[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'font') {
      fonts.push({ url: response.url(), bytes: (await response.body()).length });
    }
  });
  await page.goto('/');
  const preload = page.locator('link[rel="preload"][as="font"]');
  await expect(preload).toHaveCount(1);
  expect(await preload.getAttribute('href')).toMatch(/^\/_next\/static\/media\/.+\.woff2$/);
  await page.evaluate(() => document.fonts.ready);
  // The first family of the body's stack is the one next/font declared, and it has loaded.
  const family = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
  const first = family.split(',')[0]!.trim();
  expect(first).toMatch(/siteFont/i);
  expect(await page.evaluate((name) => document.fonts.check(`16px ${name}`), first)).toBe(true);
  const loaded = await page.evaluate(() =>
    [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family),
  );
  expect(loaded.some((name) => first.includes(name.replace(/['"]/g, '')))).toBe(true);
  expect(fonts.length).toBeGreaterThan(0);
  for (const font of fonts) {
    expect(new URL(font.url).origin).toBe(new URL(page.url()).origin);
    expect(font.bytes).toBeLessThanOrEqual(60 * 1024);
  }
});
