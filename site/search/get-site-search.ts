import { getContentSource } from '@/site/content/get-content-source';
import { env } from '@/site/env';
import { readSearchIndex, searchIndexPath } from './search-index-file';
import { createSiteSearch, type SiteSearch } from './site-search';

/**
 * Kept on globalThis: Next may bundle the search page and the webhook's route handler with
 * their own copies of this module, and both must see the same index and staleness.
 */
const state = ((globalThis as { [key: symbol]: unknown })[Symbol.for('site.search')] ??= {
  search: undefined,
  stale: false,
}) as { search: Promise<SiteSearch> | undefined; stale: boolean };

/** The CMS changed: the next search indexes the content again instead of the saved index. */
export function markSiteSearchStale() {
  state.stale = true;
}

/**
 * The process-wide search index: the one `next build` saved in the build folder. `next dev` has
 * no such step, so there (or if the file is missing or unreadable) it is built from the content
 * source on first use, with a warning in production. After the CMS webhook, the next search
 * indexes the content again.
 */
export function getSiteSearch(): Promise<SiteSearch> {
  if (state.stale) {
    state.stale = false;
    state.search = getContentSource().searchDocuments().then(createSiteSearch);
  }
  state.search ??= readSearchIndex(env.NEXT_DIST_DIR).catch(async (error: unknown) => {
    if (env.NODE_ENV === 'production') {
      const reason = error instanceof Error ? error.message : String(error);
      console.warn(
        `Search: no usable index at ${searchIndexPath(env.NEXT_DIST_DIR)} (${reason}); ` +
          'indexing the content in this process. Run `next build` to save one.',
      );
    }
    return createSiteSearch(await getContentSource().searchDocuments());
  });
  return state.search;
}
