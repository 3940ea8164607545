/**
 * `GET /api/experiments`: the A/B tests the browser chooses a variant from (public-experiments.ts).
 * Answered from a list each instance keeps for a second (experiment-services.ts): no page is
 * rendered per visit, and the answer is not cached by browsers, so a test stopped or promoted
 * reaches the next visit at once. A database that cannot be read answers an empty list: every
 * visit then gets the page's own version, as without a test.
 */
import { siteRuntime } from '@/site/server/runtime/site-runtime';
import type { PublicExperiments } from './public-experiments';

export async function GET(): Promise<Response> {
  let list: PublicExperiments;
  try {
    list = await siteRuntime().experiments.publicList();
  } catch (error) {
    console.error('[experiments] the public list could not be read:', error);
    list = { experiments: [] };
  }
  return Response.json(list, { headers: { 'cache-control': 'no-store' } });
}
