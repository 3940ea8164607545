/**
 * What the flow events endpoint works with: the store over the site database, the site's flows,
 * the per-client rate limit and the storage limits (a visit's, a client's share), with the log
 * of what they drop. The runtime (site/server/runtime/site-runtime.ts) builds them once per
 * process.
 */
import { env } from '@/site/env';
import type { SiteDatabase } from '@/site/server/db/database';
import { LOOKUP_MAX_AGE_MS, type SiteFlows } from '@/site/server/flows/site-flows';
import { createRateLimit, type RateDecision } from '@/site/server/http/rate-limit';
import type { KnownFlows } from './check-flow-events';
import { createClientEventQuota, type ClientEventQuota } from './client-event-quota';
import { createDropLog, type DropLog } from './drop-log';
import { FunnelStore } from './funnel-store';

export interface FunnelServices {
  store: FunnelStore;
  /** The flows as they are now: a published version's events are accepted from its publish. */
  flows: () => Promise<KnownFlows>;
  rateLimit: (clientKey: string) => Promise<RateDecision>;
  /** The most events one visit may store; 0: no limit. */
  perVisit: number;
  /** How many of a batch's events the client may still store. */
  clientQuota: ClientEventQuota;
  /** Told of each batch's dropped events. */
  logDrops: DropLog;
}

export function createFunnelServices(
  database: () => Promise<SiteDatabase>,
  flows: SiteFlows,
): FunnelServices {
  return {
    store: new FunnelStore(database),
    flows: () => flows.fresh(LOOKUP_MAX_AGE_MS),
    rateLimit: createRateLimit(env.FLOW_EVENTS_RATE_LIMIT, database, 'flow-events'),
    perVisit: env.FLOW_EVENTS_PER_VISIT,
    clientQuota: createClientEventQuota(
      { perHour: env.FLOW_EVENTS_PER_CLIENT_HOUR, perDay: env.FLOW_EVENTS_PER_CLIENT_DAY },
      database,
    ),
    logDrops: createDropLog(),
  };
}
