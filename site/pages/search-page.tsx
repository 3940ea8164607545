import type { Metadata } from 'next';
import { pageMetadata } from '@/site/seo/page-metadata';

export const metadata: Metadata = pageMetadata({
  path: '/search',
  title: 'Search',
  description:
    'Search the firm’s services, guides and insights on financing, business plans and consulting.',
});

/** The search page. It shows the query; the site's search results are rendered by the search feature. */
export default async function SearchPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const raw = (await searchParams).search;
  const query = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
  return (
    <main id="main" className="container search-page">
      <h1>Search</h1>
      {query ? (
        <p className="search-page__query">
          Results for <strong>“{query}”</strong>
        </p>
      ) : (
        <p>Type what you are looking for in the search box at the top of the page.</p>
      )}
    </main>
  );
}
