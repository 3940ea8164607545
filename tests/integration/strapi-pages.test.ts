import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEmbeddedPageContent } from '@/site/content/embedded/embedded-pages';
import { createStrapiClient } from '@/site/content/strapi/strapi-client';
import { createStrapiPageContent } from '@/site/content/strapi/strapi-pages';
import {
  emptyPageFields,
  startFakeStrapi,
  type FakeStrapi,
} from '../fakes/fake-strapi-collections';

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
  ...emptyPageFields,
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
    const pageWarnings = warnings.filter((line) => line.includes('Strapi unavailable'));
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

/** Strapi's Blocks rich text, as its REST API answers it. */
const paragraph = (...children: unknown[]) => ({ type: 'paragraph', children });
const words = (text: string, marks: Record<string, boolean> = {}) => ({
  type: 'text',
  text,
  ...marks,
});
const insightBase = {
  title: 'Cash Flow Forecasts Lenders Trust',
  description:
    'How to build a thirteen-week cash flow forecast a lender can follow, and the three checks it should pass first.',
  date: '2024-03-01',
  category: { data: { id: 3, attributes: { name: 'Financing' } } },
  author: { id: 4, name: 'Illustrative Author', role: 'Partner' },
  related: { data: [] },
  createdAt: '2024-03-01T09:00:00.000Z',
  updatedAt: '2024-03-01T09:00:00.000Z',
  publishedAt: '2024-03-01T09:00:00.000Z',
};

describe('Strapi pages adapter, with what a real Strapi sends', () => {
  it('serves a page whose Process and FAQ an editor left empty', async () => {
    strapi.collections.pages = [
      { ...newPage, process: [], faq: [], promise: null, related: { data: [] } },
    ];
    const page = await source().page('/consulting/board-advisory');
    expect(page?.title).toBe('Board Advisory');
    expect(page).not.toHaveProperty('process');
    expect(page).not.toHaveProperty('faq');
    expect(page).not.toHaveProperty('promise');
    expect(page).not.toHaveProperty('related');
    expect(warnings).toEqual([]);
  });

  it('reads a Blocks insight: paragraphs, headings, lists, and links and marks kept', async () => {
    strapi.collections.insights = [
      {
        ...insightBase,
        slug: 'cash-flow-forecasts',
        keyPoints: [
          {
            type: 'list',
            format: 'unordered',
            children: ['Weekly', 'Reconciled', 'Owned'].map((text) => ({
              type: 'list-item',
              children: [words(text)],
            })),
          },
        ],
        body: [
          {
            id: 1,
            __component: 'insight.section',
            heading: 'Why thirteen weeks',
            paragraphs: [
              paragraph(
                words('A quarter is '),
                words('long enough', { bold: true }),
                words(' to see a trough and '),
                words('short', { italic: true }),
                words(' enough to trust.'),
              ),
              paragraph(
                words('See the '),
                {
                  type: 'link',
                  url: 'javascript:alert(1)',
                  children: [words('<b>lender checklist</b>')],
                },
                words('.'),
              ),
              { type: 'heading', level: 2, children: [words('What lenders check')] },
              {
                type: 'list',
                format: 'ordered',
                children: [
                  { type: 'list-item', children: [words('Opening cash matches the bank')] },
                  { type: 'list-item', children: [words('Payroll weeks are visible')] },
                ],
              },
            ],
          },
        ],
      },
    ];
    const insight = (await source().insights()).find((item) => item.slug === 'cash-flow-forecasts');
    expect(warnings).toEqual([]);
    expect(insight?.keyPoints).toEqual(['Weekly', 'Reconciled', 'Owned']);
    expect(insight?.body).toEqual([
      {
        heading: 'Why thirteen weeks',
        paragraphs: [
          'A quarter is **long enough** to see a trough and *short* enough to trust.',
          // The link keeps its target (the page refuses to render this one); the tag is text.
          'See the [<b>lender checklist</b>](javascript:alert%281%29).',
        ],
      },
      {
        heading: 'What lenders check',
        paragraphs: ['Opening cash matches the bank', 'Payroll weeks are visible'],
      },
    ]);
  });

  it('reads a Markdown insight with its marks and links, headings in plain words', async () => {
    strapi.collections.insights = [
      {
        ...insightBase,
        slug: 'cash-flow-markdown',
        keyPoints: '- Weekly\n- **Reconciled**\n- Owned',
        body: [
          {
            id: 1,
            __component: 'insight.section',
            heading: 'Why thirteen weeks',
            paragraphs:
              'A quarter is **long enough** to see a trough\nand _short_ enough to trust.\n\n' +
              'See the [lender checklist](https://example.com/checklist).\n\n' +
              '## What lenders check\n\n1. Opening cash matches the bank\n2. Payroll weeks are `visible`',
          },
        ],
      },
    ];
    const insight = (await source().insights()).find((item) => item.slug === 'cash-flow-markdown');
    expect(warnings).toEqual([]);
    expect(insight?.keyPoints).toEqual(['Weekly', '**Reconciled**', 'Owned']);
    expect(insight?.body).toEqual([
      {
        heading: 'Why thirteen weeks',
        paragraphs: [
          'A quarter is **long enough** to see a trough and _short_ enough to trust.',
          'See the [lender checklist](https://example.com/checklist).',
        ],
      },
      {
        heading: 'What lenders check',
        paragraphs: ['Opening cash matches the bank', 'Payroll weeks are `visible`'],
      },
    ]);
  });

  it('merges CMS reviews over the embedded ones', async () => {
    const local = await embedded.reviews();
    const first = local[0]!;
    strapi.collections.reviews = [
      { ...first, id: 1, text: 'Edited in the CMS: the plan answered every question.' },
      {
        id: 2,
        name: 'Priya N.',
        companyType: 'Regional logistics firm',
        service: 'Strategy Consulting',
        servicePath: '/consulting/strategy',
        text: 'A new review written in the CMS.',
        rating: 4,
        createdAt: '2024-01-10T09:00:00.000Z',
        updatedAt: '2024-01-10T09:00:00.000Z',
        publishedAt: '2024-01-10T09:00:00.000Z',
      },
    ];
    const reviews = await source().reviews();
    expect(reviews).toHaveLength(local.length + 1);
    expect(reviews[0]?.text).toBe('Edited in the CMS: the plan answered every question.');
    expect(reviews.some((review) => review.name === 'Priya N.')).toBe(true);
  });
});

describe('Strapi pages adapter while Next prerenders', () => {
  it('lets Next’s dynamic-usage signal through instead of reporting a CMS outage', async () => {
    // What Next throws from fetch when a prerendered page asks for an uncacheable request.
    const signal = Object.assign(new Error('Dynamic server usage: no-store fetch'), {
      digest: 'DYNAMIC_SERVER_USAGE',
    });
    const logged: string[] = [];
    const cms = createStrapiPageContent({
      client: createStrapiClient({
        baseUrl: strapi.url,
        token: TOKEN,
        timeoutMs: 2000,
        fetchImpl: () => Promise.reject(signal),
      }),
      fallback: embedded,
      cacheMs: 0,
      logger: { warn: (message: string) => logged.push(message) },
    });
    await expect(cms.pages()).rejects.toBe(signal);
    expect(logged).toEqual([]);
  });
});
