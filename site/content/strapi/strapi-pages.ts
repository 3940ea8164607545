/**
 * Pages, insights, media mentions and reviews from Strapi v4 collections. Each collection is
 * read page by page (`pagination[page]`), reshaped and validated at the boundary, and merged
 * over the embedded entries (a CMS entry replaces the embedded one with the same path or
 * slug, a review the one by the same reviewer of the same service; an entry the CMS lacks
 * still exists). When a call fails, times out or answers in an
 * unknown shape, the embedded entries are used and the outage is logged once until the
 * CMS answers again. Free of next/*.
 */
import { z } from 'zod';
import type { PageContentSource } from '../page-content-source';
import { buildSearchDocuments } from '../search-documents';
import type { StrapiClient } from './strapi-client';
import { isFrameworkSignal } from './framework-signal';
import { createOutageLog, type OutageLog } from './outage-log';
import {
  reshapeInsights,
  reshapeMediaMentions,
  reshapePages,
  reshapeReviews,
  type Reshaped,
} from './reshape-pages';

export const COLLECTION_PATHS = {
  pages: '/api/pages',
  insights: '/api/insights',
  mediaMentions: '/api/media-mentions',
  reviews: '/api/reviews',
} as const;

/** Entries per request, and the most pages read per collection (a runaway `pageCount` guard). */
const PAGE_SIZE = 100;
const MAX_PAGES = 20;

const collectionSchema = z.object({
  data: z.array(z.unknown()),
  meta: z
    .object({
      pagination: z.object({ page: z.number(), pageCount: z.number() }).partial().optional(),
    })
    .optional(),
});

export interface StrapiPagesOptions {
  client: StrapiClient;
  fallback: PageContentSource;
  cacheMs?: number;
  logger?: Pick<Console, 'warn'>;
  outage?: OutageLog;
  now?: () => number;
}

/** Reads every entry of a collection, following `meta.pagination.pageCount`. */
export async function readCollection(client: StrapiClient, path: string): Promise<unknown[]> {
  const entries: unknown[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const body = await client.get(
      `${path}?populate=deep&pagination[page]=${page}&pagination[pageSize]=${PAGE_SIZE}`,
    );
    const parsed = collectionSchema.safeParse(body);
    if (!parsed.success) throw new Error(`GET ${path} did not answer a v4 collection ({data:[…]})`);
    entries.push(...parsed.data.data);
    const pageCount = parsed.data.meta?.pagination?.pageCount ?? 1;
    if (page >= pageCount) break;
  }
  return entries;
}

function mergeBy<T>(local: T[], remote: T[], key: (item: T) => string): T[] {
  const remoteKeys = new Map(remote.map((item) => [key(item), item]));
  const merged = local.map((item) => remoteKeys.get(key(item)) ?? item);
  const localKeys = new Set(local.map(key));
  return [...merged, ...remote.filter((item) => !localKeys.has(key(item)))];
}

const newestFirst = <T extends { date: string }>(items: T[]) =>
  [...items].sort((a, b) => b.date.localeCompare(a.date));

export function createStrapiPageContent(options: StrapiPagesOptions): PageContentSource {
  const { client, fallback } = options;
  const cacheMs = options.cacheMs ?? 60_000;
  const logger = options.logger ?? console;
  const now = options.now ?? Date.now;
  const outage = options.outage ?? createOutageLog(logger);

  /** One collection, cached for `cacheMs`; undefined when the CMS could not deliver it. */
  function collection<T>(name: string, path: string, reshape: (entries: unknown[]) => Reshaped<T>) {
    let cached: { at: number; value: Promise<T[] | undefined> } | undefined;
    return () => {
      if (cached && now() - cached.at < cacheMs) return cached.value;
      const value = readCollection(client, path).then(
        (entries) => {
          outage.answered(name);
          const { items, problems } = reshape(entries);
          if (problems.length)
            logger.warn(
              `[content] Strapi ${name}: skipped entries that do not fit:\n  ${problems.join('\n  ')}`,
            );
          return items;
        },
        (error: unknown) => {
          cached = undefined;
          // Next's own signals (dynamic usage while prerendering …) are not an outage.
          if (isFrameworkSignal(error)) throw error;
          outage.failed(name, error);
          return undefined;
        },
      );
      cached = { at: now(), value };
      return value;
    };
  }

  const remotePages = collection('pages', COLLECTION_PATHS.pages, reshapePages);
  const remoteInsights = collection('insights', COLLECTION_PATHS.insights, reshapeInsights);
  const remoteMentions = collection(
    'media mentions',
    COLLECTION_PATHS.mediaMentions,
    reshapeMediaMentions,
  );
  const remoteReviews = collection('reviews', COLLECTION_PATHS.reviews, reshapeReviews);

  const source: PageContentSource = {
    ...fallback,
    async pages() {
      const [remote, local] = await Promise.all([remotePages(), fallback.pages()]);
      return remote ? mergeBy(local, remote, (page) => page.path) : local;
    },
    async page(path) {
      return (await source.pages()).find((page) => page.path === path);
    },
    async insights() {
      const [remote, local] = await Promise.all([remoteInsights(), fallback.insights()]);
      return remote ? newestFirst(mergeBy(local, remote, (item) => item.slug)) : local;
    },
    async mediaMentions() {
      const [remote, local] = await Promise.all([remoteMentions(), fallback.mediaMentions()]);
      return remote ? newestFirst(mergeBy(local, remote, (item) => item.slug)) : local;
    },
    async reviews() {
      const [remote, local] = await Promise.all([remoteReviews(), fallback.reviews()]);
      // A review has no slug: the reviewer and the service reviewed identify it.
      return remote
        ? mergeBy(local, remote, (review) => `${review.name} ${review.servicePath}`)
        : local;
    },
    searchDocuments: () => buildSearchDocuments(source),
  };
  return source;
}
