import type { PageContentSource } from './page-content-source';

export interface ContentRoute {
  path: string;
  title: string;
  group: 'page' | 'policy' | 'insight' | 'media' | 'state' | 'city';
}

/**
 * Every readable route the content defines, home first: pages, policies, insights, media
 * mentions, states and cities. The sitemap (XML and /sitemap) and the route tables use it.
 */
export async function contentRoutes(
  source: Pick<
    PageContentSource,
    'pages' | 'policies' | 'insights' | 'mediaMentions' | 'states' | 'cities'
  >,
): Promise<ContentRoute[]> {
  const [pages, policies, insights, mentions, states, cities] = await Promise.all([
    source.pages(),
    source.policies(),
    source.insights(),
    source.mediaMentions(),
    source.states(),
    source.cities(),
  ]);
  return [
    { path: '/', title: 'Home', group: 'page' as const },
    ...pages.map((page) => ({ path: page.path, title: page.title, group: 'page' as const })),
    ...policies.map((policy) => ({
      path: policy.path,
      title: policy.title,
      group: 'policy' as const,
    })),
    ...insights.map((insight) => ({
      path: `/insights/${insight.slug}`,
      title: insight.title,
      group: 'insight' as const,
    })),
    ...mentions.map((mention) => ({
      path: `/media-mentions/${mention.slug}`,
      title: mention.headline,
      group: 'media' as const,
    })),
    ...states.map((state) => ({
      path: `/cities/${state.slug}`,
      title: state.name,
      group: 'state' as const,
    })),
    ...cities.map((city) => ({
      path: `/cities/${city.slug}`,
      title: city.name,
      group: 'city' as const,
    })),
  ];
}
