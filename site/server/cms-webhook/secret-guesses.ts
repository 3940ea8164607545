/**
 * The brake on guessing the webhook's secret: each client (its address, as the server settles
 * it) may send a missing or wrong secret `WEBHOOK_FAILURES` times per `WEBHOOK_WINDOW_S`; then
 * every request from it gets 429 until the window that began with its first failure ends, the
 * right secret included. Letting the right secret through meanwhile would answer each guess
 * (429 for a wrong one, 200 for the right one), so the limit would no longer limit guessing. A
 * correct secret neither counts nor clears the count: Strapi, whose secret is right, never meets
 * the limit unless the same address also failed ten times within the window. Counted in
 * PostgreSQL when the site runs on it (one count for every instance), else in memory.
 */
import { onceUntilFailure, type SiteDatabase } from '@/site/server/db/database';
import { createRateLimiter } from '@/site/server/db/rate-limiter';

export const WEBHOOK_FAILURES = 10;
export const WEBHOOK_WINDOW_S = 15 * 60;

export interface SecretGuesses {
  /** Seconds until `client` may try again, once its failures reached the limit; else undefined. */
  blocked(client: string): Promise<number | undefined>;
  /** Counts a missing or wrong secret from `client`. */
  failed(client: string): Promise<void>;
}

export function createSecretGuesses(
  database?: () => Promise<SiteDatabase>,
  limit: { failures: number; windowS: number } = {
    failures: WEBHOOK_FAILURES,
    windowS: WEBHOOK_WINDOW_S,
  },
): SecretGuesses {
  // Made on first use (the database may not be open yet), again after a failed open.
  const counter = onceUntilFailure(async () =>
    createRateLimiter(database ? await database() : undefined, {
      keyPrefix: 'webhook-secret',
      points: limit.failures,
      duration: limit.windowS,
    }),
  );
  return {
    async blocked(client) {
      const state = await (await counter()).get(client);
      if (!state || state.consumedPoints < limit.failures) return undefined;
      return Math.max(1, Math.ceil(state.msBeforeNext / 1000));
    },
    async failed(client) {
      await (await counter()).penalty(client, 1);
    },
  };
}
