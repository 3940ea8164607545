/**
 * What the production server (scripts/serve.mjs) and the page cache (page-cache-handler.mjs)
 * use of the runtime: SiteRuntime implements it (site-runtime.ts).
 */
export interface ProcessRuntime {
  /** `POST /api/leads/{flowId}`, answered ahead of Next's router by the production server. */
  postLead(request: Request, flowId: string): Promise<Response>;
  /**
   * The headers carrying the Content-Security-Policy of an HTML page whose inline scripts hash to
   * `hashes` (Content-Security-Policy, or -Report-Only as well; Reporting-Endpoints).
   */
  pagePolicy(scriptHashes: readonly string[]): { key: string; value: string }[];
  /**
   * Strict-Transport-Security for every response, decided by the SITE_URL the server runs with
   * (none unless it is https; site/http/transport-security.ts).
   */
  transportSecurity(): { key: string; value: string }[];
  /**
   * Whether a flow revision a cached page or response shows (`flowRevision`, site-flows.ts) is the
   * one the catalogue serves now: a cached copy showing any other is rendered again.
   */
  isLiveFlowRevision(revision: string): boolean;
  /**
   * Stops the background work (delivery worker, flow watcher; the worker's pass under way gets
   * `graceMs` to finish) and closes the database.
   */
  stop(graceMs?: number): Promise<void>;
}

export interface RuntimeSlot {
  runtime: ProcessRuntime | undefined;
  /** Resolves with the runtime once one is published. */
  ready: Promise<ProcessRuntime>;
  /** Makes `runtime` the process's (unless one already is) and returns the process's. */
  publish(runtime: ProcessRuntime): ProcessRuntime;
  /**
   * Who wrote the X-Forwarded-For the site reads: `settled` when the production server
   * (scripts/serve.mjs) set it to the one address its proxy trust yields; `forwarded` under
   * another host (`next start`, `next dev`), which passes on what the client or its proxies
   * wrote; undefined when no host runs (a test that builds its own requests).
   */
  clientAddresses: 'settled' | 'forwarded' | undefined;
}

export function runtimeSlot(): RuntimeSlot;
