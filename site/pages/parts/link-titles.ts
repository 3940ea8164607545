import { cache } from 'react';
import { getContentSource } from '@/site/content/get-content-source';
import { fillPlaceholders } from '@/site/content/fill-placeholders';

/** Title of every linkable path (pages, policies, insights, places), for link texts and trails. */
export const linkTitles = cache(async (): Promise<Map<string, string>> => {
  const source = getContentSource();
  const [pages, policies, insights, states, cities] = await Promise.all([
    source.pages(),
    source.policies(),
    source.insights(),
    source.states(),
    source.cities(),
  ]);
  return new Map<string, string>([
    ['/', 'Home'],
    ...pages.map((page) => [page.path, fillPlaceholders(page.title)] as const),
    ...policies.map((policy) => [policy.path, fillPlaceholders(policy.title)] as const),
    ...insights.map(
      (insight) => [`/insights/${insight.slug}`, fillPlaceholders(insight.title)] as const,
    ),
    ...states.map((state) => [`/cities/${state.slug}`, state.name] as const),
    ...cities.map((city) => [`/cities/${city.slug}`, city.name] as const),
  ]);
});

/** "private-equity" → "Private Equity": the fallback name of a path segment without a page. */
export function segmentName(segment: string): string {
  return segment.replace(/-/g, ' ').replace(/\b\w/g, (letter) => letter.toUpperCase());
}

/** The breadcrumb trail of a path: one crumb per ancestor that has a page, then the page. */
export async function trailFor(path: string, ownTitle: string) {
  const titles = await linkTitles();
  const segments = path.split('/').filter(Boolean);
  const trail = segments.slice(0, -1).flatMap((_, index) => {
    const ancestor = `/${segments.slice(0, index + 1).join('/')}`;
    const name = titles.get(ancestor);
    return name ? [{ name, path: ancestor }] : [];
  });
  return [...trail, { name: ownTitle, path }];
}
