/**
 * Wires the flow events endpoint from the environment: the store over the site database, the
 * site's flows and the per-client rate limit. Built lazily, once per process, so importing the
 * route never opens the database during `next build`.
 */
import { env } from '@/site/env';
import { getDatabase } from '@/site/server/db/site-database';
import { LOOKUP_MAX_AGE_MS, siteFlows } from '@/site/server/flows/site-flows';
import { createRateLimit, type RateDecision } from '@/site/server/leads/rate-limit';
import type { KnownFlows } from './check-flow-events';
import { FunnelStore } from './funnel-store';

export interface FunnelServices {
  store: FunnelStore;
  /** The flows as they are now: a published version's events are accepted from its publish. */
  flows: () => Promise<KnownFlows>;
  rateLimit: (clientKey: string) => Promise<RateDecision>;
}

let services: FunnelServices | undefined;

export function funnelServices(): FunnelServices {
  services ??= {
    store: new FunnelStore(getDatabase),
    flows: () => siteFlows().fresh(LOOKUP_MAX_AGE_MS),
    rateLimit: createRateLimit(env.FLOW_EVENTS_RATE_LIMIT, getDatabase, 'flow-events'),
  };
  return services;
}
