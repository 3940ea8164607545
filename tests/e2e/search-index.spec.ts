/**
 * The search index is a build artifact: `next build` saved it in the build folder, and the
 * results page lists what that saved index answers.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { loadSiteSearch } from '@/site/search/site-search';

// The index file of the build the server under test runs (the Playwright config builds it).
const indexFile = path.resolve(process.env.NEXT_DIST_DIR || '.next', 'search-index.json');

test('the build folder holds the index, and /search lists its results in its order', async ({
  request,
}) => {
  expect(existsSync(indexFile), indexFile).toBe(true);
  const saved = loadSiteSearch(readFileSync(indexFile, 'utf8'));
  expect(saved.size).toBeGreaterThan(200);
  for (const query of ['sba', 'business plan']) {
    const expected = saved.search(query).map((hit) => hit.url);
    expect(expected.length).toBeGreaterThan(3);
    const html = await (await request.get(`/search?search=${encodeURIComponent(query)}`)).text();
    const list = /<ol class="search-results">([\s\S]*?)<\/ol>/.exec(html)?.[1] ?? '';
    const shown = [...list.matchAll(/<h3><a href="([^"]+)"/g)].map((match) => match[1]);
    expect(shown, query).toEqual(expected);
  }
  expect(saved.search('sba')[0]?.url).toBe('/financing/sba-financing');
});
