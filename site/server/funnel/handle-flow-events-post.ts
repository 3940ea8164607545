/**
 * `POST /api/flow-events`: the steps a visitor was shown and the transitions they took, as the
 * browser's beacon reports them (no answers, an anonymous visit id). The whole batch is checked
 * against the site's flows and stored, or refused with a 4xx `{errors: [{field, message}]}` and
 * nothing stored; a stored batch is `204`. Whatever the body, the answer is never a 5xx: only a
 * fault of ours (the database) throws, for the caller to answer.
 */
import { bodyMediaType } from '@/site/http/media-type';
import { errorResponse, type ApiError } from '@/site/server/auth/api-response';
import { clientIp } from '@/site/server/leads/client-ip';
import { readBody } from '@/site/server/leads/read-body';
import { checkFlowEvents } from './check-flow-events';
import { isCrossSite } from '@/site/http/cross-site';
import { maxFlowEventsBytes } from './flow-event-batch';
import type { FunnelServices } from './funnel-services';
import { parseFlowEvents } from './parse-flow-events';
import { trackingDeclined } from './tracking-declined';

// sendBeacon sends a string as text/plain (a type that needs no CORS preflight); fetch, JSON.
const acceptedTypes = new Set(['text/plain', 'application/json']);

const noContent = () =>
  new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
const refuse = (status: number, errors: ApiError[], headers?: Record<string, string>) =>
  errorResponse(status, errors, headers);

/** JSON is UTF-8 only: a body declaring another charset is refused. */
const utf8 = new Set(['utf-8', 'utf8']);

export async function handleFlowEventsPost(
  request: Request,
  services: FunnelServices,
  now: () => number = Date.now,
): Promise<Response> {
  if (isCrossSite(request)) {
    return refuse(403, [{ field: 'origin', message: 'Flow events are taken from this site only' }]);
  }
  if (trackingDeclined(request.headers)) return noContent();

  const rate = await services.rateLimit(clientIp(request.headers) ?? 'unknown');
  if (!rate.ok) {
    return refuse(
      429,
      [{ field: 'request', message: `Too many reports; try again in ${rate.retryAfterSeconds} s` }],
      { 'retry-after': String(rate.retryAfterSeconds) },
    );
  }

  const { type, charset } = bodyMediaType(request.headers);
  if (!acceptedTypes.has(type) || (charset !== undefined && !utf8.has(charset))) {
    return refuse(415, [
      { field: 'content-type', message: 'Send text/plain or application/json, in UTF-8' },
    ]);
  }
  const body = await readBody(request, maxFlowEventsBytes);
  if (!body.ok) {
    return body.reason === 'too-large'
      ? refuse(413, [
          { field: 'body', message: `The body is larger than ${maxFlowEventsBytes} bytes` },
        ])
      : refuse(400, [{ field: 'body', message: 'The body could not be read' }]);
  }

  const parsed = parseFlowEvents(body.bytes);
  if (!parsed.ok) return refuse(400, parsed.errors);
  const checked = checkFlowEvents(parsed.batch, await services.flows());
  if (!checked.ok) return refuse(400, checked.errors);

  await services.store.insertEvents(checked.events, now());
  return noContent();
}
