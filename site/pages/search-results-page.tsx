/**
 * /search?search={text}: ranked results (title, a snippet with the matched words, link) from
 * the site index, rendered on the server; clear states for an empty query and for no result.
 */
import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { escapeRegExp } from '@/site/search/site-search';
import { siteRuntime } from '@/site/server/runtime/site-runtime';
import { pageMetadata } from '@/site/seo/page-metadata';
import { Banner } from './parts/sections';
import { PageLink } from './parts/page-link';

// Static metadata on purpose: every `/search?search=…` names `/search` as its canonical URL, so
// crawlers may follow result pages (robots.txt allows them) without indexing one per query.
export const metadata: Metadata = {
  ...pageMetadata({
    path: '/search',
    social: 'search',
    title: 'Search',
    description:
      'Search our services, insights and city pages on financing, business plans, consulting, technology and legal advisory.',
  }),
};

const kindLabel = {
  page: 'Page',
  insight: 'Insight',
  city: 'City',
  state: 'State',
  media: 'Media',
};

function highlight(text: string, terms: string[]): ReactNode[] {
  if (!terms.length) return [text];
  const pattern = new RegExp(`\\b(${terms.map(escapeRegExp).join('|')})`, 'gi');
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const word = /^\S+/.exec(text.slice(match.index))?.[0] ?? match[0];
    parts.push(text.slice(last, match.index), <mark key={match.index}>{word}</mark>);
    last = match.index + word.length;
  }
  parts.push(text.slice(last));
  return parts;
}

export default async function SearchResultsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const raw = (await searchParams).search;
  const query = ((Array.isArray(raw) ? raw[0] : raw) ?? '').trim().slice(0, 200);
  const hits = query ? (await siteRuntime().search.get()).search(query) : [];
  return (
    <main id="main" className="search-page">
      <Banner heading="Search" promise="Find services, guides and city pages across the site." />
      <div className="container">
        <form role="search" action="/search" method="get" className="search-form">
          <label htmlFor="search-query">Search terms</label>
          <div className="search-form__row">
            <input id="search-query" name="search" type="search" defaultValue={query} />
            <button className="button" type="submit">
              Search
            </button>
          </div>
        </form>
        {!query ? (
          <p className="search-state" data-state="empty">
            Type a word or two above, for example “SBA loan”, “business plan” or a city name.
          </p>
        ) : hits.length === 0 ? (
          <div className="search-state" data-state="no-results">
            <h2>No results for “{query}”</h2>
            <p>
              Check the spelling or try a broader word. You can also browse the{' '}
              <PageLink href="/sitemap">sitemap</PageLink> or{' '}
              <PageLink href="/contact-us">ask us directly</PageLink>.
            </p>
          </div>
        ) : (
          <>
            <h2 className="search-state" data-state="results">
              {hits.length} result{hits.length === 1 ? '' : 's'} for “{query}”
            </h2>
            <ol className="search-results">
              {hits.map((hit) => (
                <li key={hit.url}>
                  <p className="card__meta">{kindLabel[hit.kind]}</p>
                  <h3>
                    <a href={hit.url}>{hit.title}</a>
                  </h3>
                  <p>{highlight(hit.snippet, hit.terms)}</p>
                </li>
              ))}
            </ol>
          </>
        )}
      </div>
    </main>
  );
}
