/**
 * The content source the site renders from: the embedded store by default, Strapi when
 * STRAPI_URL and STRAPI_TOKEN are both set (with the embedded store as its fallback).
 * Server-only: it reads the environment, which may hold the CMS token.
 */
import { env } from '@/site/env';
import type { ContentSource } from './content-source';
import type { SocialLink } from './content-types';
import { createEmbeddedContentSource } from './embedded/embedded-content-source';
import { createStrapiContentSource } from './strapi/strapi-content-source';

export function socialLinksFromEnv(): SocialLink[] {
  return [
    { network: 'linkedin', label: 'LinkedIn', url: env.SOCIAL_LINKEDIN_URL },
    { network: 'twitter', label: 'Twitter (X)', url: env.SOCIAL_TWITTER_URL },
    { network: 'facebook', label: 'Facebook', url: env.SOCIAL_FACEBOOK_URL },
    { network: 'youtube', label: 'YouTube', url: env.SOCIAL_YOUTUBE_URL },
    { network: 'instagram', label: 'Instagram', url: env.SOCIAL_INSTAGRAM_URL },
  ];
}

let source: ContentSource | undefined;

export function getContentSource(): ContentSource {
  if (source) return source;
  const embedded = createEmbeddedContentSource({ socialLinks: socialLinksFromEnv() });
  source =
    env.STRAPI_URL && env.STRAPI_TOKEN
      ? createStrapiContentSource({
          baseUrl: env.STRAPI_URL,
          token: env.STRAPI_TOKEN,
          timeoutMs: env.STRAPI_TIMEOUT_MS,
          revalidateSeconds: env.STRAPI_REVALIDATE_SECONDS,
          fallback: embedded,
          // A build renders every page and each needs the same collections: one read per
          // minute serves them all. A running server relies on Next's data cache instead, so
          // a revalidated page is rendered from what the CMS holds now.
          cacheMs: env.NEXT_PHASE === 'phase-production-build' ? 60_000 : 0,
        })
      : embedded;
  return source;
}
