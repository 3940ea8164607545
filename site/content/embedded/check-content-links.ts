/**
 * Rules that span several content files, checked once all of them have parsed: unique paths,
 * titles and descriptions; related links, review and industry service links, insight and
 * place references that point at something that exists; only the four known placeholders.
 * Each problem names the file and the JSON pointer an editor has to fix.
 */
import { placeholderNames } from '../fill-placeholders';
import type {
  City,
  IndustryDetail,
  Insight,
  MediaMention,
  Page,
  Policy,
  Review,
  Service,
  State,
} from '../page-types';

export interface ContentBundle {
  /** Pages with the file each came from. */
  pages: { file: string; index: number; page: Page }[];
  insights: Insight[];
  mentions: MediaMention[];
  states: State[];
  cities: City[];
  industries: IndustryDetail[];
  reviews: Review[];
  policies: Policy[];
  services: Service[];
}

/** Every path a link inside the content may point at. */
export function knownPaths(bundle: ContentBundle): Set<string> {
  return new Set([
    '/',
    ...bundle.pages.map(({ page }) => page.path),
    ...bundle.policies.map((policy) => policy.path),
    ...bundle.insights.map((insight) => `/insights/${insight.slug}`),
    ...bundle.mentions.map((mention) => `/media-mentions/${mention.slug}`),
    ...bundle.states.map((state) => `/cities/${state.slug}`),
    ...bundle.cities.map((city) => `/cities/${city.slug}`),
  ]);
}

const unknownPlaceholder = new RegExp(`\\{(?!(?:${placeholderNames.join('|')})\\})[A-Za-z_]+\\}`);

/** Walks every string of `value`, reporting `{name}` placeholders that are not substituted. */
function checkPlaceholders(value: unknown, at: string, problems: string[]) {
  if (typeof value === 'string') {
    const match = unknownPlaceholder.exec(value);
    if (match) problems.push(`${at}: unknown placeholder ${match[0]}`);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => checkPlaceholders(item, `${at}/${index}`, problems));
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value))
      checkPlaceholders(item, `${at}/${key}`, problems);
  }
}

export function checkContentLinks(bundle: ContentBundle): string[] {
  const problems: string[] = [];
  const paths = knownPaths(bundle);
  const exists = (link: string) => paths.has(link.split('#')[0] ?? link);
  const seenPaths = new Map<string, string>();
  const seenTitles = new Map<string, string>();
  const seenDescriptions = new Map<string, string>();
  const unique = (seen: Map<string, string>, key: string, at: string, what: string) => {
    const first = seen.get(key.toLowerCase());
    if (first) problems.push(`${at}: ${what} ${JSON.stringify(key)} is already used at ${first}`);
    else seen.set(key.toLowerCase(), at);
  };

  for (const { file, index, page } of bundle.pages) {
    const at = `${file}/pages/${index}`;
    unique(seenPaths, page.path, `${at}/path`, 'path');
    unique(seenTitles, page.title, `${at}/title`, 'title');
    unique(seenDescriptions, page.description, `${at}/description`, 'description');
    page.related?.forEach((link, i) => {
      if (link === page.path) problems.push(`${at}/related/${i}: links to the page itself`);
      else if (!exists(link)) problems.push(`${at}/related/${i}: no page at ${link}`);
    });
    checkPlaceholders(page, at, problems);
  }
  bundle.policies.forEach((policy, index) => {
    const at = `content/policies.json/policies/${index}`;
    unique(seenPaths, policy.path, `${at}/path`, 'path');
    unique(seenTitles, policy.title, `${at}/title`, 'title');
    unique(seenDescriptions, policy.description, `${at}/description`, 'description');
    checkPlaceholders(policy, at, problems);
  });
  const slugs = new Set(bundle.insights.map((insight) => insight.slug));
  bundle.insights.forEach((insight, index) => {
    const at = `content/insights.json/insights/${index}`;
    unique(seenTitles, insight.title, `${at}/title`, 'title');
    unique(seenDescriptions, insight.description, `${at}/description`, 'description');
    insight.related.forEach((slug, i) => {
      if (!slugs.has(slug) || slug === insight.slug)
        problems.push(`${at}/related/${i}: no other insight with slug ${slug}`);
    });
    checkPlaceholders(insight, at, problems);
  });
  bundle.reviews.forEach((review, index) => {
    if (!exists(review.servicePath))
      problems.push(
        `content/reviews.json/reviews/${index}/servicePath: no page at ${review.servicePath}`,
      );
  });
  bundle.industries.forEach((industry, index) =>
    industry.services.forEach((link, i) => {
      if (!exists(link))
        problems.push(
          `content/industries.json/industries/${index}/services/${i}: no page at ${link}`,
        );
    }),
  );
  bundle.services.forEach((service, index) => {
    if (!exists(service.path))
      problems.push(`content/services.json/services/${index}/path: no page at ${service.path}`);
  });
  const citySlugs = new Set(bundle.cities.map((city) => city.slug));
  const stateSlugs = new Set(bundle.states.map((state) => state.slug));
  bundle.states.forEach((state, index) =>
    state.cities.forEach((slug, i) => {
      if (!citySlugs.has(slug))
        problems.push(`content/places.json/states/${index}/cities/${i}: no city ${slug}`);
    }),
  );
  bundle.cities.forEach((city, index) => {
    const at = `content/places.json/cities/${index}`;
    if (stateSlugs.has(city.slug)) problems.push(`${at}/slug: ${city.slug} is also a state`);
    if (!stateSlugs.has(city.state)) problems.push(`${at}/state: no state ${city.state}`);
    city.nearby.forEach((slug, i) => {
      if (!citySlugs.has(slug)) problems.push(`${at}/nearby/${i}: no city ${slug}`);
    });
  });
  return problems;
}
