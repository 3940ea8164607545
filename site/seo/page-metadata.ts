import type { Metadata } from 'next';
import { defaultMetadata } from './default-metadata';
import { socialImage, type SocialTemplateId } from './social-templates';

export interface PageMetadataInput {
  /** The page's unprefixed path, e.g. `/careers`; it is the canonical URL of both `/x` and `/en/x`. */
  path: string;
  /** The page's own title (the layout's template adds the brand). Omit on the home page. */
  title?: string;
  description?: string;
  /** The page's template, whose 1200x630 image OpenGraph and Twitter name; a fixed page's by default. */
  social?: SocialTemplateId;
}

/**
 * Per-page metadata: title, description, the canonical URL (always the unprefixed path, so
 * `/x` and `/en/x` name the same canonical), `alternates` for en and x-default, and the
 * OpenGraph and Twitter cards with the site name and the template's 1200x630 image.
 */
export function pageMetadata({
  path,
  title,
  description,
  social = 'page',
}: PageMetadataInput): Metadata {
  const image = socialImage(social);
  const shared = {
    ...(title ? { title } : {}),
    ...(description ? { description } : {}),
  };
  return {
    ...shared,
    alternates: { canonical: path, languages: { en: path, 'x-default': path } },
    openGraph: { ...defaultMetadata.openGraph, ...shared, url: path, images: [image] },
    twitter: { ...defaultMetadata.twitter, ...shared, images: [image] },
  };
}
