import { getContentSource } from '@/site/content/get-content-source';
import { createSiteSearch, type SiteSearch } from './site-search';

let search: Promise<SiteSearch> | undefined;

/** The process-wide search index, built on first use from the content source. */
export function getSiteSearch(): Promise<SiteSearch> {
  search ??= getContentSource()
    .searchDocuments()
    .then((documents) => createSiteSearch(documents));
  return search;
}
