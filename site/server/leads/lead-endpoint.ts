/**
 * `POST /api/leads/{flowId}` and the delivery worker it wakes, in one module: the App Router
 * route (app/api/leads/[flowId]/route.ts) and the production server's fast path (instrumentation.ts
 * hands `postLead` to scripts/serve.mjs) both call `postLead`, and a committed lead wakes the
 * worker through a module variable rather than a registry on `globalThis`.
 *
 * Next bundles `instrumentation.ts` and the App Router routes as separate module instances. The
 * worker starts in the instrumentation instance, which is also the one the production server
 * answers leads with, so every lead served by scripts/serve.mjs wakes it at once. Under `next dev`
 * the route's instance has no worker of its own (two workers on one outbox would take each other's
 * leases for dead ones): its leads are found by the worker's next poll (`LEADS_WORKER_POLL_MS`).
 */
import { env } from '@/site/env';
import { siteFlowRegistry } from '@/site/server/flows/site-flow-registry';
import { securityHeaders } from '@/site/http/security-headers';
import type { DeliveryWorker } from './delivery-worker';
import { handleLeadPost } from './handle-lead-post';
import { createWorkerFromEnv, leadServices } from './lead-services';

let worker: DeliveryWorker | undefined;

/** Starts the delivery worker in this server process. Skipped while Next builds. */
export function startLeadEndpoint(): void {
  if (env.NEXT_PHASE === 'phase-production-build' || worker) return;
  const started = createWorkerFromEnv();
  worker = started;
  started.start();
  // The flows are loaded at start rather than by the first lead, so a flow problem or a form
  // key without a HubSpot form is in the log as the server comes up.
  siteFlowRegistry();
  const stop = () => {
    void started.stop();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

/** Answers one lead request; a stored lead is handed to the worker right away. */
export async function postLead(request: Request, flowId: string): Promise<Response> {
  return withSecurityHeaders(await answerLead(request, flowId));
}

async function answerLead(request: Request, flowId: string): Promise<Response> {
  try {
    const response = await handleLeadPost(request, flowId, leadServices());
    if (response.status === 202) worker?.kick();
    return response;
  } catch (error) {
    // Only a fault of ours (disk, database) gets here; the visitor's answers are still in the form.
    console.error('[leads] could not store a lead:', error);
    return Response.json(
      { errors: [{ field: 'request', message: 'The form could not be saved; please try again' }] },
      { status: 500 },
    );
  }
}

/**
 * The production server answers leads ahead of Next (scripts/serve.mjs), where next.config.ts's
 * headers do not reach: the same headers, set here.
 */
function withSecurityHeaders(response: Response): Response {
  for (const { key, value } of securityHeaders(env)) {
    response.headers.set(key, value);
  }
  return response;
}
