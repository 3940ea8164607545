/**
 * The one rate limiter factory takes any key on both databases: an e-mail address as long as an
 * address may be, longer text, a NUL. Before, a key whose prefix and text passed 255 characters
 * failed every request that named it on PostgreSQL (the counters' key column).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { SiteDatabase } from '@/site/server/db/database';
import { createRateLimiter } from '@/site/server/db/rate-limiter';
import {
  dialects,
  testDatabase,
  type TestDatabase,
} from '@/tests/integration/support/test-databases';

const longestAddress = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;

describe.each(dialects)('createRateLimiter on %s', (dialect) => {
  let database: TestDatabase;
  let site: SiteDatabase;
  beforeAll(async () => {
    database = await testDatabase(dialect);
    site = await database.open();
  });
  afterAll(() => database?.dispose());

  it.each([
    ['the longest e-mail address', longestAddress],
    ['10,000 characters', 'k'.repeat(10_000)],
    ['a NUL and a lone surrogate', 'a\u0000b\uD800c'],
  ])('counts, reads and clears a key of %s', async (_what, key) => {
    expect(longestAddress).toHaveLength(254);
    const limiter = createRateLimiter(site, {
      keyPrefix: 'login-account',
      points: 2,
      duration: 60,
    });
    await limiter.consume(key);
    await limiter.penalty(key, 1);
    expect((await limiter.get(key))?.consumedPoints).toBe(2);
    // Another key, even one that shares the first 255 characters, has counters of its own.
    expect(await limiter.get(`${key}!`)).toBeNull();
    await expect(limiter.consume(key)).rejects.toBeInstanceOf(RateLimiterRes);
    await limiter.delete(key);
    expect(await limiter.get(key)).toBeNull();
  });
});
