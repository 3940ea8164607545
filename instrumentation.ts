// Next calls register() once per server process: the lead delivery worker starts here.
// NEXT_RUNTIME is a build-time constant Next substitutes per bundle, not configuration: the
// check lets the edge bundle drop the Node-only worker (database drivers, fs).
import type { pagePolicy } from './site/http/page-policy';
import type { postLead } from './site/server/leads/lead-endpoint';

/** What the production server (scripts/serve.mjs) takes from this module instance. */
export interface ServerHooks {
  /** The lead endpoint, whose worker runs in this instance. */
  postLead: typeof postLead;
  /** The Content-Security-Policy of an HTML page, given its inline scripts' hashes. */
  pagePolicy: typeof pagePolicy;
  /**
   * Told once the server listens at `origin`: the flow watcher starts (published flow versions
   * reach this instance's pages through the server's own revalidation route).
   */
  listening: (origin: string) => void;
}

let registered: (hooks: ServerHooks) => void = () => undefined;
const hooks = new Promise<ServerHooks>((resolve) => (registered = resolve));

export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const [lead, policy, flows] = await Promise.all([
      import('./site/server/leads/lead-endpoint'),
      import('./site/http/page-policy'),
      import('./site/server/flows/start-flow-watcher'),
    ]);
    lead.startLeadEndpoint();
    registered({
      postLead: lead.postLead,
      pagePolicy: policy.pagePolicy,
      listening: flows.startFlowWatcher,
    });
  }
}

/**
 * The hooks of this module instance, the one whose worker runs, for scripts/serve.mjs: it
 * requires this built module from the same file Next registered (Node's module cache gives it
 * the same instance). It answers `POST /api/leads/{flowId}` with `postLead` ahead of Next's
 * router: Next's request pipeline costs 1.3-1.8 ms of CPU per request on a 2-core machine (locale
 * and RSC checks, route matching, request metadata), more than validating and committing a lead.
 * Resolves once register() has run on the Node runtime: Next does not wait for it before its
 * `prepare()` resolves, and loading the lead module (database drivers included) takes a moment.
 */
export function serverHooks(): Promise<ServerHooks> {
  return hooks;
}
