/**
 * Request-level checks over every route: each answers 200 with its own title and an H1,
 * without and with `/en`; unknown slugs answer 404 at every depth; the misspelled URLs of the
 * live site redirect permanently; sitemap.xml lists every route.
 */
import { expect, test } from '@playwright/test';
import { allRoutes, specRoutes } from './support/content-routes';

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
const h1Of = (html: string) =>
  /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1]?.replace(/<[^>]+>/g, '') ?? '';

test('every route answers 200 with its own title and heading, with and without /en', async ({
  request,
}) => {
  test.setTimeout(240_000);
  const routes = allRoutes();
  expect(routes.length).toBeGreaterThan(290);
  const titles = new Map<string, string>();
  const failures: string[] = [];
  const queue = [...routes];
  const worker = async () => {
    for (let path = queue.shift(); path; path = queue.shift()) {
      for (const prefix of ['', '/en']) {
        const url = prefix && path === '/' ? '/en' : `${prefix}${path}`;
        const response = await request.get(url, { maxRedirects: 0 });
        const html = await response.text();
        if (response.status() !== 200) failures.push(`${url}: ${response.status()}`);
        else if (!h1Of(html).trim()) failures.push(`${url}: no h1`);
        else if (!prefix) titles.set(path, titleOf(html));
        else if (titleOf(html) !== titles.get(path))
          failures.push(`${url}: title differs from ${path}`);
      }
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  expect(failures).toEqual([]);
  // Own titles: no two routes share one (search's title is the search page's own).
  const seen = new Map<string, string>();
  const duplicates = [...titles].flatMap(([path, title]) => {
    const first = seen.get(title);
    seen.set(title, path);
    return first ? [`${path} and ${first}: ${title}`] : [];
  });
  expect(duplicates).toEqual([]);
});

test('unknown slugs answer 404 at every depth, with and without /en', async ({ request }) => {
  const unknown = [
    '/no-such-page',
    '/consulting/no-such-page',
    '/financing/private-equity/no-such-page',
    '/financing/private-equity/leveraged-buyout/too-deep',
    '/insights/no-such-insight',
    '/media-mentions/no-such-mention',
    '/cities/atlantis',
  ];
  for (const path of unknown) {
    for (const url of [path, `/en${path}`]) {
      const response = await request.get(url);
      expect(response.status(), url).toBe(404);
      expect(titleOf(await response.text()), url).toBe('404 | Page not found');
    }
  }
});

test('the live site’s misspelled URLs redirect permanently to the corrected pages', async ({
  request,
}) => {
  const redirects: [string, string][] = [
    [
      '/consulting/business-plans/financial-performa',
      '/consulting/business-plans/financial-proforma',
    ],
    ['/financing/private-equity/seconday-fund', '/financing/private-equity/secondary-fund'],
    ['/financing/private-equity/leverage-buyout', '/financing/private-equity/leveraged-buyout'],
    [
      '/financing/mergers-and-acquisitions/post-merger-inegration',
      '/financing/mergers-and-acquisitions/post-merger-integration',
    ],
    ['/financing/regulation-d/reg-a+', '/financing/regulation-d/reg-a-plus'],
    ['/legal-advisory/private-place-memorandum', '/legal-advisory/private-placement-memorandum'],
    ['/cities/califonia', '/cities/california'],
    ['/cities/berkely', '/cities/berkeley'],
  ];
  for (const [from, to] of redirects) {
    for (const prefix of ['', '/en']) {
      const response = await request.get(`${prefix}${from}`, { maxRedirects: 0 });
      expect([301, 308], `${prefix}${from}`).toContain(response.status());
      expect(new URL(response.headers().location ?? '', 'http://x').pathname).toBe(
        `${prefix}${to}`,
      );
      const target = await request.get(`${prefix}${from}`);
      expect(target.status()).toBe(200);
    }
  }
});

test('sitemap.xml lists every route of the specs and the content', async ({ request }) => {
  const xml = await (await request.get('/sitemap.xml')).text();
  const listed = new Set(
    [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname),
  );
  const missing = allRoutes().filter((path) => path !== '/search' && !listed.has(path));
  expect(missing).toEqual([]);
  expect(listed.has('/insights/raising-capital-for-a-start-up')).toBe(true);
  // Search result pages all name /search canonical, and the bare form is not offered either.
  expect(listed.has('/search')).toBe(false);
  expect(specRoutes.fixed.length).toBeGreaterThan(20);
});
