/**
 * The two halves of bringing a published flow to the pages, across Next's module instances: the
 * watcher (flow-publish-watcher.ts) runs in the instrumentation instance, where Next offers no
 * request context to `revalidatePath` in (a call from a timer is dropped silently), so it asks the
 * server's own route `POST /api/internal/flows-published`, which revalidates, then warms the
 * pages it names.
 *
 * The route answers only a caller that holds this process's token, a random value kept on
 * `globalThis` (shared by the module instances of one process, never sent anywhere else): from
 * outside, the route does not exist (404).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { revalidatePath } from 'next/cache';
import { getContentSource } from '@/site/content/get-content-source';
import { flowPlacements } from '@/site/flows/flow-placements';

const TOKEN_KEY = Symbol.for('site.flows-published.token');
const TOKEN_HEADER = 'x-flows-published-token';
export const FLOWS_PUBLISHED_ROUTE = '/api/internal/flows-published';

function processToken(): string {
  const holder = globalThis as { [TOKEN_KEY]?: string };
  holder[TOKEN_KEY] ??= randomBytes(32).toString('hex');
  return holder[TOKEN_KEY];
}

function holdsToken(request: Request): boolean {
  const given = Buffer.from(request.headers.get(TOKEN_HEADER) ?? '');
  const token = Buffer.from(processToken());
  return given.length === token.length && timingSafeEqual(given, token);
}

/**
 * `POST /api/internal/flows-published` `{"flows": [ids]}`: every page (a flow may sit in the
 * footer of all of them) and each flow's JSON are revalidated; answers the paths worth warming,
 * those that host the flows.
 */
export async function postFlowsPublished(request: Request): Promise<Response> {
  if (!holdsToken(request)) return new Response('Not found', { status: 404 });
  const { flows } = (await request.json()) as { flows: string[] };
  revalidatePath('/', 'layout');
  for (const flowId of flows) revalidatePath(`/api/flows/${flowId}`);
  const placed = (await flowPlacements(getContentSource()))
    .filter((placement) => flows.includes(placement.flowId))
    .map((placement) => placement.path);
  const paths = [...new Set([...flows.map((id) => `/api/flows/${id}`), ...placed])];
  return Response.json({ paths });
}

/**
 * Has the server at `origin` revalidate what shows `flowIds`, then requests each page that hosts
 * them so they render now rather than on a visitor's request.
 */
export async function revalidateFlows(origin: string, flowIds: string[]): Promise<void> {
  const response = await fetch(new URL(FLOWS_PUBLISHED_ROUTE, origin), {
    method: 'POST',
    headers: { 'content-type': 'application/json', [TOKEN_HEADER]: processToken() },
    body: JSON.stringify({ flows: flowIds }),
  });
  if (!response.ok) throw new Error(`${FLOWS_PUBLISHED_ROUTE}: HTTP ${response.status}`);
  const { paths } = (await response.json()) as { paths: string[] };
  for (const path of paths) {
    // A page that fails to render now will on its next visit; its failure is Next's to log.
    await fetch(new URL(path, origin)).then(
      (page) => page.arrayBuffer(),
      () => undefined,
    );
  }
}
