/**
 * What the production server (scripts/serve.mjs) and the page cache (page-cache-handler.mjs)
 * use of the runtime: SiteRuntime implements it (site-runtime.ts).
 */
export interface ProcessRuntime {
  /** `POST /api/leads/{flowId}`, answered ahead of Next's router by the production server. */
  postLead(request: Request, flowId: string): Promise<Response>;
  /** The Content-Security-Policy of an HTML page whose inline scripts hash to `hashes`. */
  pagePolicy(scriptHashes: readonly string[]): string;
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
}

export function runtimeSlot(): RuntimeSlot;
