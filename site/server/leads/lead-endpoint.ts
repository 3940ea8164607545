/**
 * `POST /api/leads/{flowId}` as the runtime answers it (site/server/runtime/site-runtime.ts): the
 * App Router route and the production server's fast path (scripts/serve.mjs) both end here, with
 * the process's one set of lead services and its one delivery worker, which a committed lead
 * wakes at once.
 */
import { env } from '@/site/env';
import { securityHeaders } from '@/site/http/security-headers';
import { errorResponse } from '@/site/server/http/api-response';
import type { DeliveryWorkers } from './delivery-workers';
import { STORAGE_RETRY_SECONDS, handleLeadPost, storageUnavailable } from './handle-lead-post';
import type { LeadServices } from './lead-services';

/** Answers one lead request; a stored lead is handed to the worker right away. */
export async function answerLeadPost(
  request: Request,
  flowId: string,
  services: LeadServices,
  worker: Pick<DeliveryWorkers, 'kick'>,
): Promise<Response> {
  let response: Response;
  try {
    response = await handleLeadPost(request, flowId, services);
    if (response.status === 202) worker.kick();
  } catch (error) {
    // Only a fault of ours (the database unreachable, a full disk) gets here. Nothing was
    // committed; the visitor's answers are still in the form, and the browser may send them
    // again (the same Idempotency-Key makes a repeat store one lead).
    console.error('[leads] could not store a lead:', error);
    response = errorResponse(
      503,
      [{ field: 'request', message: storageUnavailable(STORAGE_RETRY_SECONDS) }],
      { 'retry-after': String(STORAGE_RETRY_SECONDS) },
    );
  }
  return withSecurityHeaders(response);
}

/**
 * The production server answers leads ahead of Next (scripts/serve.mjs), where next.config.ts's
 * headers do not reach: the same headers, set here.
 */
function withSecurityHeaders(response: Response): Response {
  for (const { key, value } of leadHeaders) response.headers.set(key, value);
  return response;
}

/** The environment's security headers, the same for every lead. */
const leadHeaders = securityHeaders(env);
