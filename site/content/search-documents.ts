import { fillPlaceholders } from './fill-placeholders';
import { inlinePlainText } from './inline-marks';
import type { PageContentSource } from './page-content-source';
import type { SearchDocument } from './page-types';

/** The words of a page's texts; paragraphs and list items lose their inline marks. */
const join = (...parts: (string | string[] | undefined)[]) =>
  fillPlaceholders(
    parts
      .flat()
      .filter((part): part is string => Boolean(part))
      .map(inlinePlainText)
      .join(' '),
  );

/** Turns the readable content of a source into the documents the site search indexes. */
export async function buildSearchDocuments(
  source: Omit<PageContentSource, 'searchDocuments'>,
): Promise<SearchDocument[]> {
  const [pages, policies, insights, states, cities, mentions] = await Promise.all([
    source.pages(),
    source.policies(),
    source.insights(),
    source.states(),
    source.cities(),
    source.mediaMentions(),
  ]);
  return [
    ...pages.map((page): SearchDocument => ({
      id: page.path,
      url: page.path,
      title: fillPlaceholders(page.title),
      kind: 'page',
      text: join(
        page.heading,
        page.promise,
        page.description,
        page.overview,
        page.audience,
        page.deliverables,
        page.faq?.flatMap((item) => [item.question, item.answer]),
      ),
    })),
    ...policies.map((policy): SearchDocument => ({
      id: policy.path,
      url: policy.path,
      title: fillPlaceholders(policy.title),
      kind: 'page',
      text: join(
        policy.description,
        policy.sections.flatMap((section) => [section.heading, ...section.paragraphs]),
      ),
    })),
    ...insights.map((insight): SearchDocument => ({
      id: `/insights/${insight.slug}`,
      url: `/insights/${insight.slug}`,
      title: fillPlaceholders(insight.title),
      kind: 'insight',
      text: join(
        insight.description,
        insight.keyPoints,
        insight.body.flatMap((section) => [section.heading, ...section.paragraphs]),
      ),
    })),
    ...states.map((state): SearchDocument => ({
      id: `/cities/${state.slug}`,
      url: `/cities/${state.slug}`,
      title: `${state.name} business consulting and financing`,
      kind: 'state',
      text: join(state.intro, state.industries),
    })),
    ...cities.map((city): SearchDocument => ({
      id: `/cities/${city.slug}`,
      url: `/cities/${city.slug}`,
      title: `${city.name} business consulting and financing`,
      kind: 'city',
      text: join(city.intro, city.industries),
    })),
    ...mentions.map((mention): SearchDocument => ({
      id: `/media-mentions/${mention.slug}`,
      url: `/media-mentions/${mention.slug}`,
      title: fillPlaceholders(mention.headline),
      kind: 'media',
      text: join(mention.outlet, mention.summary),
    })),
  ];
}
