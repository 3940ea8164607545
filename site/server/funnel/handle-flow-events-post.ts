/**
 * `POST /api/flow-events`: the steps a visitor was shown and the transitions they took, as the
 * browser's beacon reports them (no answers, an anonymous visit id). The whole batch is checked
 * against the site's flows and stored, or refused with a 4xx `{errors: [{field, message}]}` and
 * nothing stored; a stored batch is `204`. Whatever the body, the answer is never a 5xx: only a
 * fault of ours (the database) throws, for the caller to answer.
 */
import { errorResponse } from '@/site/server/http/api-response';
import {
  fromAnotherSite,
  overRateLimit,
  readPostBody,
  type BodyRules,
} from '@/site/server/http/post-checks';
import { checkFlowEvents } from './check-flow-events';
import { maxFlowEventsBytes } from './flow-event-batch';
import type { FunnelServices } from './funnel-services';
import { parseFlowEvents } from './parse-flow-events';
import { trackingDeclined } from './tracking-declined';

const noContent = () =>
  new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });

/** sendBeacon sends a string as text/plain (a type that needs no CORS preflight); fetch, JSON. */
const bodyRules: BodyRules = {
  types: new Set(['text/plain', 'application/json']),
  typeMessage: 'Send text/plain or application/json, in UTF-8',
  utf8Only: true,
  maxBytes: maxFlowEventsBytes,
};

export async function handleFlowEventsPost(
  request: Request,
  services: FunnelServices,
  now: () => number = Date.now,
): Promise<Response> {
  const refused =
    fromAnotherSite(request, 'Flow events are taken from this site only') ??
    (trackingDeclined(request.headers) ? noContent() : undefined) ??
    (await overRateLimit(request, services.rateLimit, 'reports'));
  if (refused) return refused;
  const body = await readPostBody(request, bodyRules);
  if (!body.ok) return body.response;

  const parsed = parseFlowEvents(body.bytes);
  if (!parsed.ok) return errorResponse(400, parsed.errors);
  const checked = checkFlowEvents(parsed.batch, await services.flows());
  if (!checked.ok) return errorResponse(400, checked.errors);

  await services.store.insertEvents(checked.events, now());
  return noContent();
}
