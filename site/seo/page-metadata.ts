import type { Metadata } from 'next';
import { defaultMetadata } from './default-metadata';

export interface PageMetadataInput {
  /** The page's unprefixed path, e.g. `/careers`; it is the canonical URL of both `/x` and `/en/x`. */
  path: string;
  /** The page's own title (the layout's template adds the brand). Omit on the home page. */
  title?: string;
  description?: string;
}

/**
 * Per-page metadata: title, description, the canonical URL (always the unprefixed path, so
 * `/x` and `/en/x` name the same canonical), `alternates` for en and x-default, and the
 * OpenGraph and Twitter cards with the site name and the 1200x630 image.
 */
export function pageMetadata({ path, title, description }: PageMetadataInput): Metadata {
  const shared = {
    ...(title ? { title } : {}),
    ...(description ? { description } : {}),
  };
  return {
    ...shared,
    alternates: { canonical: path, languages: { en: path, 'x-default': path } },
    openGraph: { ...defaultMetadata.openGraph, ...shared, url: path },
    twitter: { ...defaultMetadata.twitter, ...shared },
  };
}
