/**
 * A rate limiter whose counters live where the site's data lives: in PostgreSQL when the site
 * runs on it (every instance counts against the same limit, rate-limiter-flexible's Postgres
 * store on the `rate_limits` table), else in this process's memory (the embedded default: one
 * SQLite file, one server process).
 *
 * In PostgreSQL a counter's key is stored as the limiter's prefix and the SHA-256 of the caller's
 * key (`login-account:` + 64 hex digits), whatever that key is: the column holds 255 characters,
 * and a key made of a long e-mail address (242 to 254 characters with its prefix) or of text the
 * column cannot take (a NUL) failed every request that named it. The table keeps no address in
 * the clear either.
 */
import { createHash } from 'node:crypto';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Migration, SiteDatabase } from './database';

export interface LimiterOptions {
  keyPrefix: string;
  points: number;
  /** Window, in seconds. */
  duration: number;
}

/** The counters' table, in rate-limiter-flexible's own shape (it is told the table exists). */
export const rateLimitMigrations: readonly Migration[] = [
  {
    name: 'db-001-rate-limits',
    sqlite: [],
    postgres: [
      `CREATE TABLE rate_limits (
        key VARCHAR(255) PRIMARY KEY,
        points INTEGER NOT NULL DEFAULT 0,
        expire BIGINT
      )`,
    ],
  },
];

/** The stored key: the documented `getKey` (what the store saves) of the key's digest. */
class DigestKeyRateLimiterPostgres extends RateLimiterPostgres {
  override getKey(key: string | number): string {
    return super.getKey(createHash('sha256').update(String(key), 'utf8').digest('hex'));
  }
}

export function createRateLimiter(
  site: SiteDatabase | undefined,
  options: LimiterOptions,
): RateLimiterAbstract {
  if (!site?.pool) return new RateLimiterMemory(options);
  return new DigestKeyRateLimiterPostgres({
    ...options,
    storeClient: site.pool,
    storeType: 'pool',
    tableName: 'rate_limits',
    tableCreated: true,
  });
}
