import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createEmbeddedContentSource,
  embeddedContent,
} from '@/site/content/embedded/embedded-content-source';
import {
  createStrapiContentSource,
  MAIN_NAVIGATION_PATH,
  NAVIGATION_BUTTONS_PATH,
} from '@/site/content/strapi/strapi-content-source';
import { startFakeStrapi } from './fake-strapi';

const TOKEN = 'read-only-test-token';
const fallback = createEmbeddedContentSource({ socialLinks: [] });

describe('Strapi navigation against a fake Strapi on loopback', () => {
  let strapi: Awaited<ReturnType<typeof startFakeStrapi>>;
  let warnings: string[];
  const source = (overrides: { token?: string; baseUrl?: string; timeoutMs?: number } = {}) =>
    createStrapiContentSource({
      baseUrl: overrides.baseUrl ?? strapi.url,
      token: overrides.token ?? TOKEN,
      timeoutMs: overrides.timeoutMs ?? 1000,
      fallback,
      cacheMs: 0,
      logger: { warn: (message: string) => warnings.push(message) },
    });

  beforeAll(async () => {
    strapi = await startFakeStrapi(TOKEN);
  });
  afterAll(() => strapi.close());
  beforeEach(() => {
    warnings = [];
    strapi.requests.length = 0;
    strapi.setMode('ok');
  });

  it('makes the two calls of the spec with the bearer token', async () => {
    const content = source();
    await Promise.all([content.navigation(), content.navigationButtons()]);
    expect(strapi.requests.map((r) => r.path).sort()).toEqual(
      [MAIN_NAVIGATION_PATH, NAVIGATION_BUTTONS_PATH].sort(),
    );
    expect(MAIN_NAVIGATION_PATH).toBe('/api/desktop-navigation-main?populate=deep,100');
    expect(NAVIGATION_BUTTONS_PATH).toBe('/api/navigation-bars?populate=deep');
    for (const request of strapi.requests) {
      expect(request.authorization).toBe(`Bearer ${TOKEN}`);
      expect(request.format).toBe('v4');
    }
  });

  it('reshapes the CMS tree into site paths, dropping "#" entries', async () => {
    const navigation = await source().navigation();
    expect(navigation.megaMenu).toEqual([
      {
        name: 'Advisory',
        url: '/advisory',
        children: [
          { name: 'Capital Strategy', url: '/advisory/capital-strategy' },
          {
            name: 'Deal Desk',
            url: '/advisory/deal-desk',
            children: [{ name: 'Term Sheets', url: '/advisory/deal-desk/term-sheets' }],
          },
        ],
      },
      { name: 'Insights', url: '/insights' },
    ]);
    // The parts the CMS does not provide stay embedded.
    expect(navigation.topBar).toEqual(embeddedContent.navigation.topBar);
    expect(navigation.mobileMenu).toEqual(embeddedContent.navigation.mobileMenu);
  });

  it('reads the buttons and the industries', async () => {
    const content = source();
    expect(await content.navigationButtons()).toEqual({
      primary: { text: 'Talk to an advisor', url: '/book-consult' },
      secondary: { text: 'Get funded', url: '/business-loan-application' },
    });
    expect(await content.industries()).toEqual([
      { name: 'Quantum Computing', slug: 'quantum-computing' },
      { name: 'Space & Satellites', slug: 'space-and-satellites' },
    ]);
  });

  it('keeps the embedded navigation on a 500 and logs the failure once', async () => {
    strapi.setMode('server-error');
    const content = source();
    for (let i = 0; i < 3; i += 1) {
      expect((await content.navigation()).megaMenu).toEqual(embeddedContent.navigation.megaMenu);
    }
    expect(await content.navigationButtons()).toEqual(embeddedContent.navigation.buttons);
    expect(await content.industries()).toEqual(embeddedContent.industries);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/500: InternalServerError: Internal Server Error/);
  });

  it('falls back when the token is refused', async () => {
    const navigation = await source({ token: 'wrong' }).navigation();
    expect(navigation.megaMenu).toEqual(embeddedContent.navigation.megaMenu);
    expect(warnings[0]).toMatch(/401: UnauthorizedError/);
  });

  it('gives up after the timeout instead of hanging the page', async () => {
    strapi.setMode('slow', 3000);
    const started = Date.now();
    const navigation = await source({ timeoutMs: 300 }).navigation();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(navigation.megaMenu).toEqual(embeddedContent.navigation.megaMenu);
    expect(warnings[0]).toMatch(/timed out after 300 ms/);
  });

  it('falls back on a response of the wrong shape and when the server is down', async () => {
    strapi.setMode('malformed');
    expect((await source().navigation()).megaMenu).toEqual(embeddedContent.navigation.megaMenu);
    expect(await source().navigationButtons()).toEqual(embeddedContent.navigation.buttons);
    const down = source({ baseUrl: 'http://127.0.0.1:1' });
    expect((await down.navigation()).megaMenu).toEqual(embeddedContent.navigation.megaMenu);
    expect(warnings.length).toBeGreaterThanOrEqual(3);
  });

  it('uses the CMS again once it recovers, and logs a new outage again', async () => {
    const content = source();
    strapi.setMode('server-error');
    await content.navigation();
    strapi.setMode('ok');
    expect((await content.navigation()).megaMenu[0]?.name).toBe('Advisory');
    strapi.setMode('server-error');
    await content.navigation();
    expect(warnings).toHaveLength(2);
  });
});
