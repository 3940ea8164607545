/**
 * The site against a real Strapi 4 (tests/strapi, started by `npm run test:strapi`): built
 * from what the CMS holds, served as production serves it, and kept fresh by Strapi's own
 * webhook when an editor changes an entry through Strapi's REST API.
 */
import Database from 'better-sqlite3';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedContentSource } from '@/site/content/embedded/embedded-content-source';
import { createStrapiContentSource } from '@/site/content/strapi/strapi-content-source';
import { emptyPageFields, startFakeStrapi } from '../fakes/fake-strapi-collections';
import { readRealStrapiEnv } from './real-strapi-env';
import {
  buildSite,
  DIST_DIR,
  filesUnder,
  root,
  startSite,
  type BuildResult,
  type SiteServer,
} from './site-server';

const cms = readRealStrapiEnv();
/** Durations (ms) and counts for the runner's summary. */
const timings: Record<string, number> = {};
const counts: Record<string, number> = {};
let build: BuildResult;
let site: SiteServer;

/** The pages the seed (tests/strapi/src/seed/seed-entries.js) adds to the embedded content. */
const CMS_ONLY = {
  page: '/consulting/supply-chain-resilience',
  emptyProcessAndFaq: '/financing/bridge-financing',
  blocksInsight: '/insights/supply-chain-signals',
  markdownInsight: '/insights/pricing-after-inflation',
  mention: '/media-mentions/resilience-feature',
};
const DRAFT = '/consulting/pricing-draft';

const get = (pathname: string) => fetch(`${site.url}${pathname}`, { redirect: 'manual' });
const html = async (pathname: string) => {
  const response = await get(pathname);
  expect(response.status, pathname).toBe(200);
  return response.text();
};

/** Polls until `check` holds; returns how long it took. */
async function within(ms: number, what: string, check: () => Promise<boolean>): Promise<number> {
  const at = Date.now();
  while (!(await check())) {
    if (Date.now() - at > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Date.now() - at;
}

/** The Strapi REST API as the test's editor (the full-access token). */
async function strapi(method: string, pathname: string, body?: unknown) {
  const response = await fetch(`${cms.strapiUrl}${pathname}`, {
    method,
    headers: {
      Authorization: `Bearer ${cms.tokens.fullAccess}`,
      'content-type': 'application/json',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { data: unknown; error?: unknown };
  if (!response.ok) throw new Error(`${method} ${pathname}: ${JSON.stringify(json.error)}`);
  return json.data;
}

async function entryId(collection: string, field: string, value: string): Promise<number> {
  const data = (await strapi(
    'GET',
    `/api/${collection}?filters[${field}][$eq]=${encodeURIComponent(value)}`,
  )) as { id: number }[];
  if (!data[0]) throw new Error(`no ${collection} entry with ${field} = ${value}`);
  return data[0].id;
}

beforeAll(async () => {
  build = await buildSite({ url: cms.strapiUrl, token: cms.tokens.readOnly });
  timings['site build from Strapi'] = build.ms;
  site = await startSite(cms.sitePort, {
    STRAPI_URL: cms.strapiUrl,
    STRAPI_TOKEN: cms.tokens.readOnly,
    STRAPI_WEBHOOK_SECRET: cms.webhookSecret,
  });
});

afterAll(async () => {
  await site?.stop();
  writeFileSync(cms.timingsFile, JSON.stringify({ timings, counts }));
});

describe('the build from a real Strapi', () => {
  it('logs no outage and skips no entry', () => {
    expect(build.output).not.toMatch(/unavailable|skipped entries/i);
  });

  it('prerenders every content route of the CMS and the embedded store, and no draft', async () => {
    const content = createStrapiContentSource({
      baseUrl: cms.strapiUrl,
      token: cms.tokens.readOnly,
      timeoutMs: 4000,
      fallback: createEmbeddedContentSource({ socialLinks: [] }),
    });
    const [pages, policies, insights, mentions, states, cities] = await Promise.all([
      content.pages(),
      content.policies(),
      content.insights(),
      content.mediaMentions(),
      content.states(),
      content.cities(),
    ]);
    const routes = [
      ...[...pages, ...policies].map((entry) => entry.path).filter((p) => p !== '/search'),
      ...insights.map((insight) => `/insights/${insight.slug}`),
      ...mentions.map((mention) => `/media-mentions/${mention.slug}`),
      ...[...states, ...cities].map((place) => `/cities/${place.slug}`),
    ];
    expect(routes).toEqual(expect.arrayContaining(Object.values(CMS_ONLY)));
    const app = path.join(root, DIST_DIR, 'server', 'app');
    const missing = routes.filter((route) => !existsSync(path.join(app, `${route}.html`)));
    expect(missing).toEqual([]);
    expect(existsSync(path.join(app, `${DRAFT}.html`))).toBe(false);
    const htmlFiles = filesUnder(app).filter((file) => file.endsWith('.html')).length;
    counts['prerendered HTML files'] = htmlFiles;
    counts['content routes (embedded + CMS)'] = routes.length;
    counts['content routes only in the CMS'] = Object.keys(CMS_ONLY).length;
    // For the record: an embedded build of this tree, when one is at hand, should have
    // exactly the CMS-only routes fewer (not asserted: it may be another change's build).
    const embeddedApp = path.join(root, '.next', 'server', 'app');
    if (existsSync(path.join(root, '.next', 'BUILD_ID')))
      counts['HTML files of the embedded build in .next'] = filesUnder(embeddedApp).filter((file) =>
        file.endsWith('.html'),
      ).length;
    expect(htmlFiles).toBeGreaterThanOrEqual(routes.length);
  });

  it('puts neither token nor the webhook secret in anything the browser loads', () => {
    const secrets = [cms.tokens.readOnly, cms.tokens.fullAccess, cms.webhookSecret];
    const dist = path.join(root, DIST_DIR);
    const browserFiles = [
      ...filesUnder(path.join(dist, 'static')).map((file) => path.join(dist, 'static', file)),
      ...filesUnder(path.join(dist, 'server', 'app'))
        .filter((file) => /\.(html|rsc|body|meta)$/.test(file))
        .map((file) => path.join(dist, 'server', 'app', file)),
    ];
    const leaking = browserFiles.filter((file) => {
      const text = readFileSync(file, 'latin1');
      return secrets.some((secret) => text.includes(secret));
    });
    expect(leaking).toEqual([]);
  });
});

describe('the served site', () => {
  it('serves a page only the CMS has, with its Blocks overview, steps and questions', async () => {
    const page = await html(CMS_ONLY.page);
    expect(page).toContain('Supply chains that bend without breaking');
    expect(page).toContain(
      'We map every supplier you depend on and <a href="https://example.com/method" target="_blank" rel="noopener noreferrer">test each lead time</a> against the orders you have promised.',
    );
    expect(page).toContain('Stress-test');
    expect(page).toContain('Which data do you need?');
  });

  it('serves the CMS version of a page the embedded store also has', async () => {
    const page = await html('/consulting/strategy');
    expect(page).toContain('Strategy Consulting, Edited in the CMS');
    expect(page).toContain(
      'Strategy work written in Strapi, with <strong>bold words</strong> inside.',
    );
  });

  it('serves a page whose Process and FAQ an editor left empty', async () => {
    const page = await html(CMS_ONLY.emptyProcessAndFaq);
    expect(page).toContain('Capital for the months between two deals');
    expect(page).toContain('Bridge loans written in the CMS without steps or questions.');
    expect(page).not.toContain('id="process"');
    expect(page).not.toContain('id="faq"');
  });

  it('serves an insight written in Blocks, its headings as sections, its marks and links kept', async () => {
    const page = await html(CMS_ONLY.blocksInsight);
    expect(page).toContain('The early signals');
    expect(page).toContain('Lead times stretch <em>weeks</em> before prices move.');
    expect(page).toContain(
      'Watch <strong>partial shipments</strong> and read the <a href="https://example.com/supplier-checklist" target="_blank" rel="noopener noreferrer">supplier checklist</a>.',
    );
    expect(page).toContain('Partial shipments are the first warning');
  });

  it('serves an insight written in Markdown with its bold, italic and links, not its syntax', async () => {
    const page = await html(CMS_ONLY.markdownInsight);
    expect(page).toContain('How to review them');
    expect(page).toContain(
      'Most <strong>owners</strong> kept the prices they raised, and <em>customers</em> stayed.',
    );
    expect(page).toContain(
      'Start with the <a href="https://example.com/lines" target="_blank" rel="noopener noreferrer">lines that sell least</a>.',
    );
    expect(page).not.toMatch(/\*\*owners\*\*|## How|\]\(https/);
  });

  it('serves the media mention and the header from the CMS', async () => {
    expect(await html(CMS_ONLY.mention)).toContain(
      'Firms rethink supply chains after a hard winter',
    );
    const home = await html('/');
    expect(home).toContain('Talk to an advisor');
    expect(home).toContain('Get funded');
  });

  it('lists the embedded reviews and the CMS ones together', async () => {
    const embedded = (
      JSON.parse(readFileSync(path.join(root, 'content', 'reviews.json'), 'utf8')) as {
        reviews: { name: string }[];
      }
    ).reviews;
    const page = await html('/reviews');
    for (const name of [...embedded.map((review) => review.name), 'Priya S.', 'Marco T.'])
      expect(page).toContain(name);
    expect(page.match(/<li class="review"/g)).toHaveLength(embedded.length + 2);
  });

  it('does not serve a draft', async () => {
    expect((await get(DRAFT)).status).toBe(404);
  });
});

describe('the Strapi the site reads', () => {
  const read = async (base: string, pathname: string, token = cms.tokens.readOnly) => {
    const response = await fetch(`${base}${pathname}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    return (await response.json()) as {
      data: { id: unknown; attributes: Record<string, unknown> }[];
      meta: { pagination: Record<string, unknown> };
    };
  };

  it('lets no one read without a token, and the site’s token write nothing', async () => {
    expect((await fetch(`${cms.strapiUrl}/api/pages`)).status).toBe(403);
    const write = await fetch(`${cms.strapiUrl}/api/reviews`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${cms.tokens.readOnly}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ data: { name: 'Eve X.' } }),
    });
    expect(write.status).toBe(403);
  });

  it('sends the empty fields the fake Strapi of the unit tests sends', async () => {
    const body = await read(
      cms.strapiUrl,
      `/api/pages?populate=deep&filters[path][$eq]=${CMS_ONLY.emptyProcessAndFaq}`,
    );
    const set = new Set(['path', 'template', 'title', 'description', 'heading', 'overview']);
    const empty = Object.entries(body.data[0]!.attributes).filter(([key]) => !set.has(key));
    const expected = Object.entries(emptyPageFields).filter(([key]) => !set.has(key));
    expect(empty.map(([key]) => key).sort()).toEqual(expected.map(([key]) => key).sort());
    for (const [key, value] of empty)
      expect(value, key).toEqual(
        key.endsWith('At')
          ? expect.any(String)
          : emptyPageFields[key as keyof typeof emptyPageFields],
      );
  });

  it('answers collections in the envelope the fake Strapi answers in', async () => {
    const fake = await startFakeStrapi(cms.tokens.readOnly);
    const envelope = (body: Awaited<ReturnType<typeof read>>) => ({
      keys: Object.keys(body).sort(),
      pagination: Object.entries(body.meta.pagination).map(([key, value]) => [key, typeof value]),
      entry: Object.keys(body.data[0] ?? {}).sort(),
      id: typeof body.data[0]?.id,
    });
    try {
      for (const collection of ['pages', 'insights', 'media-mentions', 'reviews']) {
        const query = `/api/${collection}?populate=deep&pagination[page]=1&pagination[pageSize]=100`;
        const real = await read(cms.strapiUrl, query);
        fake.collections[collection] = real.data.map((entry) => entry.attributes);
        expect(envelope(await read(fake.url, query)), collection).toEqual(envelope(real));
      }
    } finally {
      await fake.close();
    }
  });
});

describe('freshness through Strapi’s webhook', () => {
  it('ignores a webhook call with a wrong secret', async () => {
    // A change that reached the database without an edit through Strapi, so no webhook
    // announced it: only a revalidation call can bring it to the site.
    const database = new Database(cms.databaseFile);
    database.pragma('busy_timeout = 5000');
    database
      .prepare('UPDATE pages SET heading = ? WHERE path = ?')
      .run('Bridge loans, changed quietly', CMS_ONLY.emptyProcessAndFaq);
    database.close();
    const call = (secret: string) =>
      fetch(`${site.url}/api/revalidate`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          event: 'entry.update',
          model: 'page',
          entry: { path: CMS_ONLY.emptyProcessAndFaq, publishedAt: new Date().toISOString() },
        }),
      });

    expect((await call(`${cms.webhookSecret}x`)).status).toBe(401);
    for (let visit = 0; visit < 3; visit += 1) {
      expect(await html(CMS_ONLY.emptyProcessAndFaq)).toContain(
        'Capital for the months between two deals',
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    // The same call with the right secret shows the change was there to be picked up.
    expect((await call(cms.webhookSecret)).status).toBe(200);
    await within(10_000, 'the quiet change after a valid call', async () =>
      (await html(CMS_ONLY.emptyProcessAndFaq)).includes('Bridge loans, changed quietly'),
    );
  });

  it('shows an entry edited and published through Strapi’s REST API within 10 s', async () => {
    const id = await entryId('pages', 'path', CMS_ONLY.page);
    const at = Date.now();
    await strapi('PUT', `/api/pages/${id}`, {
      data: { heading: 'Supply chains edited in Strapi', publishedAt: new Date().toISOString() },
    });
    await within(10_000, 'the edited heading', async () =>
      (await html(CMS_ONLY.page)).includes('Supply chains edited in Strapi'),
    );
    // From the editor's request: Strapi saving, its webhook, the revalidation, the new render.
    timings['publish to visible'] = Date.now() - at;
    // Strapi's webhook did it, not a call of this test.
    expect(site.output()).toMatch(/entry\.update page: revalidated .*\/consulting\/supply-chain/);
  });

  it('answers 404 for an entry unpublished through Strapi’s REST API, and lists it no more', async () => {
    const id = await entryId('insights', 'slug', 'pricing-after-inflation');
    const at = Date.now();
    await strapi('PUT', `/api/insights/${id}`, { data: { publishedAt: null } });
    await within(10_000, 'the unpublished insight to disappear', async () => {
      const [page, listing] = await Promise.all([get(CMS_ONLY.markdownInsight), html('/insights')]);
      await page.arrayBuffer();
      return page.status === 404 && !listing.includes(CMS_ONLY.markdownInsight);
    });
    timings['unpublish to gone'] = Date.now() - at;
  });
});
