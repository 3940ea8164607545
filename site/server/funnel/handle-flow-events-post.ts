/**
 * `POST /api/flow-events`: the steps a visitor was shown and the transitions they took, as the
 * browser's beacon reports them (no answers, an anonymous visit id). The whole batch is checked
 * against the site's flows and stored, or refused with a 4xx `{errors: [{field, message}]}` and
 * nothing stored; a stored batch is `204`. Whatever the body, the answer is never a 5xx: only a
 * fault of ours (the database) throws, for the caller to answer.
 *
 * A valid batch is stored within the storage limits: the client's share of events per hour and
 * per day, then the visit's limit; the events past them are dropped, counted, and the answer is
 * still `204`. A beacon cannot wait and retry (the page may be gone), so a 429 would change
 * nothing for the sender but a red line in its console; and a flood learns nothing from the
 * answer about where the limits lie. Batches past the request rate limit still get 429.
 */
import { clientKey } from '@/site/server/auth/client-key';
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

  const { events } = checked;
  const allowed = await services.clientQuota(clientKey(request), events.length);
  const { dropped } = await services.store.insertEvents(events.slice(0, allowed), now(), {
    perVisit: services.perVisit,
    overClient: events.slice(allowed),
  });
  services.logDrops(dropped);
  return noContent();
}
