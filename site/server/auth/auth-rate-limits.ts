import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { SiteDatabase } from '@/site/server/db/database';
import { createRateLimiter } from '@/site/server/db/rate-limiter';

export interface AuthLimitSettings {
  /** Failed sign-ins per client (address) per window before 429. */
  loginPerClient: number;
  /** Failed sign-ins per account (e-mail, known or not) per window before 429. */
  loginPerAccount: number;
  /** Window length in seconds. */
  windowS?: number;
}

/** Seconds until a limited caller may try again. */
export type Limited = { retryAfterS: number };

/**
 * Brute-force brakes, in PostgreSQL when the site runs on it (one count for every instance),
 * else in memory (one server process). Only failed sign-ins count, so
 * visitors who sign in correctly never meet the limit; a success clears the account's
 * count. Keys by e-mail are used for unknown addresses too: answers never differ
 * between a registered and an unknown address. Registration and resend are limited per
 * client and per address so the site cannot be used to flood a mailbox.
 */
export function createAuthRateLimits(settings: AuthLimitSettings, site?: SiteDatabase) {
  const duration = settings.windowS ?? 15 * 60;
  const loginClient = createRateLimiter(site, {
    keyPrefix: 'login-client',
    points: settings.loginPerClient,
    duration,
  });
  const loginAccount = createRateLimiter(site, {
    keyPrefix: 'login-account',
    points: settings.loginPerAccount,
    duration,
  });
  const mailClient = createRateLimiter(site, {
    keyPrefix: 'mail-client',
    points: 20,
    duration: 3600,
  });
  const mailAccount = createRateLimiter(site, {
    keyPrefix: 'mail-account',
    points: 5,
    duration: 3600,
  });

  async function exhausted(limiter: RateLimiterAbstract, key: string, points: number) {
    const state = await limiter.get(key);
    return state && state.consumedPoints >= points ? state.msBeforeNext : 0;
  }

  return {
    /** Before checking a password: is this client or account out of attempts? */
    async loginBlocked(client: string, account: string): Promise<Limited | undefined> {
      const ms = Math.max(
        await exhausted(loginClient, client, settings.loginPerClient),
        await exhausted(loginAccount, account, settings.loginPerAccount),
      );
      return ms > 0 ? { retryAfterS: Math.ceil(ms / 1000) } : undefined;
    },
    async loginFailed(client: string, account: string): Promise<void> {
      await Promise.all([loginClient.penalty(client, 1), loginAccount.penalty(account, 1)]);
    },
    async loginSucceeded(account: string): Promise<void> {
      await loginAccount.delete(account);
    },
    /** Counts one outgoing account mail; answers whether the caller is over its limit. */
    async mailAllowed(client: string, account: string): Promise<Limited | undefined> {
      try {
        await mailClient.consume(client);
        await mailAccount.consume(account);
        return undefined;
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          return { retryAfterS: Math.ceil(rejection.msBeforeNext / 1000) };
        }
        throw rejection;
      }
    },
  };
}

export type AuthRateLimits = ReturnType<typeof createAuthRateLimits>;
