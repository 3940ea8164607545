/**
 * zod schemas for the embedded content files. They check what an editor of `content/*.json`
 * can get wrong: missing names, links that are not site paths, placeholder `#` links,
 * language codes that are not BCP 47 tags.
 */
import { z } from 'zod';
import type { NavItem } from '../content-types';

/** A site-relative link: `/path`, optionally with a query or an anchor; never a bare `#`. */
export const sitePath = z
  .string()
  .regex(
    /^\/(?!\/)[^\s#]*(#[\w-]+)?$/,
    'must be a site path starting with "/" (no "#" placeholders)',
  );

const name = z.string().trim().min(1, 'must not be empty');

export const navLinkSchema = z.strictObject({ name, url: sitePath });

export const navItemSchema: z.ZodType<NavItem> = z.lazy(() =>
  z.strictObject({ name, url: sitePath, children: z.array(navItemSchema).min(1).optional() }),
);

export const navigationFileSchema = z.strictObject({
  megaMenu: z.array(navItemSchema).min(1),
  topBar: z.array(navLinkSchema),
  mobileMenu: z
    .array(
      z.strictObject({
        name,
        url: sitePath,
        expand: z.enum(['tree', 'tree-leaves', 'industries']).optional(),
      }),
    )
    .min(1),
  buttons: z.strictObject({
    primary: z.strictObject({ text: name, url: sitePath }),
    secondary: z.strictObject({ text: name, url: sitePath }),
  }),
});

/** `content/industries.json` is shared with the industries page, which adds its own fields. */
export const industriesFileSchema = z.object({
  industries: z
    .array(
      z.looseObject({
        name,
        slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be a lower-case slug'),
      }),
    )
    .min(1),
});

export const officesFileSchema = z.array(
  z.strictObject({ name, url: sitePath, cities: z.array(navLinkSchema) }),
);

/** Language tag: `xx` or `xx-YY` (region upper-case), the forms the list uses. */
const languageCode = z
  .string()
  .regex(/^[a-z]{2,3}(-[A-Z]{2})?$/, 'must be a language tag like "en" or "en-GB"');

export const languagesFileSchema = z
  .array(
    z.strictObject({
      name,
      languages: z.array(z.strictObject({ name, code: languageCode })).min(1),
    }),
  )
  .min(1);

export const footerFileSchema = z.strictObject({
  groups: z.array(
    z.strictObject({ title: name, url: sitePath.optional(), links: z.array(navLinkSchema).min(1) }),
  ),
  tagline: name,
  copyrightYears: z.string().regex(/^\d{4}-\d{4}$/, 'must be a year range like 2010-2023'),
});

export const searchPanelFileSchema = z.strictObject({
  popular: z.array(navLinkSchema),
  previous: z.array(navLinkSchema),
  recent: z.array(navLinkSchema),
});
