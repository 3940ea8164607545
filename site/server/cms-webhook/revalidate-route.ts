/**
 * Wires the webhook handler to Next's revalidation (Next 16): `revalidatePath` for each page,
 * the Strapi cache tag and the root layout for everything. Revalidating a path also expires the cached Strapi answers
 * read while rendering it (Next's implicit path tags), so the next visit renders what the CMS
 * holds now. A route handler's revalidation takes effect on the path's next visit.
 */
import { revalidatePath, revalidateTag } from 'next/cache';
import { getContentSource } from '@/site/content/get-content-source';
import { STRAPI_CACHE_TAG } from '@/site/content/strapi/strapi-client';
import { env } from '@/site/env';
import { siteRuntime } from '@/site/server/runtime/site-runtime';
import { handleRevalidatePost } from './handle-revalidate-post';

export function POST(request: Request) {
  return handleRevalidatePost(request, {
    secret: env.STRAPI_WEBHOOK_SECRET,
    content: getContentSource(),
    revalidate: {
      path: (path) => revalidatePath(path),
      everything: () => {
        // Every cached Strapi answer expires now (Next 16: `{expire: 0}`, no stale answer
        // served), and every page below the root layout renders again on its next visit.
        revalidateTag(STRAPI_CACHE_TAG, { expire: 0 });
        revalidatePath('/', 'layout');
      },
      search: () => siteRuntime().search.markStale(),
    },
    guesses: siteRuntime().webhookGuesses,
  });
}
