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
import { isBlocks, readRichText, richPlainText, type RichBlock } from './read-rich-text';

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

/**
 * A list that may come bare, as a relation (`{data:[…]}`) or be absent. Strapi sends `[]`
 * for a repeatable component an editor left empty and `{data:[]}` for an empty relation:
 * both mean "absent", so they read as undefined and the page is valid without them.
 */
function list(value: unknown): unknown[] | undefined {
  const items = Array.isArray(value) ? value : asRecord(value)?.data;
  return Array.isArray(items) && items.length ? items : undefined;
}

/** An optional scalar: Strapi sends `null` (and an emptied text field `''`) for "not set". */
function optional(value: unknown): unknown {
  return value === null || value === '' ? undefined : value;
}

/**
 * A plain-text field that an editor may also have made rich text (Blocks or Markdown): its
 * words, without marks (the templates show these fields as text).
 */
function plain(value: unknown): unknown {
  if (isBlocks(value)) return readRichText(value)?.map(richPlainText).join(' ');
  return optional(value);
}

/**
 * Texts of a rich-text field (Markdown or Blocks), of a list of strings, or of components with
 * one text field; undefined when there are none. Rich text keeps its inline marks, except for
 * `keys` naming identifiers (a related path, a flow id), which are read as plain words.
 */
function strings(value: unknown, ...keys: string[]): string[] | undefined {
  const rich = typeof value === 'string' || isBlocks(value) ? readRichText(value) : undefined;
  if (rich) return rich.map((block) => (keys.length ? richPlainText(block) : block.text));
  const texts = (list(value) ?? []).flatMap((item) => {
    if (typeof item === 'string') return [item];
    const entry = unwrap(item);
    for (const key of [...keys, 'text', 'value', 'name', 'path', 'slug']) {
      const field = entry?.[key];
      if (typeof field === 'string') return field ? [field] : [];
      if (isBlocks(field)) return strings(field, ...keys) ?? [];
    }
    return [];
  });
  return texts.length ? texts : undefined;
}

/** Components of a repeatable field reshaped one by one; undefined when there are none. */
function components<T>(value: unknown, reshape: (entry: Entry) => T): T[] | undefined {
  return list(value)?.map((item) => reshape(unwrap(item) ?? {}));
}

interface InsightSectionDraft {
  heading: unknown;
  paragraphs: string[];
}

/**
 * An insight's body: sections with a heading and rich-text paragraphs. A heading inside the
 * rich text (Blocks or Markdown `##`) starts a new section, as a writer would expect; the body
 * may also be one rich-text field whose headings make the sections.
 */
function sections(value: unknown): InsightSectionDraft[] {
  const parts =
    typeof value === 'string' || isBlocks(value) ? [{ paragraphs: value }] : list(value);
  const result: InsightSectionDraft[] = [];
  for (const part of parts ?? []) {
    const entry = unwrap(part) ?? {};
    const content = entry.paragraphs ?? entry.text;
    const blocks: RichBlock[] =
      readRichText(content) ?? (strings(content) ?? []).map((text) => ({ kind: 'text', text }));
    if (entry.heading !== undefined) result.push({ heading: plain(entry.heading), paragraphs: [] });
    for (const block of blocks) {
      const current = result.at(-1);
      if (block.kind === 'heading') result.push({ heading: block.text, paragraphs: [] });
      else if (current) current.paragraphs.push(block.text);
      // Text before any heading has no section to go to: the schema reports the missing heading.
      else result.push({ heading: undefined, paragraphs: [block.text] });
    }
  }
  return result;
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
    promise: plain(entry.promise),
    overview: strings(entry.overview),
    audience: strings(entry.audience),
    deliverables: strings(entry.deliverables),
    process: components(entry.process, (step) => ({
      title: plain(step.title),
      text: plain(step.text),
    })),
    timeline: plain(entry.timeline),
    clientProvides: strings(entry.clientProvides),
    eligibility: strings(entry.eligibility),
    terms: components(entry.terms, (term) => ({
      label: plain(term.label),
      value: plain(term.value),
    })),
    legalNote: optional(entry.legalNote),
    faq: components(entry.faq, (item) => ({
      question: plain(item.question),
      answer: plain(item.answer),
    })),
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
    body: sections(entry.body),
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
    // Shown as a paragraph (its marks and escapes kept, as a body's are), and as plain words in
    // the page's description.
    summary: strings(entry.summary)?.join(' '),
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
    text: plain(entry.text),
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
