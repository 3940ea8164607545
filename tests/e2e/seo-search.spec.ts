/**
 * /search is crawlable (robots.txt, meta robots, X-Robots-Tag) and every query's page names
 * /search as its canonical URL, so result pages never become indexable duplicates.
 */
import { expect, test } from '@playwright/test';

/**
 * Whether robots.txt lets `*` fetch `path`: the longest matching Allow/Disallow rule wins and
 * Allow wins a tie (the rule crawlers document). Patterns are plain prefixes here, as ours are.
 */
function allowedFor(robotsTxt: string, path: string): boolean {
  let group = false;
  const rules: { allow: boolean; prefix: string }[] = [];
  for (const raw of robotsTxt.split('\n')) {
    const [field = '', ...rest] = raw.split(':');
    const value = rest.join(':').trim();
    const key = field.trim().toLowerCase();
    if (key === 'user-agent') group = value === '*';
    else if (group && (key === 'allow' || key === 'disallow') && value) {
      rules.push({ allow: key === 'allow', prefix: value });
    }
  }
  const matching = rules
    .filter((rule) => path.startsWith(rule.prefix))
    .sort((a, b) => b.prefix.length - a.prefix.length || Number(b.allow) - Number(a.allow));
  return matching[0]?.allow ?? true;
}

test('robots.txt lets crawlers read /search and its result pages, not the API', async ({
  request,
}) => {
  const robots = await (await request.get('/robots.txt')).text();
  for (const path of ['/search', '/search?search=sba', '/en/search?search=sba', '/careers']) {
    expect(allowedFor(robots, path), path).toBe(true);
  }
  for (const path of ['/api/leads/client', '/account/verify']) {
    expect(allowedFor(robots, path), path).toBe(false);
  }
});

for (const path of ['/search', '/search?search=sba', '/en/search?search=zzzz']) {
  test(`${path} is indexable and names /search as its canonical URL`, async ({ request }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    expect(response.headers()['x-robots-tag'] ?? '').not.toMatch(/noindex|none/);
    const html = await response.text();
    expect(html).not.toMatch(/<meta name="robots" content="[^"]*noindex/);
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
    expect(canonical).toBeTruthy();
    const url = new URL(canonical!);
    expect(url.pathname).toBe('/search');
    expect(url.search).toBe('');
  });
}
