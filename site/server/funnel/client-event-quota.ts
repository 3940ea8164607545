/**
 * A client's share of the funnel's storage: how many of a batch's events its address may still
 * store this hour and this day (`FLOW_EVENTS_PER_CLIENT_HOUR`, `FLOW_EVENTS_PER_CLIENT_DAY`; 0
 * turns either off). The request rate limit bounds batches, not what they hold: 120 batches of
 * 100 events a minute would be 17 million rows a day from one address.
 *
 * Counted where the request rate limit counts (rate-limiter.ts): in PostgreSQL when the site runs
 * on it, so every instance takes from one share, else in this process's memory (one process holds
 * the SQLite file). Each count is one atomic increment, so batches arriving at once never share
 * out more than the share. Every event sent is counted, the dropped ones too: a client that keeps
 * sending past its share stays past it until the window ends.
 */
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { onceUntilFailure, type SiteDatabase } from '@/site/server/db/database';
import { createRateLimiter } from '@/site/server/db/rate-limiter';

/** Of `events` sent now by `clientKey`, how many (the first ones) it may store. */
export type ClientEventQuota = (clientKey: string, events: number) => Promise<number>;

export interface ClientEventShares {
  perHour: number;
  perDay: number;
}

const windows = (shares: ClientEventShares) =>
  [
    { keyPrefix: 'flow-events-hour', points: shares.perHour, duration: 3_600 },
    { keyPrefix: 'flow-events-day', points: shares.perDay, duration: 86_400 },
  ].filter((window) => window.points > 0);

/** The client's count in `limiter` once these events are added, whether over the limit or not. */
async function countWith(limiter: RateLimiterAbstract, key: string, events: number) {
  try {
    return (await limiter.consume(key, events)).consumedPoints;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return rejection.consumedPoints;
    throw rejection;
  }
}

export function createClientEventQuota(
  shares: ClientEventShares,
  database?: () => Promise<SiteDatabase>,
): ClientEventQuota {
  const limits = windows(shares);
  const limiters = onceUntilFailure(async () => {
    const site = database ? await database() : undefined;
    return limits.map((options) => createRateLimiter(site, options));
  });
  return async (clientKey, events) => {
    if (limits.length === 0 || events === 0) return events;
    let allowed = events;
    for (const limiter of await limiters()) {
      const before = (await countWith(limiter, clientKey, events)) - events;
      allowed = Math.min(allowed, Math.max(0, limiter.points - before));
    }
    return allowed;
  };
}
