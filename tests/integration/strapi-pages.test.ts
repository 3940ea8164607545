import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEmbeddedPageContent } from '@/site/content/embedded/embedded-pages';
import { createStrapiClient } from '@/site/content/strapi/strapi-client';
import { createStrapiPageContent } from '@/site/content/strapi/strapi-pages';
import { startFakeStrapi, type FakeStrapi } from '../fakes/fake-strapi-collections';

const TOKEN = 'read-only-token';
const embedded = createEmbeddedPageContent();
let strapi: FakeStrapi;
let warnings: string[];

function source(options: { timeoutMs?: number; token?: string } = {}) {
  warnings = [];
  return createStrapiPageContent({
    client: createStrapiClient({
      baseUrl: strapi.url,
      token: options.token ?? TOKEN,
      timeoutMs: options.timeoutMs ?? 2000,
    }),
    fallback: embedded,
    cacheMs: 0,
    logger: { warn: (message: string) => warnings.push(message) },
  });
}

/** A page as a Strapi editor would model it: repeatable components and a relation. */
const strategyFromCms = {
  path: '/consulting/strategy',
  template: 'service',
  title: 'Strategy Consulting, Edited in the CMS',
  description:
    'A strategy engagement described in the CMS: diagnosis, choices, a plan and the first ninety days of execution.',
  heading: 'Strategy that survives contact with the market',
  promise: 'Choices, a plan and the first ninety days.',
  overview: 'First paragraph from rich text.\n\nSecond paragraph from rich text.',
  audience: [{ id: 1, text: 'Owners who need a plan' }],
  process: [
    { id: 1, title: 'Diagnose', text: 'Where the business stands.' },
    { id: 2, title: 'Choose', text: 'What to do and not do.' },
    { id: 3, title: 'Plan', text: 'Who does what by when.' },
  ],
  faq: [
    { id: 1, question: 'How long?', answer: 'Six to ten weeks.' },
    { id: 2, question: 'Who joins?', answer: 'The leadership team.' },
    { id: 3, question: 'What does it cost?', answer: 'A fixed fee agreed up front.' },
  ],
  related: { data: [{ id: 7, attributes: { path: '/consulting/management-consulting' } }] },
  forms: [
    { id: 1, flow: 'tellUsMore' },
    { id: 2, flow: 'readyToTalk' },
  ],
};

const newPage = {
  ...strategyFromCms,
  path: '/consulting/board-advisory',
  title: 'Board Advisory',
  description:
    'Board advisory from the CMS: board composition, reporting packs and the questions directors should ask each quarter.',
};

beforeAll(async () => {
  strapi = await startFakeStrapi(TOKEN);
});
afterAll(() => strapi.close());
beforeEach(() => {
  strapi.setMode({ kind: 'ok' });
  strapi.requests.length = 0;
  strapi.collections.pages = [strategyFromCms, newPage];
  strapi.collections.insights = [
    {
      slug: 'board-reporting',
      title: 'Board Reporting That Directors Read',
      description:
        'What a quarterly board pack should hold, how long it should be, and the three numbers every director wants first.',
      publishedAt: '2024-02-05T10:00:00.000Z',
      category: { data: { id: 2, attributes: { name: 'Consulting' } } },
      author: { name: 'Illustrative Author', role: 'Partner' },
      keyPoints: [{ text: 'Short' }, { text: 'Comparable' }, { text: 'Early' }],
      body: [
        { __component: 'insight.section', heading: 'Why', paragraphs: 'One.\n\nTwo.' },
        { __component: 'insight.section', heading: 'How', paragraphs: [{ text: 'Three.' }] },
      ],
      related: { data: [] },
    },
  ];
  strapi.collections['media-mentions'] = [];
  strapi.collections.reviews = [];
});

describe('Strapi pages adapter', () => {
  it('reshapes v4 entries into pages and lets CMS entries replace embedded ones', async () => {
    const pages = await source().pages();
    const strategy = pages.find((page) => page.path === '/consulting/strategy');
    expect(strategy?.title).toBe('Strategy Consulting, Edited in the CMS');
    expect(strategy?.overview).toEqual([
      'First paragraph from rich text.',
      'Second paragraph from rich text.',
    ]);
    expect(strategy?.related).toEqual(['/consulting/management-consulting']);
    expect(strategy?.forms).toEqual(['tellUsMore', 'readyToTalk']);
    // A page the CMS does not have is still served from the embedded store; a new one is added.
    expect(pages.some((page) => page.path === '/financing/sba-financing')).toBe(true);
    expect(pages.some((page) => page.path === '/consulting/board-advisory')).toBe(true);
    expect(warnings).toEqual([]);
    expect(strapi.requests[0]).toMatch(/^\/api\/pages\?populate=deep&pagination\[page\]=1/);
  });

  it('follows pagination across several requests', async () => {
    strapi.collections.pages = Array.from({ length: 150 }, (_, index) => ({
      ...newPage,
      path: `/consulting/cms-page-${index}`,
      title: `CMS page ${index}`,
    }));
    const pages = await source().pages();
    expect(pages.filter((page) => page.path.startsWith('/consulting/cms-page-'))).toHaveLength(150);
    expect(strapi.requests.filter((path) => path.startsWith('/api/pages'))).toHaveLength(2);
  });

  it('reshapes insights: publishedAt, category relation, dynamic-zone body, newest first', async () => {
    const insights = await source().insights();
    expect(insights[0]).toMatchObject({
      slug: 'board-reporting',
      date: '2024-02-05',
      category: 'Consulting',
      keyPoints: ['Short', 'Comparable', 'Early'],
      body: [
        { heading: 'Why', paragraphs: ['One.', 'Two.'] },
        { heading: 'How', paragraphs: ['Three.'] },
      ],
    });
    expect(insights.length).toBe((await embedded.insights()).length + 1);
  });

  it('skips an entry that does not fit and says which one', async () => {
    strapi.collections.pages = [{ ...newPage, title: 'x'.repeat(80) }, strategyFromCms];
    const pages = await source().pages();
    expect(pages.some((page) => page.path === '/consulting/board-advisory')).toBe(false);
    expect(pages.find((page) => page.path === '/consulting/strategy')?.title).toContain('CMS');
    expect(warnings.join('\n')).toMatch(/pages entry 1\/title: must be at most 60 characters/);
  });

  it.each([
    [
      'a 500 with Strapi’s error body',
      { kind: 'error', status: 500 } as const,
      /answered 500: InternalServerError/,
    ],
    ['a closed connection', { kind: 'drop' } as const, /failed/],
    ['a body that is not JSON', { kind: 'not-json' } as const, /not JSON/],
  ])('falls back to the embedded pages on %s and logs once', async (_label, mode, reason) => {
    strapi.setMode(mode);
    const cms = source();
    expect(await cms.pages()).toEqual(await embedded.pages());
    expect(await cms.page('/consulting/strategy')).toEqual(
      await embedded.page('/consulting/strategy'),
    );
    await cms.pages();
    const pageWarnings = warnings.filter((line) => line.includes('Strapi pages'));
    expect(pageWarnings).toHaveLength(1);
    expect(pageWarnings[0]).toMatch(reason);
  });

  it('falls back when Strapi is slower than the timeout', async () => {
    strapi.setMode({ kind: 'slow', delayMs: 1500 });
    const started = Date.now();
    const insights = await source({ timeoutMs: 300 }).insights();
    expect(Date.now() - started).toBeLessThan(1400);
    expect(insights).toEqual(await embedded.insights());
    expect(warnings.join('\n')).toMatch(/timed out after 300 ms/);
  });

  it('falls back on a rejected token (401) and recovers when the CMS answers again', async () => {
    const cms = source({ token: 'wrong' });
    expect(await cms.pages()).toEqual(await embedded.pages());
    expect(warnings.join('\n')).toMatch(/answered 401: UnauthorizedError/);
    strapi.setMode({ kind: 'error', status: 503 });
    const recovering = source();
    await recovering.pages();
    strapi.setMode({ kind: 'ok' });
    expect((await recovering.page('/consulting/strategy'))?.title).toContain('CMS');
  });

  it('feeds CMS pages into the search documents', async () => {
    const documents = await source().searchDocuments();
    expect(documents.find((doc) => doc.url === '/consulting/board-advisory')?.title).toBe(
      'Board Advisory',
    );
  });
});
