import { expect, test, type APIRequestContext } from '@playwright/test';

async function page(request: APIRequestContext, path: string) {
  const response = await request.get(path, { maxRedirects: 0 });
  const html = await response.text();
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
  const main = /<main[\s\S]*?<\/main>/.exec(html)?.[0];
  return { response, html, canonical, main };
}

for (const [plain, prefixed] of [
  ['/', '/en'],
  ['/search?search=plans', '/en/search?search=plans'],
  ['/careers', '/en/careers'],
] as const) {
  test(`${plain} and ${prefixed} answer 200 with the same content and canonical`, async ({
    request,
    baseURL,
  }) => {
    const a = await page(request, plain);
    const b = await page(request, prefixed);
    expect(a.response.status()).toBe(200);
    expect(b.response.status()).toBe(200); // served, not redirected
    expect(a.canonical).toBeTruthy();
    expect(b.canonical).toBe(a.canonical);
    expect(new URL(a.canonical!).pathname).toBe(new URL(plain, baseURL).pathname);
    expect(b.main).toBe(a.main);
    expect(a.html).toMatch(/<link rel="alternate" hrefLang="en" href="[^"]+"/);
    expect(a.html).toMatch(/<link rel="alternate" hrefLang="x-default" href="[^"]+"/);
    expect(a.html).toMatch(/<meta property="og:image:width" content="1200"/);
    expect(a.html).toMatch(/<meta name="twitter:card" content="summary_large_image"/);
  });
}

test('unknown paths answer 404 in both forms', async ({ request }) => {
  expect((await request.get('/no-such-page')).status()).toBe(404);
  expect((await request.get('/en/no-such-page')).status()).toBe(404);
});

test('the locale cookie is set when missing: a year, SameSite=Lax', async ({ request }) => {
  const response = await request.get('/', { maxRedirects: 0 });
  const cookie = response.headers()['set-cookie'] ?? '';
  expect(cookie).toMatch(/i18n_redirected=en/);
  expect(cookie).toMatch(/Max-Age=31536000/);
  expect(cookie).toMatch(/SameSite=lax/i);
});

test('sitemap.xml lists the unprefixed pages and robots.txt points to it', async ({ request }) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  const xml = await sitemap.text();
  expect(xml).toContain('<urlset');
  for (const path of [
    '/consulting/business-plans',
    '/cities/manhattan',
    '/financing/private-credit/direct-lending',
  ]) {
    expect(xml).toContain(`${path}</loc>`);
  }
  expect(xml).not.toMatch(/\/en\//);
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/Sitemap: .+\/sitemap\.xml/);
});
