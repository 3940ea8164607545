/**
 * zod schemas for the embedded page content (`content/pages/*.json`, insights, media mentions,
 * places, reviews, people, policies, home, services). They encode the writers' contract of
 * CONTENT-FORMAT: lengths of titles and descriptions, lower-case paths, fictional outlets on
 * example domains, ISO dates. Cross-file rules (unique titles, related links that exist) are
 * checked in `check-content-links.ts`, once every file has parsed.
 */
import { z } from 'zod';

const text = z.string().trim().min(1, 'must not be empty');
const paragraphs = z.array(text).min(1, 'needs at least one paragraph');
export const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be a lower-case slug');
/** A page path: lower-case segments, no trailing slash, no query or anchor. */
export const pagePath = z
  .string()
  .regex(/^(\/[a-z0-9]+(-[a-z0-9]+)*)+$/, 'must be a lower-case path like /consulting/strategy');
/** A link inside the site; may carry an anchor (`/industries#retail`). */
const linkPath = z
  .string()
  .regex(/^\/([a-z0-9-/]*)(#[a-z0-9-]+)?$/, 'must be a site path like /financing or /x#anchor');
export const title = z.string().trim().min(1).max(60, 'must be at most 60 characters');
export const description = z
  .string()
  .trim()
  .min(50, 'is too short (under 50 characters)')
  .max(160, 'must be at most 160 characters');
const isoDate = z.iso.date('must be a date like 2023-03-14');

const step = z.strictObject({ title: text, text });
const faq = z.strictObject({ question: text, answer: text });

export const pageSchema = z.strictObject({
  path: pagePath,
  template: z.enum(['division', 'service', 'fixed']),
  title,
  description,
  heading: text,
  promise: text.optional(),
  overview: paragraphs,
  audience: z.array(text).optional(),
  deliverables: z.array(text).optional(),
  process: z.array(step).min(3, 'needs 3 to 5 steps').max(5, 'needs 3 to 5 steps').optional(),
  timeline: text.optional(),
  clientProvides: z.array(text).optional(),
  eligibility: z.array(text).optional(),
  terms: z.array(z.strictObject({ label: text, value: text })).optional(),
  legalNote: z.boolean().optional(),
  faq: z.array(faq).min(3, 'needs at least 3 questions').optional(),
  related: z.array(linkPath).max(6).optional(),
  /** Flow ids; `npm run flows -- check` says which name no flow file. */
  forms: z.array(
    z.string().regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'must be a flow id (flows/<id>.json)'),
  ),
});

export const pagesFileSchema = z.strictObject({ pages: z.array(pageSchema).min(1) });

export const insightsFileSchema = z.strictObject({
  insights: z
    .array(
      z.strictObject({
        slug,
        title,
        description,
        date: isoDate,
        category: text,
        author: z.strictObject({ name: text, role: text }),
        keyPoints: z
          .array(text)
          .min(3, 'needs 3 to 5 key points')
          .max(5, 'needs 3 to 5 key points'),
        body: z.array(z.strictObject({ heading: text, paragraphs })).min(2),
        related: z.array(slug),
      }),
    )
    .min(1),
});

export const mediaMentionsFileSchema = z.strictObject({
  mentions: z
    .array(
      z.strictObject({
        slug,
        outlet: text,
        date: isoDate,
        headline: text,
        summary: text,
        url: z
          .url()
          .regex(
            /^https:\/\/example\.(com|org|net)\//,
            'must point at example.com/.org/.net (outlets are fictional)',
          ),
      }),
    )
    .min(1),
});

export const reviewsFileSchema = z.strictObject({
  reviews: z
    .array(
      z.strictObject({
        name: z.string().regex(/^\S+ [A-Z]\.$/, 'must be a first name and an initial ("Dana K.")'),
        companyType: text,
        service: text,
        servicePath: pagePath,
        text,
        rating: z.number().int().min(1).max(5),
      }),
    )
    .min(1),
});

export const peopleFileSchema = z.strictObject({
  people: z.array(
    z.strictObject({
      slug,
      name: text,
      role: text,
      group: z.enum(['founder', 'leadership', 'team']),
      bio: paragraphs,
    }),
  ),
});

export const placesFileSchema = z.strictObject({
  states: z.array(
    z.strictObject({
      slug,
      name: text,
      code: z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter state code'),
      intro: paragraphs,
      industries: z.array(text),
      cities: z.array(slug),
    }),
  ),
  cities: z.array(
    z.strictObject({
      slug,
      name: text,
      state: slug,
      intro: paragraphs,
      industries: z.array(text),
      nearby: z.array(slug),
      office: z.strictObject({ name: text, address: text }).nullable(),
    }),
  ),
});

export const industryDetailsFileSchema = z.strictObject({
  industries: z
    .array(z.strictObject({ slug, name: text, summary: text, services: z.array(pagePath) }))
    .min(1),
});

export const policiesFileSchema = z.strictObject({
  policies: z.array(
    z.strictObject({
      path: pagePath,
      title,
      description,
      effectiveDate: isoDate,
      sections: z
        .array(z.strictObject({ heading: text, paragraphs, list: z.array(text).optional() }))
        .min(1),
    }),
  ),
});

const cta = z.strictObject({ text, href: linkPath });

export const homeFileSchema = z.strictObject({
  slides: z
    .array(z.strictObject({ heading: text, text, cta }))
    .min(3)
    .max(4),
  overview: z.strictObject({ heading: text, paragraphs }),
  featuredServices: z.array(z.strictObject({ title: text, text, href: linkPath })).length(6),
  sectorsHeading: text,
  careersTeaser: z.strictObject({ heading: text, text }),
});

export const servicesFileSchema = z.strictObject({
  services: z.array(
    z.strictObject({
      name: text,
      path: pagePath,
      checkoutUrl: z
        .url()
        .regex(/^https:\/\//, 'must be an https Payment Link URL')
        .nullable(),
    }),
  ),
});
