import { setTimeout as sleep } from 'node:timers/promises';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { SiteDatabase } from '@/site/server/db/database';
import { createRateLimiter } from '@/site/server/db/rate-limiter';

/** How an account's sign-ins are slowed once it has taken its free attempts (see below). */
export interface AccountSlowdown {
  /** The gap between two attempts after the free ones; it doubles with each attempt, up to max. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** How long an attempt waits for its account's turn before it is answered 429 instead. */
  maxWaitMs: number;
}

export interface AuthLimitSettings {
  /** Failed sign-ins per client (address), whatever the accounts, per window before 429. */
  loginPerClient: number;
  /**
   * Failed sign-ins on one account from one client per window before that client gets 429 for
   * that account; also the account's free attempts from all clients together (per day) before
   * its sign-ins are slowed.
   */
  loginPerAccount: number;
  /** Window of the client and account-and-client counts, in seconds. */
  windowS?: number;
  accountSlowdown?: Partial<AccountSlowdown>;
}

/** Seconds until a limited caller may try again. */
export type Limited = { retryAfterS: number };

/** The window of an account's attempts from every client together. */
const DAY_S = 24 * 60 * 60;
/** A client that signed in to an account may skip the account's queue for this long. */
const TRUSTED_S = 14 * DAY_S;
/**
 * Delays are whole multiples of 1/8 s: in seconds they are exact binary fractions, so the
 * PostgreSQL store (times in whole milliseconds, BIGINT) gets an integer expiry.
 */
const STEP_MS = 125;

/** One key for an account seen from one client (the store digests long keys: rate-limiter.ts). */
const pairKey = (account: string, client: string) => `${account}\n${client}`;

/**
 * Brute-force brakes, in PostgreSQL when the site runs on it (one count for every instance),
 * else in memory (one server process). Keys by e-mail are used for unknown addresses too: answers
 * never differ between a registered and an unknown address.
 *
 * Sign-in follows OWASP's advice against lockouts an attacker can trigger (Authentication Cheat
 * Sheet, "Account Lockout"; "Slow Down Online Guessing Attacks with Device Cookies"): failures
 * lock out a client, never an account.
 * - One client (address): `loginPerClient` failures per window, whatever the accounts, then 429.
 * - One account from one client: `loginPerAccount` failures per window, then 429 for that pair
 *   only; a success clears it. A stranger's failures never count against the owner's address.
 * - One account from every client together: `loginPerAccount` attempts a day, then one attempt at a
 *   time with a gap that doubles up to `maxDelayMs` (30 s): the attempt waits for its turn, so the
 *   owner's sign-in is slowed (by at most one gap once an attack stops), never refused for long.
 *   Turns are taken atomically in the store, so a distributed guesser gets at most
 *   `loginPerAccount` + one per gap, however many addresses and parallel requests it uses: about
 *   2,900 a day at most against one account, with scrypt and passwords of 10+ characters.
 *   An attempt that cannot get a turn within `maxWaitMs` gets 429 with the wait.
 * - A client that signed in to the account within 14 days (the owner at their usual address)
 *   skips the account's queue, so even an ongoing attack does not slow them.
 * Registration and resend are limited per client and per address so the site cannot be used to
 * flood a mailbox.
 */
export function createAuthRateLimits(settings: AuthLimitSettings, site?: SiteDatabase) {
  const duration = settings.windowS ?? 15 * 60;
  const freeAttempts = settings.loginPerAccount;
  const slowdown: AccountSlowdown = {
    firstDelayMs: 1000,
    maxDelayMs: 30_000,
    maxWaitMs: 35_000,
    ...settings.accountSlowdown,
  };
  const loginClient = createRateLimiter(site, {
    keyPrefix: 'login-client',
    points: settings.loginPerClient,
    duration,
  });
  const loginPair = createRateLimiter(site, {
    keyPrefix: 'login-pair',
    points: settings.loginPerAccount,
    duration,
  });
  const trustedPairs = createRateLimiter(site, {
    keyPrefix: 'login-trusted',
    points: 1,
    duration: TRUSTED_S,
  });
  const accountAttempts = createRateLimiter(site, {
    keyPrefix: 'login-account-attempts',
    points: Number.MAX_SAFE_INTEGER,
    duration: DAY_S,
  });
  // One point per turn; each turn's length is given when it is taken (customDuration).
  const accountTurns = createRateLimiter(site, {
    keyPrefix: 'login-account-turn',
    points: 1,
    duration: 1,
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

  /** The gap after the account's `attempt`-th attempt of the window (free ones have none). */
  function gapMs(attempt: number): number {
    const doublings = Math.min(attempt - freeAttempts - 1, 30);
    const ms = Math.min(slowdown.firstDelayMs * 2 ** doublings, slowdown.maxDelayMs);
    return Math.max(STEP_MS, Math.ceil(ms / STEP_MS) * STEP_MS);
  }

  /** Waits for the account's next turn (at most `maxWaitMs`); Limited when it is further off. */
  async function accountTurn(account: string, attempt: number): Promise<Limited | undefined> {
    const deadline = Date.now() + slowdown.maxWaitMs;
    for (;;) {
      try {
        await accountTurns.consume(account, 1, { customDuration: gapMs(attempt) / 1000 });
        return undefined;
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        // Waiters wake a little apart; the first to ask takes the turn, the others wait again.
        const wait = rejection.msBeforeNext + Math.floor(Math.random() * 50);
        if (Date.now() + wait > deadline) {
          return { retryAfterS: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
        }
        await sleep(wait);
      }
    }
  }

  return {
    /**
     * Before checking a password: 429 (Limited) when this client, or this client on this
     * account, is out of attempts; otherwise waits for the account's turn when it is slowed.
     */
    async loginAllowed(client: string, account: string): Promise<Limited | undefined> {
      const pair = pairKey(account, client);
      // Read at once: on PostgreSQL each is a query, and every sign-in asks all three.
      const [clientMs, pairMs, trusted] = await Promise.all([
        exhausted(loginClient, client, settings.loginPerClient),
        exhausted(loginPair, pair, settings.loginPerAccount),
        trustedPairs.get(pair),
      ]);
      const ms = Math.max(clientMs, pairMs);
      if (ms > 0) return { retryAfterS: Math.ceil(ms / 1000) };
      if (trusted) return undefined;
      const attempt = (await accountAttempts.penalty(account, 1)).consumedPoints;
      if (attempt <= freeAttempts) return undefined;
      return accountTurn(account, attempt);
    },
    async loginFailed(client: string, account: string): Promise<void> {
      await Promise.all([
        loginClient.penalty(client, 1),
        loginPair.penalty(pairKey(account, client), 1),
      ]);
    },
    /**
     * The owner's own typos are forgotten, and this client may skip the account's queue. The
     * account's attempts are not given back: a guesser never signs in, so only the owner's
     * sign-ins from new clients would be, and those are few.
     */
    async loginSucceeded(client: string, account: string): Promise<void> {
      const pair = pairKey(account, client);
      await Promise.all([loginPair.delete(pair), trustedPairs.set(pair, 1, TRUSTED_S)]);
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
