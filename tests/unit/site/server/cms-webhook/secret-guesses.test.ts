/**
 * The Strapi webhook slows guesses of its secret (secret-guesses.ts), counted in memory (the
 * SQLite site's one process) and in PostgreSQL (every instance against one count): ten missing or
 * wrong secrets from a client, then 429 with Retry-After for everything it sends until the window
 * ends, the right secret too; other clients, Strapi among them, go on as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedContentSource } from '@/site/content/embedded/embedded-content-source';
import type { SiteDatabase } from '@/site/server/db/database';
import { handleRevalidatePost } from '@/site/server/cms-webhook/handle-revalidate-post';
import {
  createSecretGuesses,
  WEBHOOK_FAILURES,
  WEBHOOK_WINDOW_S,
  type SecretGuesses,
} from '@/site/server/cms-webhook/secret-guesses';
import {
  dialects,
  testDatabase,
  type TestDatabase,
} from '@/tests/integration/support/test-databases';

const SECRET = 'webhook-secret-of-32-characters!';
const content = createEmbeddedContentSource({ socialLinks: [] });
const revalidate = { path: () => undefined, everything: () => undefined, search: () => undefined };
const payload = {
  event: 'entry.publish',
  model: 'media-mention',
  entry: { id: 1, slug: 'x', publishedAt: '2024-05-02T10:00:00.000Z' },
};

/** Strapi's webhook call from `from`, with `secret` as its bearer token. */
function post(guesses: SecretGuesses, from: string, secret: string) {
  return handleRevalidatePost(
    new Request('http://localhost/api/revalidate', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${secret}`,
        'x-forwarded-for': from,
      },
      body: JSON.stringify(payload),
    }),
    {
      secret: SECRET,
      content,
      revalidate,
      guesses,
      logger: { info: () => undefined, warn: () => undefined },
    },
  );
}

describe.each(dialects)('wrong webhook secrets, counted on %s', (dialect) => {
  let database: TestDatabase;
  let sites: SiteDatabase[];
  // Two instances of the site: on PostgreSQL each has its own pool, and one count.
  let first: SecretGuesses;
  let second: SecretGuesses;

  beforeAll(async () => {
    database = await testDatabase(dialect);
    sites = [await database.open(), await database.open()];
    const over = (site: SiteDatabase) => createSecretGuesses(() => Promise.resolve(site));
    first = over(sites[0]!);
    // The SQLite site is one process: its count is that process's.
    second = dialect === 'postgres' ? over(sites[1]!) : first;
  });
  afterAll(() => database?.dispose());

  it('answers 429 to everything a client sends after ten wrong secrets, the right one too', async () => {
    const guesser = '203.0.113.7';
    const statuses: number[] = [];
    for (let i = 0; i < WEBHOOK_FAILURES; i++) {
      statuses.push((await post(i % 2 ? first : second, guesser, `guess-${i}`)).status);
    }
    expect(statuses).toEqual(Array(WEBHOOK_FAILURES).fill(401));

    for (const guesses of [first, second]) {
      for (const secret of ['guess-again', SECRET]) {
        const limited = await post(guesses, guesser, secret);
        expect(limited.status).toBe(429);
        const wait = Number(limited.headers.get('retry-after'));
        expect(wait).toBeGreaterThan(WEBHOOK_WINDOW_S - 60);
        expect(wait).toBeLessThanOrEqual(WEBHOOK_WINDOW_S);
        expect(await limited.json()).toEqual({
          errors: [
            { field: 'authorization', message: `Too many wrong secrets; try again in ${wait} s` },
          ],
        });
      }
    }
  });

  it('lets Strapi, at another address, go on with the right secret', async () => {
    expect((await post(first, '198.51.100.20', SECRET)).status).toBe(200);
    expect((await post(second, '198.51.100.20', SECRET)).status).toBe(200);
  });

  it('lets the right secret through from a client still under the limit, and never counts it', async () => {
    const strapi = '198.51.100.30';
    for (let i = 0; i < WEBHOOK_FAILURES - 1; i++) await post(first, strapi, 'old-secret');
    for (let i = 0; i < 5; i++) expect((await post(second, strapi, SECRET)).status).toBe(200);
  });
});

describe('the end of the window', () => {
  it('lets the client try again once its window has passed', async () => {
    const guesses = createSecretGuesses(undefined, { failures: 2, windowS: 1 });
    const from = '203.0.113.9';
    expect((await post(guesses, from, 'a')).status).toBe(401);
    expect((await post(guesses, from, 'b')).status).toBe(401);
    const limited = await post(guesses, from, SECRET);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await post(guesses, from, SECRET)).status).toBe(200);
  });
});
