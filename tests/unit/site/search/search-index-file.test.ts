import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEmbeddedPageContent } from '@/site/content/embedded/embedded-pages';
import {
  readSearchIndex,
  searchIndexPath,
  writeSearchIndex,
} from '@/site/search/search-index-file';
import { createSiteSearch, type SearchHit } from '@/site/search/site-search';

const distDir = mkdtempSync(path.join(tmpdir(), 'search-index-'));
afterAll(() => rmSync(distDir, { recursive: true, force: true }));

const written = await writeSearchIndex(distDir);
const saved = await readSearchIndex(distDir);
const fresh = createSiteSearch(await createEmbeddedPageContent().searchDocuments());

describe('search index saved at build time', () => {
  it('is written into the build folder with every search document', () => {
    expect(written.file).toBe(path.join(distDir, 'search-index.json'));
    expect(JSON.parse(readFileSync(written.file, 'utf8'))).toHaveProperty('documentCount');
    expect(written.documents).toBe(fresh.size);
    expect(saved.size).toBe(fresh.size);
    expect(saved.size).toBeGreaterThan(200);
  });

  it('answers "sba" with the SBA financing page first and "zzzz" with nothing', () => {
    expect(saved.search('sba')[0]?.url).toBe('/financing/sba-financing');
    expect(saved.search('zzzz')).toEqual([]);
  });

  it('ranks and quotes exactly like an index built in the process', () => {
    // The matched terms are a set (a loaded index lists them in its own order).
    const normalized = (hits: SearchHit[]) =>
      hits.map((hit) => ({ ...hit, terms: [...hit.terms].sort() }));
    for (const query of ['sba', 'business plan', 'houston', 'due diligence', 'pitch deck']) {
      expect(normalized(saved.search(query)), query).toEqual(normalized(fresh.search(query)));
    }
  });

  it('refuses a damaged file with an error instead of searching garbage', async () => {
    const broken = mkdtempSync(path.join(tmpdir(), 'search-index-broken-'));
    writeFileSync(searchIndexPath(broken), '{"documentCount":');
    await expect(readSearchIndex(broken)).rejects.toThrow(SyntaxError);
    rmSync(broken, { recursive: true, force: true });
  });
});
