/**
 * Reshapes Strapi's navigation responses into the site's own types. This is the adapter
 * boundary: nothing past it knows about `data`, `attributes` or `navChildItems`.
 *
 * The content type's exact nesting is not documented, so the reader accepts the shapes
 * Strapi v4 produces for it: relations wrapped in `{data: …}`, entries with or without
 * `attributes`, a link either as `url` or inside the `base_url` component.
 */
import { z } from 'zod';
import type { Industry, NavItem, NavigationButtons } from '../content-types';

const record = z.record(z.string(), z.unknown());

const navigationBarsSchema = z.object({
  data: z
    .array(
      z.object({
        attributes: z.object({
          navigationButton1Text: z.string().trim().min(1),
          navigationButton1Link: z.string().trim().min(1),
          navigationButton2Text: z.string().trim().min(1),
          // The content type spells this one field with a capital N.
          NavigationButton2Link: z.string().trim().min(1),
        }),
      }),
    )
    .min(1, 'no navigation-bar entry'),
});

const desktopNavigationSchema = z.object({
  data: z.object({
    attributes: z.object({
      navigations: z.object({ data: z.array(record) }),
      industries: z.object({ data: z.array(record) }).optional(),
    }),
  }),
});

/** Turns a link from the CMS into a site path: absolute URLs keep their path, bare slugs get a `/`. */
export function toSitePath(raw: string): string | undefined {
  const value = raw.trim();
  if (!value || value === '#') return undefined;
  if (/^https?:\/\//i.test(value)) {
    try {
      const url = new URL(value);
      return `${url.pathname.replace(/\/+$/, '') || '/'}${url.search}${url.hash}`;
    } catch {
      return undefined;
    }
  }
  const path = value.startsWith('/') ? value : `/${value}`;
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

const slugify = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** `{id, attributes:{…}}` → the attributes; a plain component → itself. */
function unwrap(value: unknown): Record<string, unknown> | undefined {
  const entry = asRecord(value);
  if (!entry) return undefined;
  return asRecord(entry.attributes) ?? entry;
}

/** A list that may come bare (`[…]`, components) or wrapped (`{data:[…]}`, relations). */
function list(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  const data = asRecord(value)?.data;
  return Array.isArray(data) ? data : [];
}

const text = (value: unknown) =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

function toNavItem(raw: unknown, depth: number): NavItem | undefined {
  const entry = unwrap(raw);
  if (!entry) return undefined;
  const baseUrl = unwrap(entry.base_url);
  const name = text(entry.name) ?? text(baseUrl?.name);
  const link = text(entry.url) ?? text(baseUrl?.url) ?? text(baseUrl?.slug) ?? text(entry.slug);
  const url = link ? toSitePath(link) : undefined;
  if (!name || !url) return undefined;
  // The menus show three levels at most; deeper CMS nesting is ignored rather than rendered badly.
  const children =
    depth < 3
      ? list(entry.navChildItems)
          .map((child) => toNavItem(child, depth + 1))
          .filter((child): child is NavItem => child !== undefined)
      : [];
  return children.length ? { name, url, children } : { name, url };
}

export function reshapeNavigationButtons(body: unknown): NavigationButtons {
  const attributes = navigationBarsSchema.parse(body).data[0]!.attributes;
  const primary = toSitePath(attributes.navigationButton1Link);
  const secondary = toSitePath(attributes.NavigationButton2Link);
  if (!primary || !secondary) throw new Error('navigation-bars: a button link is empty or "#"');
  return {
    primary: { text: attributes.navigationButton1Text, url: primary },
    secondary: { text: attributes.navigationButton2Text, url: secondary },
  };
}

export interface ReshapedMainNavigation {
  megaMenu: NavItem[];
  /** Empty when the CMS has no industries; the caller keeps its own list then. */
  industries: Industry[];
}

export function reshapeMainNavigation(body: unknown): ReshapedMainNavigation {
  const { navigations, industries } = desktopNavigationSchema.parse(body).data.attributes;
  const megaMenu = navigations.data
    .map((entry) => toNavItem(entry, 1))
    .filter((item): item is NavItem => item !== undefined);
  if (!megaMenu.length) throw new Error('desktop-navigation-main: no usable navigation entry');
  // Each industries entry is a group (name + collections of entries); the menu shows the entries.
  const seen = new Set<string>();
  const industryList: Industry[] = [];
  for (const group of industries?.data ?? []) {
    const groupAttributes = unwrap(group);
    const entries = list(groupAttributes?.collections);
    for (const raw of entries.length ? entries : [group]) {
      const entry = unwrap(raw);
      const name = text(entry?.name);
      if (!name) continue;
      const slug = text(entry?.slug) ?? slugify(name);
      if (seen.has(slug)) continue;
      seen.add(slug);
      industryList.push({ name, slug });
    }
  }
  return { megaMenu, industries: industryList };
}
