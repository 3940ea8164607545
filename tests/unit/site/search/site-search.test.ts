import { describe, expect, it } from 'vitest';
import { createEmbeddedPageContent } from '@/site/content/embedded/embedded-pages';
import { createSiteSearch, snippetFor } from '@/site/search/site-search';

const search = createSiteSearch(await createEmbeddedPageContent().searchDocuments());

describe('site search', () => {
  it('ranks the SBA financing page first for "sba"', () => {
    const hits = search.search('sba');
    expect(hits[0]?.url).toBe('/financing/sba-financing');
    expect(hits.length).toBeGreaterThan(5);
  });

  it('finds insights and cities, not only pages', () => {
    expect(search.search('due diligence').some((hit) => hit.kind === 'insight')).toBe(true);
    expect(search.search('houston')[0]?.url).toBe('/cities/houston');
  });

  it('answers nothing for "zzzz" and for an empty query', () => {
    expect(search.search('zzzz')).toEqual([]);
    expect(search.search('   ')).toEqual([]);
  });

  it('shows a snippet around the matched words with placeholders filled', () => {
    const hit = search.search('pitch deck')[0]!;
    expect(hit.snippet.toLowerCase()).toContain('pitch');
    expect(hit.snippet).not.toMatch(/\{brand\}/);
    expect(snippetFor('alpha beta gamma', ['gamma'])).toBe('alpha beta gamma');
  });
});
