import { getContentSource } from '@/site/content/get-content-source';
import { env } from '@/site/env';
import { readSearchIndex, searchIndexPath } from './search-index-file';
import { createSiteSearch, type SiteSearch } from './site-search';

let search: Promise<SiteSearch> | undefined;

/**
 * The process-wide search index: the one `next build` saved in the build folder. `next dev` has
 * no such step, so there (or if the file is missing or unreadable) it is built from the content
 * source on first use, with a warning in production.
 */
export function getSiteSearch(): Promise<SiteSearch> {
  search ??= readSearchIndex(env.NEXT_DIST_DIR).catch(async (error: unknown) => {
    if (env.NODE_ENV === 'production') {
      const reason = error instanceof Error ? error.message : String(error);
      console.warn(
        `Search: no usable index at ${searchIndexPath(env.NEXT_DIST_DIR)} (${reason}); ` +
          'indexing the content in this process. Run `next build` to save one.',
      );
    }
    return createSiteSearch(await getContentSource().searchDocuments());
  });
  return search;
}
