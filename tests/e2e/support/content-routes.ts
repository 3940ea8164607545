import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const read = <T>(file: string) => JSON.parse(readFileSync(path.resolve(file), 'utf8')) as T;

/** Routes the specs require (site-spec.md §2 fixed pages, every navigation.md page). */
export const specRoutes = read<{ fixed: string[]; navigation: string[] }>(
  'tests/fixtures/spec-routes.json',
);

/**
 * Every route the specs require plus every route the content files define, read straight
 * from `content/` (not through the site's code, so the test checks the site against the data).
 */
export function allRoutes(): string[] {
  const pages = readdirSync('content/pages')
    .filter((name) => name.endsWith('.json'))
    .flatMap((name) => read<{ pages: { path: string }[] }>(`content/pages/${name}`).pages)
    .map((page) => page.path);
  const policies = read<{ policies: { path: string }[] }>('content/policies.json').policies.map(
    (policy) => policy.path,
  );
  const insights = read<{ insights: { slug: string }[] }>('content/insights.json').insights.map(
    (insight) => `/insights/${insight.slug}`,
  );
  const mentions = read<{ mentions: { slug: string }[] }>(
    'content/media-mentions.json',
  ).mentions.map((mention) => `/media-mentions/${mention.slug}`);
  const places = read<{ states: { slug: string }[]; cities: { slug: string }[] }>(
    'content/places.json',
  );
  return [
    ...new Set([
      ...specRoutes.fixed,
      ...specRoutes.navigation,
      ...pages,
      ...policies,
      ...insights,
      ...mentions,
      ...[...places.states, ...places.cities].map((place) => `/cities/${place.slug}`),
    ]),
  ];
}
