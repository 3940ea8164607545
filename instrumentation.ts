// Next calls register() once per server process: the lead delivery worker starts here.
// NEXT_RUNTIME is a build-time constant Next substitutes per bundle, not configuration: the
// check lets the edge bundle drop the Node-only worker (better-sqlite3, fs).
import type { postLead } from './site/server/leads/lead-endpoint';

let registered: (handler: typeof postLead) => void = () => undefined;
const leadHandler = new Promise<typeof postLead>((resolve) => (registered = resolve));

export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const lead = await import('./site/server/leads/lead-endpoint');
    lead.startLeadEndpoint();
    registered(lead.postLead);
  }
}

/**
 * The lead endpoint of this module instance, the one whose worker runs, for scripts/serve.mjs:
 * it requires this built module from the same file Next registered (Node's module cache gives it
 * the same instance) and answers `POST /api/leads/{flowId}` with it ahead of Next's router.
 * Next's request pipeline costs 1.3-1.8 ms of CPU per request on a 2-core machine (locale and
 * RSC checks, route matching, request metadata), more than validating and committing a lead.
 * Resolves once register() has run on the Node runtime: Next does not wait for it before its
 * `prepare()` resolves, and loading the lead module (database drivers included) takes a moment.
 */
export function leadEndpoint(): Promise<typeof postLead> {
  return leadHandler;
}
