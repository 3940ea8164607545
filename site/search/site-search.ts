/**
 * Full-text search over pages, policies, insights, places and media mentions (MiniSearch).
 * The index is built once, at build time (`writeSearchIndex`, run by `next build`; see
 * search-index-file.ts), saved as JSON in the build folder and loaded by each server process;
 * results are rendered on the server, so search works without JavaScript.
 */
import MiniSearch, { type Options } from 'minisearch';
import type { SearchDocument } from '@/site/content/page-types';

export interface SearchHit {
  url: string;
  title: string;
  kind: SearchDocument['kind'];
  /** Up to ~200 characters around the first match. */
  snippet: string;
  /** The query terms as they matched in the text, for highlighting. */
  terms: string[];
}

/**
 * How the index is built and searched. The saved JSON holds the index only, so loading it takes
 * these same options (they include functions, which JSON cannot carry).
 */
const indexOptions: Options<SearchDocument> = {
  fields: ['title', 'text'],
  storeFields: ['url', 'title', 'kind', 'text'],
  searchOptions: {
    boost: { title: 4 },
    prefix: (term) => term.length >= 3,
    fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
    combineWith: 'AND',
    // Hubs (`/financing/sba-financing`) outrank their sub-pages for the same words.
    boostDocument: (_id, _term, stored) => {
      const url = typeof stored?.url === 'string' ? stored.url : '';
      const depth = url.split('/').length - 1;
      return 1 + 0.25 / Math.max(depth, 1);
    },
  },
};

/** A new index over `documents` (at build time, in tests, and in `next dev`). */
export function createSiteSearch(documents: SearchDocument[]) {
  const index = new MiniSearch<SearchDocument>(indexOptions);
  index.addAll(documents);
  return searchOver(index);
}

/** The index saved by `serializeSiteSearch`, ready to search without re-reading any content. */
export function loadSiteSearch(json: string) {
  return searchOver(MiniSearch.loadJSON<SearchDocument>(json, indexOptions));
}

/** The index as JSON, for `loadSiteSearch`. */
export function serializeSiteSearch(search: SiteSearch): string {
  return JSON.stringify(search.index);
}

function searchOver(index: MiniSearch<SearchDocument>) {
  return {
    index,
    size: index.documentCount,
    search(query: string, limit = 20): SearchHit[] {
      const text = query.trim().slice(0, 200);
      if (!text) return [];
      return index
        .search(text)
        .slice(0, limit)
        .map((result) => {
          const stored = result as unknown as SearchDocument & { terms: string[] };
          return {
            url: stored.url,
            title: stored.title,
            kind: stored.kind,
            terms: result.terms,
            snippet: snippetFor(stored.text, result.terms),
          };
        });
    },
  };
}

export type SiteSearch = ReturnType<typeof searchOver>;

/** The sentence window around the first matched term, cut at word boundaries. */
export function snippetFor(text: string, terms: string[], size = 200): string {
  const lower = text.toLowerCase();
  const positions = terms
    .map((term) => lower.search(new RegExp(`\\b${escapeRegExp(term.toLowerCase())}`)))
    .filter((position) => position >= 0);
  const at = positions.length ? Math.min(...positions) : 0;
  let start = Math.max(0, at - 60);
  if (start > 0) start = text.indexOf(' ', start) + 1;
  let end = Math.min(text.length, start + size);
  if (end < text.length) end = text.lastIndexOf(' ', end);
  return `${start > 0 ? '… ' : ''}${text.slice(start, end).trim()}${end < text.length ? ' …' : ''}`;
}

export function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
