/**
 * The embedded page content: every file parsed with its schema and cross-checked when this
 * module loads (during `next build`), so a bad file stops the build with the file name and a
 * JSON pointer for every problem.
 */
import homeJson from '@/content/home.json';
import industriesJson from '@/content/industries.json';
import insightsJson from '@/content/insights.json';
import mediaMentionsJson from '@/content/media-mentions.json';
import peopleJson from '@/content/people.json';
import placesJson from '@/content/places.json';
import policiesJson from '@/content/policies.json';
import reviewsJson from '@/content/reviews.json';
import servicesJson from '@/content/services.json';
import type { PageContentSource } from '../page-content-source';
import { buildSearchDocuments } from '../search-documents';
import { checkContentLinks, type ContentBundle } from './check-content-links';
import { pageFiles } from './page-files';
import {
  homeFileSchema,
  industryDetailsFileSchema,
  insightsFileSchema,
  mediaMentionsFileSchema,
  pagesFileSchema,
  peopleFileSchema,
  placesFileSchema,
  policiesFileSchema,
  reviewsFileSchema,
  servicesFileSchema,
} from './page-schemas';
import { parseContentFile } from './parse-content-file';

const newestFirst = <T extends { date: string }>(items: T[]) =>
  [...items].sort((a, b) => b.date.localeCompare(a.date));

function loadEmbeddedPages() {
  const pages = Object.entries(pageFiles).flatMap(([file, data]) =>
    parseContentFile(file, pagesFileSchema, data).pages.map((page, index) => ({
      file,
      index,
      page,
    })),
  );
  const places = parseContentFile('content/places.json', placesFileSchema, placesJson);
  const bundle: ContentBundle = {
    pages,
    insights: newestFirst(
      parseContentFile('content/insights.json', insightsFileSchema, insightsJson).insights,
    ),
    mentions: newestFirst(
      parseContentFile('content/media-mentions.json', mediaMentionsFileSchema, mediaMentionsJson)
        .mentions,
    ),
    states: places.states,
    cities: places.cities,
    industries: parseContentFile(
      'content/industries.json',
      industryDetailsFileSchema,
      industriesJson,
    ).industries,
    reviews: parseContentFile('content/reviews.json', reviewsFileSchema, reviewsJson).reviews,
    policies: parseContentFile('content/policies.json', policiesFileSchema, policiesJson).policies,
    services: parseContentFile('content/services.json', servicesFileSchema, servicesJson).services,
  };
  const problems = checkContentLinks(bundle);
  if (problems.length > 0) {
    throw new Error(`Invalid content:\n${problems.map((line) => `  ${line}`).join('\n')}`);
  }
  return {
    ...bundle,
    home: parseContentFile('content/home.json', homeFileSchema, homeJson),
    people: parseContentFile('content/people.json', peopleFileSchema, peopleJson).people,
  };
}

export const embeddedPages = loadEmbeddedPages();

export function createEmbeddedPageContent(): PageContentSource {
  const pages = embeddedPages.pages.map((entry) => entry.page);
  const byPath = new Map(pages.map((page) => [page.path, page]));
  const source: PageContentSource = {
    pages: () => Promise.resolve(pages),
    page: (path) => Promise.resolve(byPath.get(path)),
    home: () => Promise.resolve(embeddedPages.home),
    insights: () => Promise.resolve(embeddedPages.insights),
    mediaMentions: () => Promise.resolve(embeddedPages.mentions),
    states: () => Promise.resolve(embeddedPages.states),
    cities: () => Promise.resolve(embeddedPages.cities),
    offices: () => Promise.resolve(embeddedPages.cities.filter((city) => city.office)),
    industryDetails: () => Promise.resolve(embeddedPages.industries),
    reviews: () => Promise.resolve(embeddedPages.reviews),
    people: () => Promise.resolve(embeddedPages.people),
    policies: () => Promise.resolve(embeddedPages.policies),
    services: () => Promise.resolve(embeddedPages.services),
    searchDocuments: () => buildSearchDocuments(source),
  };
  return source;
}
