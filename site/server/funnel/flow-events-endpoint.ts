/**
 * The App Router's `POST /api/flow-events` (app/api/flow-events/route.ts): the handler with the
 * runtime's funnel services. A fault of ours (the database down) is logged and answered 503; a
 * beacon's sender never reads the answer, so those events are lost, never retried in a loop.
 */
import { errorResponse } from '@/site/server/http/api-response';
import type { FunnelServices } from './funnel-services';
import { handleFlowEventsPost } from './handle-flow-events-post';

export async function postFlowEvents(
  request: Request,
  services: FunnelServices,
): Promise<Response> {
  try {
    return await handleFlowEventsPost(request, services);
  } catch (error) {
    console.error('[funnel] could not store flow events:', error);
    return errorResponse(503, [
      { field: 'request', message: 'The events could not be stored; they are dropped' },
    ]);
  }
}
