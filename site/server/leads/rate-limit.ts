/**
 * Per-client rate limit of lead submissions (rate-limiter-flexible, in memory: one server
 * process holds the outbox, so one process counts). `limit` 0 turns it off.
 */
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

export function createRateLimit(limitPerMinute: number) {
  if (limitPerMinute <= 0) return () => Promise.resolve<RateDecision>({ ok: true });
  const limiter = new RateLimiterMemory({ points: limitPerMinute, duration: 60 });
  return async (clientKey: string): Promise<RateDecision> => {
    try {
      await limiter.consume(clientKey);
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
