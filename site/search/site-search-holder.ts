import { getContentSource } from '@/site/content/get-content-source';
import { env } from '@/site/env';
import { readSearchIndex, searchIndexPath } from './search-index-file';
import { createSiteSearch, type SiteSearch } from './site-search';

/**
 * The process's search index, held by the runtime (site/server/runtime/site-runtime.ts), so the
 * search page and the CMS webhook see the same index and its staleness.
 */
export class SiteSearchHolder {
  private search: Promise<SiteSearch> | undefined;
  private stale = false;

  /** The CMS changed: the next search indexes the content again instead of the saved index. */
  markStale(): void {
    this.stale = true;
  }

  /**
   * The index: the one `next build` saved in the build folder. `next dev` has no such step, so
   * there (or if the file is missing or unreadable) it is built from the content source on first
   * use, with a warning in production. After the CMS webhook, the next search indexes the content
   * again.
   */
  get(): Promise<SiteSearch> {
    if (this.stale) {
      this.stale = false;
      this.search = getContentSource().searchDocuments().then(createSiteSearch);
    }
    this.search ??= readSearchIndex(env.NEXT_DIST_DIR).catch(async (error: unknown) => {
      if (env.NODE_ENV === 'production') {
        const reason = error instanceof Error ? error.message : String(error);
        console.warn(
          `Search: no usable index at ${searchIndexPath(env.NEXT_DIST_DIR)} (${reason}); ` +
            'indexing the content in this process. Run `next build` to save one.',
        );
      }
      return createSiteSearch(await getContentSource().searchDocuments());
    });
    return this.search;
  }
}
