/**
 * Per-client rate limit of an endpoint (rate-limiter-flexible): counted in PostgreSQL when the
 * site runs on it, so every instance counts against one limit, else in memory (one process holds
 * the SQLite file, so one process counts). `limit` 0 turns it off. `keyPrefix` keeps each
 * endpoint's counters apart in the shared table: leads and flow events never count against each
 * other.
 */
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { SiteDatabase } from '@/site/server/db/database';
import { createRateLimiter } from '@/site/server/db/rate-limiter';

export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

export function createRateLimit(
  limitPerMinute: number,
  database?: () => Promise<SiteDatabase>,
  keyPrefix = 'leads',
) {
  if (limitPerMinute <= 0) return () => Promise.resolve<RateDecision>({ ok: true });
  const options = { keyPrefix, points: limitPerMinute, duration: 60 };
  let limiter: Promise<RateLimiterAbstract> | undefined;
  return async (clientKey: string): Promise<RateDecision> => {
    limiter ??= (database ? database() : Promise.resolve(undefined)).then((site) =>
      createRateLimiter(site, options),
    );
    try {
      await (await limiter).consume(clientKey);
      return { ok: true };
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        return {
          ok: false,
          retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)),
        };
      }
      throw rejection;
    }
  };
}
