/**
 * POST /api/revalidate: Strapi's webhook. Strapi 4 posts `{event, model, uid, entry}` for
 * `entry.create|update|publish|unpublish|delete`, with the shared secret in
 * `Authorization: Bearer …`. The pages the entry appears on are revalidated, so an editor's
 * change is live on the running server on the next visit, with no rebuild.
 *
 * Whether the site changed is read from the entry's `publishedAt`, not from the event name:
 * Strapi reports an unpublish made through its REST API as `entry.update`. A published entry
 * (or one of a type without drafts, which has no `publishedAt`) may have changed what
 * visitors see; so may an entry that is now a draft, since it may just have been taken down,
 * except a draft being created, which was never on the site.
 *
 * A client that sent a missing or wrong secret too often gets 429 with `Retry-After`, whatever
 * it sends, until its window ends (secret-guesses.ts says why the right secret waits too).
 */
import type { PageContentSource } from '@/site/content/page-content-source';
import { clientKey } from '@/site/server/auth/client-key';
import { errorResponse, jsonResponse } from '@/site/server/http/api-response';
import { readPostBody } from '@/site/server/http/post-checks';
import { unstorableText } from '@/site/server/http/storable-text';
import { pathsOfEntry } from './entry-paths';
import type { SecretGuesses } from './secret-guesses';
import { matchesBearerSecret } from './webhook-secret';

export interface Revalidator {
  /** A page or route handler by its path. */
  path(path: string): void;
  /** Every page (the root layout and everything below it). */
  everything(): void;
  /** The search index is rebuilt from the content on the next search. */
  search(): void;
}

export interface RevalidateDeps {
  secret: string | undefined;
  content: PageContentSource;
  revalidate: Revalidator;
  /** The count of each client's missing or wrong secrets. */
  guesses: SecretGuesses;
  logger?: Pick<Console, 'info' | 'warn'>;
}

/** Strapi's payload is an entry with its relations: far below a megabyte. */
const bodyRules = {
  types: new Set(['application/json']),
  typeMessage: 'Send the webhook as application/json',
  maxBytes: 1024 * 1024,
};

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

export async function handleRevalidatePost(request: Request, deps: RevalidateDeps) {
  const logger = deps.logger ?? console;
  // No secret configured: the endpoint does not exist rather than accepting anyone.
  if (!deps.secret) return new Response('Not found', { status: 404 });
  const client = clientKey(request);
  const wait = await deps.guesses.blocked(client);
  if (wait !== undefined) {
    return errorResponse(
      429,
      [{ field: 'authorization', message: `Too many wrong secrets; try again in ${wait} s` }],
      { 'retry-after': String(wait) },
    );
  }
  if (!matchesBearerSecret(request.headers.get('authorization'), deps.secret)) {
    await deps.guesses.failed(client);
    logger.warn(`[content] webhook refused: missing or wrong secret from ${client}`);
    return errorResponse(401, [
      { field: 'authorization', message: 'The webhook secret is missing or wrong' },
    ]);
  }

  const body = await readPostBody(request, bodyRules);
  if (!body.ok) return body.response;
  let payload: Record<string, unknown> | undefined;
  try {
    payload = asRecord(JSON.parse(new TextDecoder().decode(body.bytes)));
  } catch {
    payload = undefined;
  }
  const event = payload?.event;
  const model = payload?.model;
  const entry = asRecord(payload?.entry);
  if (typeof event !== 'string' || typeof model !== 'string' || !entry) {
    return errorResponse(400, [
      { field: 'body', message: 'Expected a Strapi webhook payload: {event, model, entry}' },
    ]);
  }
  // The fields that name pages, checked like every endpoint's text; the entry's content is not read.
  const named = { event, model, 'entry.path': entry.path, 'entry.slug': entry.slug };
  for (const [field, value] of Object.entries(named)) {
    const problem = typeof value === 'string' ? unstorableText(value) : undefined;
    if (problem) return errorResponse(400, [{ field, message: `${field} ${problem}` }]);
  }
  if (!event.startsWith('entry.'))
    return jsonResponse(200, { revalidated: [], reason: 'not an entry event' });

  const draft = entry.publishedAt === null;
  if (draft && event === 'entry.create')
    return jsonResponse(200, { revalidated: [], reason: 'a new draft is not on the site' });

  const affected = await pathsOfEntry(model, entry, deps.content);
  if (affected.everything) deps.revalidate.everything();
  for (const path of affected.paths) deps.revalidate.path(path);
  deps.revalidate.search();
  const revalidated = affected.everything ? ['*', ...affected.paths] : affected.paths;
  logger.info(`[content] ${event} ${model}: revalidated ${revalidated.join(' ')}`);
  return jsonResponse(200, { revalidated });
}
