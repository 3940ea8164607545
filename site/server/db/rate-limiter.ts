/**
 * A rate limiter whose counters live where the site's data lives: in PostgreSQL when the site
 * runs on it (every instance counts against the same limit, rate-limiter-flexible's Postgres
 * store on the `rate_limits` table), else in this process's memory (the embedded default: one
 * SQLite file, one server process).
 */
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

export function createRateLimiter(
  site: SiteDatabase | undefined,
  options: LimiterOptions,
): RateLimiterAbstract {
  if (!site?.pool) return new RateLimiterMemory(options);
  return new RateLimiterPostgres({
    ...options,
    storeClient: site.pool,
    storeType: 'pool',
    tableName: 'rate_limits',
    tableCreated: true,
  });
}
