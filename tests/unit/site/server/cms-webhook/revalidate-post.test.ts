import { beforeEach, describe, expect, it } from 'vitest';
import { createEmbeddedContentSource } from '@/site/content/embedded/embedded-content-source';
import { handleRevalidatePost } from '@/site/server/cms-webhook/handle-revalidate-post';
import { createSecretGuesses } from '@/site/server/cms-webhook/secret-guesses';

const SECRET = 'webhook-secret-of-32-characters!';
const content = createEmbeddedContentSource({ socialLinks: [] });

/** What Next was asked to revalidate, in place of next/cache. */
let calls: { paths: string[]; everything: number; search: number };
const revalidate = {
  path: (path: string) => calls.paths.push(path),
  everything: () => (calls.everything += 1),
  search: () => (calls.search += 1),
};
beforeEach(() => {
  calls = { paths: [], everything: 0, search: 0 };
});

/** A request as Strapi 4's webhook sends it. */
function webhook(body: unknown, authorization: string | null = `Bearer ${SECRET}`) {
  return new Request('http://localhost/api/revalidate', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(authorization ? { authorization } : {}),
    },
    body: JSON.stringify(body),
  });
}
const post = (request: Request, secret: string | null = SECRET) =>
  handleRevalidatePost(request, {
    secret: secret ?? undefined,
    content,
    revalidate,
    // A count of its own per request: wrong secrets here never add up to the limit
    // (secret-guesses.test.ts tests it).
    guesses: createSecretGuesses(),
    logger: { info: () => undefined, warn: () => undefined },
  });

const published = '2024-05-02T10:00:00.000Z';
const pageEntry = (publishedAt: string | null) => ({
  id: 4,
  path: '/consulting/strategy',
  title: 'Strategy Consulting',
  createdAt: '2024-05-01T10:00:00.000Z',
  updatedAt: '2024-05-02T10:00:00.000Z',
  publishedAt,
});

describe('POST /api/revalidate (Strapi webhook)', () => {
  it.each([
    ['no Authorization header', null],
    ['a wrong secret', 'Bearer not-the-secret'],
    ['the secret without the Bearer scheme', SECRET],
  ])('answers 401 and revalidates nothing for %s', async (_label, authorization) => {
    const response = await post(
      webhook(
        { event: 'entry.publish', model: 'page', entry: pageEntry(published) },
        authorization,
      ),
    );
    expect(response.status).toBe(401);
    expect(calls).toEqual({ paths: [], everything: 0, search: 0 });
  });

  it('does not exist when no secret is configured', async () => {
    const response = await post(
      webhook({ event: 'entry.publish', model: 'page', entry: pageEntry(published) }),
      null,
    );
    expect(response.status).toBe(404);
    expect(calls.paths).toEqual([]);
  });

  it('revalidates a published page, its parents, pages linking to it, sitemaps and search', async () => {
    const response = await post(
      webhook({ event: 'entry.update', model: 'page', entry: pageEntry(published) }),
    );
    expect(response.status).toBe(200);
    expect(calls.paths).toEqual(
      expect.arrayContaining(['/consulting/strategy', '/consulting', '/sitemap', '/sitemap.xml']),
    );
    const linking = (await content.pages()).filter((page) =>
      page.related?.includes('/consulting/strategy'),
    );
    expect(linking.length).toBeGreaterThan(0);
    for (const page of linking) expect(calls.paths).toContain(page.path);
    // Exactly the affected pages: not every page of the site.
    expect(calls.paths).not.toContain('/financing');
    expect(calls.everything).toBe(0);
    expect(calls.search).toBe(1);
  });

  it('takes an entry down when the REST API unpublishes it (reported as entry.update)', async () => {
    const response = await post(
      webhook({ event: 'entry.update', model: 'page', entry: pageEntry(null) }),
    );
    expect(response.status).toBe(200);
    expect(calls.paths).toContain('/consulting/strategy');
  });

  it('leaves the site alone when a new draft is created', async () => {
    const response = await post(
      webhook({ event: 'entry.create', model: 'page', entry: pageEntry(null) }),
    );
    expect(response.status).toBe(200);
    expect(calls).toEqual({ paths: [], everything: 0, search: 0 });
  });

  it('revalidates an insight, the listings and the home page', async () => {
    await post(
      webhook({
        event: 'entry.publish',
        model: 'insight',
        entry: { id: 2, slug: 'board-reporting', publishedAt: published },
      }),
    );
    expect(calls.paths).toEqual(
      expect.arrayContaining(['/insights/board-reporting', '/insights', '/', '/search']),
    );
    expect(calls.everything).toBe(0);
  });

  it('refreshes every page and the header menus for a navigation entry', async () => {
    await post(
      webhook({
        event: 'entry.update',
        model: 'desktop-navigation-main',
        entry: { id: 1, publishedAt: published },
      }),
    );
    expect(calls.everything).toBe(1);
    expect(calls.paths).toContain('/api/header-menus');
  });

  it('answers 400 to a body that is not a Strapi webhook payload', async () => {
    const response = await post(webhook({ hello: 'world' }));
    expect(response.status).toBe(400);
    expect(calls.paths).toEqual([]);
  });
});
