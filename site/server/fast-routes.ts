/**
 * Route handlers the production server (scripts/serve.mjs) calls directly, ahead of Next's
 * router. Only the lead endpoint is here: it is the one route whose throughput and tail latency
 * have a budget, and Next's request pipeline (locale and RSC checks, route matching, request
 * metadata) costs 1.3-1.8 ms of CPU per request on this kind of machine — more than validating
 * and committing a lead. The same handlers stay mounted as App Router routes, which `next dev`
 * and any plain `next start` serve.
 *
 * Shared through `globalThis` because Next bundles `instrumentation.ts` (which publishes them)
 * apart from everything else, and the server script is not bundled at all.
 */
export interface FastRoutes {
  /** `POST /api/leads/{flowId}`. */
  lead(request: Request, flowId: string): Promise<Response>;
  /** `POST /api/bench/echo`, the baseline of `npm run bench:leads`. */
  echo(request: Request): Promise<Response>;
}

const key = Symbol.for('site.fast-routes');

type Holder = typeof globalThis & { [key]?: FastRoutes };

export function publishFastRoutes(routes: FastRoutes): void {
  (globalThis as Holder)[key] = routes;
}
