/**
 * Reshapes Strapi v4 entries of the page-like collections (`pages`, `insights`,
 * `media-mentions`, `reviews`) into the site's own types. The adapter boundary: relations
 * (`{data:{id,attributes}}`), repeatable components (`[{id, text}]`), dynamic zones
 * (`__component`) and rich text are flattened here, then every entry is validated with the
 * same schema as the embedded files. An entry that does not fit is reported, not rendered.
 */
import type { z } from 'zod';
import { jsonPointer } from '../embedded/parse-content-file';
import {
  insightsFileSchema,
  mediaMentionsFileSchema,
  pageSchema,
  reviewsFileSchema,
} from '../embedded/page-schemas';
import type { Insight, MediaMention, Page, Review } from '../page-types';

type Entry = Record<string, unknown>;

function asRecord(value: unknown): Entry | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Entry)
    : undefined;
}

/** `{id, attributes:{…}}` → the attributes; `{data:{…}}` (a relation) → its entry. */
function unwrap(value: unknown): Entry | undefined {
  const record = asRecord(value);
  if (!record) return undefined;
  if ('data' in record) return unwrap(record.data);
  return asRecord(record.attributes) ?? record;
}

/** A list that may come bare, as a relation (`{data:[…]}`) or be absent. */
function list(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  const data = asRecord(value)?.data;
  return Array.isArray(data) ? data : [];
}

/** Strings of a list of strings or of components with one text field. */
function strings(value: unknown, ...keys: string[]): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return splitParagraphs(value);
  return list(value).flatMap((item) => {
    if (typeof item === 'string') return [item];
    const entry = unwrap(item);
    for (const key of [...keys, 'text', 'value', 'name', 'path', 'slug']) {
      if (typeof entry?.[key] === 'string') return [entry[key]];
    }
    return [];
  });
}

/** Rich text (markdown-ish, blank-line separated) → paragraphs. */
function splitParagraphs(value: string): string[] {
  return value
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);
}

const defined = (entry: Entry) =>
  Object.fromEntries(Object.entries(entry).filter(([, value]) => value !== undefined));

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  const entry = unwrap(value);
  return typeof entry?.name === 'string' ? entry.name : undefined;
}

function toPage(raw: unknown): unknown {
  const entry = unwrap(raw) ?? {};
  return defined({
    path: entry.path,
    template: entry.template,
    title: entry.title,
    description: entry.description,
    heading: entry.heading,
    promise: entry.promise ?? undefined,
    overview: strings(entry.overview),
    audience: strings(entry.audience),
    deliverables: strings(entry.deliverables),
    process: entry.process
      ? list(entry.process).map((step) => {
          const value = unwrap(step) ?? {};
          return { title: value.title, text: value.text };
        })
      : undefined,
    timeline: entry.timeline ?? undefined,
    clientProvides: strings(entry.clientProvides),
    eligibility: strings(entry.eligibility),
    terms: entry.terms
      ? list(entry.terms).map((term) => {
          const value = unwrap(term) ?? {};
          return { label: value.label, value: value.value };
        })
      : undefined,
    legalNote: entry.legalNote ?? undefined,
    faq: entry.faq
      ? list(entry.faq).map((item) => {
          const value = unwrap(item) ?? {};
          return { question: value.question, answer: value.answer };
        })
      : undefined,
    related: strings(entry.related, 'path'),
    forms: strings(entry.forms, 'flow') ?? [],
  });
}

function toInsight(raw: unknown): unknown {
  const entry = unwrap(raw) ?? {};
  const author = unwrap(entry.author) ?? {};
  const date = typeof entry.date === 'string' ? entry.date : entry.publishedAt;
  return {
    slug: entry.slug,
    title: entry.title,
    description: entry.description,
    date: typeof date === 'string' ? date.slice(0, 10) : date,
    category: text(entry.category),
    author: { name: author.name, role: author.role },
    keyPoints: strings(entry.keyPoints),
    body: list(entry.body).map((section) => {
      const value = unwrap(section) ?? {};
      return { heading: value.heading, paragraphs: strings(value.paragraphs ?? value.text) };
    }),
    related: strings(entry.related, 'slug') ?? [],
  };
}

function toMention(raw: unknown): unknown {
  const entry = unwrap(raw) ?? {};
  return {
    slug: entry.slug,
    outlet: text(entry.outlet),
    date: typeof entry.date === 'string' ? entry.date.slice(0, 10) : entry.date,
    headline: entry.headline,
    summary: entry.summary,
    url: entry.url,
  };
}

function toReview(raw: unknown): unknown {
  const entry = unwrap(raw) ?? {};
  return {
    name: entry.name,
    companyType: entry.companyType,
    service: entry.service,
    servicePath: entry.servicePath,
    text: entry.text,
    rating: entry.rating,
  };
}

export interface Reshaped<T> {
  items: T[];
  /** One line per entry that did not fit: collection, entry id and JSON pointer. */
  problems: string[];
}

function reshapeAll<T>(
  collection: string,
  entries: unknown[],
  toItem: (raw: unknown) => unknown,
  schema: z.ZodType<T>,
): Reshaped<T> {
  const items: T[] = [];
  const problems: string[] = [];
  entries.forEach((raw, index) => {
    const result = schema.safeParse(toItem(raw));
    if (result.success) items.push(result.data);
    else {
      const rawId = asRecord(raw)?.id;
      const id = typeof rawId === 'number' || typeof rawId === 'string' ? rawId : index;
      const issue = result.error.issues[0];
      problems.push(
        `${collection} entry ${String(id)}${issue ? `${jsonPointer(issue.path)}: ${issue.message}` : ''}`,
      );
    }
  });
  return { items, problems };
}

const insightSchema = insightsFileSchema.shape.insights.element;
const mentionSchema = mediaMentionsFileSchema.shape.mentions.element;
const reviewSchema = reviewsFileSchema.shape.reviews.element;

export const reshapePages = (entries: unknown[]): Reshaped<Page> =>
  reshapeAll('pages', entries, toPage, pageSchema);
export const reshapeInsights = (entries: unknown[]): Reshaped<Insight> =>
  reshapeAll('insights', entries, toInsight, insightSchema);
export const reshapeMediaMentions = (entries: unknown[]): Reshaped<MediaMention> =>
  reshapeAll('media-mentions', entries, toMention, mentionSchema);
export const reshapeReviews = (entries: unknown[]): Reshaped<Review> =>
  reshapeAll('reviews', entries, toReview, reviewSchema);
