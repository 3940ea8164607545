/**
 * The entries the site's real-Strapi tests read, written as an editor would enter them:
 * rich text as Blocks (the content-type builder's default since 4.15) or Markdown, repeatable
 * components left empty where a page has no Process or FAQ, relations between entries, one
 * draft. Created through the Entity Service, so Strapi validates and stores them as it does
 * what the admin panel saves.
 */
const text = (value, marks = {}) => ({ type: 'text', text: value, ...marks });
const paragraph = (...children) => ({ type: 'paragraph', children });
const link = (url, value) => ({ type: 'link', url, children: [text(value)] });
const bullets = (...items) => ({
  type: 'list',
  format: 'unordered',
  children: items.map((item) => ({ type: 'list-item', children: [text(item)] })),
});

const now = () => new Date().toISOString();

const steps = (...pairs) => pairs.map(([title, body]) => ({ title, text: body }));
const questions = (...pairs) => pairs.map(([question, answer]) => ({ question, answer }));

function pages(strategyId) {
  return [
    {
      // Takes the place of the embedded page with the same path.
      path: '/consulting/strategy',
      template: 'service',
      title: 'Strategy Consulting, Edited in the CMS',
      description:
        'A strategy engagement described in the CMS: diagnosis, choices, a plan and the first ninety days of execution.',
      heading: 'Strategy that survives contact with the market',
      promise: 'Choices, a plan and the first ninety days.',
      overview: [
        paragraph(
          text('Strategy work written in Strapi, with '),
          text('bold words', { bold: true }),
          text(' inside.'),
        ),
        paragraph(text('A second paragraph of the CMS overview.')),
      ],
      audience: [{ text: 'Owners who need a plan their team can follow' }],
      process: steps(
        ['Diagnose', 'Where the business stands today.'],
        ['Choose', 'What to do and what to stop doing.'],
        ['Plan', 'Who does what by when.'],
      ),
      faq: questions(
        ['How long does it take?', 'Six to ten weeks.'],
        ['Who joins the work?', 'The leadership team.'],
        ['What does it cost?', 'A fixed fee agreed up front.'],
      ),
      forms: [{ flow: 'tellUsMore' }, { flow: 'readyToTalk' }],
    },
    {
      // A page only the CMS has.
      path: '/consulting/supply-chain-resilience',
      template: 'service',
      title: 'Supply Chain Resilience',
      description:
        'Supply chain resilience from the CMS: mapping suppliers, stress-testing lead times and building the buffers that keep orders moving.',
      heading: 'Supply chains that bend without breaking',
      promise: 'Fewer stock-outs, fewer rush orders.',
      overview: [
        paragraph(
          text('We map every supplier you depend on and '),
          link('https://example.com/method', 'test each lead time'),
          text(' against the orders you have promised.'),
        ),
      ],
      deliverables: [{ text: 'A supplier map with the single points of failure marked' }],
      process: steps(
        ['Map', 'Every supplier, lane and lead time.'],
        ['Stress-test', 'What breaks when one of them stops.'],
        ['Buffer', 'Stock, second sources and contracts where they pay.'],
      ),
      faq: questions(
        ['Do you visit suppliers?', 'When a site is a single point of failure.'],
        ['Which data do you need?', 'Purchase orders and receipts for two years.'],
        ['How long is the engagement?', 'Eight weeks.'],
      ),
      related: strategyId ? [strategyId] : [],
      forms: [{ flow: 'tellUsMore' }],
    },
    {
      // Process and FAQ left empty: Strapi answers [] for both.
      path: '/financing/bridge-financing',
      template: 'service',
      title: 'Bridge Financing',
      description:
        'Bridge financing from the CMS: short-term capital that carries a business from a signed deal to the long-term loan behind it.',
      heading: 'Capital for the months between two deals',
      overview: [paragraph(text('Bridge loans written in the CMS without steps or questions.'))],
      process: [],
      faq: [],
      forms: [],
    },
  ];
}

const draftPage = {
  path: '/consulting/pricing-draft',
  template: 'service',
  title: 'Pricing Strategy (draft)',
  description:
    'A page an editor has not published yet: it must not be served, listed or searchable on the site until it is published.',
  heading: 'Unpublished pricing page',
  overview: [paragraph(text('Nobody should read this before it is published.'))],
  forms: [],
};

const insights = [
  {
    slug: 'supply-chain-signals',
    title: 'Supply Chain Signals Worth Watching',
    description:
      'An insight written in Blocks: which supplier signals tell an owner a shortage is coming, and what to do in the weeks before it lands.',
    date: '2025-02-03',
    category: 'Operations',
    author: { name: 'Avery Lin', role: 'Operations Advisor' },
    keyPoints: [
      bullets(
        'Lead times stretch before prices move',
        'Partial shipments are the first warning',
        'Second sources take months to qualify',
      ),
    ],
    body: [
      {
        __component: 'insight.blocks-section',
        heading: 'The early signals',
        paragraphs: [
          paragraph(
            text('Lead times stretch '),
            text('weeks', { italic: true }),
            text(' before prices move.'),
          ),
          paragraph(
            text('Watch '),
            text('partial shipments', { bold: true }),
            text(' and read the '),
            link('https://example.com/supplier-checklist', 'supplier checklist'),
            text('.'),
          ),
          paragraph(text('Partial shipments arrive before the missed ones do.')),
        ],
      },
      {
        __component: 'insight.blocks-section',
        heading: 'What to do first',
        paragraphs: [
          paragraph(text('Qualify a second source while the first one still delivers.')),
        ],
      },
    ],
  },
  {
    slug: 'pricing-after-inflation',
    title: 'Pricing After Inflation',
    description:
      'An insight written in Markdown: why prices raised during inflation stick, and how an owner can review them without losing customers.',
    date: '2025-01-20',
    category: 'Strategy',
    author: { name: 'Jordan Reyes', role: 'Pricing Advisor' },
    keyPoints: [
      bullets(
        'Costs fell, prices did not',
        'Customers compare, then stay',
        'Review one line at a time',
      ),
    ],
    body: [
      {
        __component: 'insight.markdown-section',
        text: [
          '## Why prices stuck',
          '',
          'Most **owners** kept the prices they raised, and _customers_ stayed.',
          '',
          '## How to review them',
          '',
          '- Start with the [lines that sell least](https://example.com/lines).',
          '- Compare each price with the cost it was raised for.',
        ].join('\n'),
      },
    ],
  },
];

const mediaMentions = [
  {
    slug: 'resilience-feature',
    outlet: 'Example Business Daily',
    date: '2025-03-01',
    headline: 'Firms rethink supply chains after a hard winter',
    summary: 'Our operations team on why second sources pay for themselves.',
    url: 'https://example.com/news/resilience-feature',
  },
];

const reviews = [
  {
    name: 'Priya S.',
    companyType: 'Regional food distributor',
    service: 'Supply Chain Resilience',
    servicePath: '/consulting/supply-chain-resilience',
    text: 'The supplier map showed us two single points of failure we had never noticed.',
    rating: 5,
  },
  {
    name: 'Marco T.',
    companyType: 'Family-owned manufacturer',
    service: 'Strategy Consulting',
    servicePath: '/consulting/strategy',
    text: 'Ten weeks from a vague ambition to a plan every manager could explain.',
    rating: 4,
  },
];

const navigationBar = {
  navigationButton1Text: 'Talk to an advisor',
  navigationButton1Link: '/book-consult',
  navigationButton2Text: 'Get funded',
  NavigationButton2Link: 'https://cms.example.com/business-loan-application',
};

const navigations = [
  {
    name: 'Consulting',
    base_url: { name: 'Consulting', url: '/consulting', slug: 'consulting' },
    navChildItems: [
      { name: 'Strategy', url: '/consulting/strategy' },
      {
        name: 'Supply Chain Resilience',
        url: '/consulting/supply-chain-resilience',
        navChildItems: [{ name: 'Strategy again', url: '/consulting/strategy' }],
      },
    ],
  },
  {
    name: 'Financing',
    base_url: { name: 'Financing', url: '/financing', slug: 'financing' },
    navChildItems: [{ name: 'Bridge Financing', url: '/financing/bridge-financing' }],
  },
  { name: 'Insights', base_url: { name: 'Insights', url: '/insights', slug: 'insights' } },
];

const industries = [
  {
    name: 'Sectors',
    collections: [
      { name: 'Agribusiness', slug: 'agribusiness' },
      { name: 'Artificial Intelligence', slug: 'artificial-intelligence' },
    ],
  },
];

async function seedEntries(strapi) {
  const create = (uid, data, publishedAt = now()) =>
    strapi.entityService.create(uid, { data: { ...data, publishedAt } });

  const strategy = await create('api::page.page', pages()[0]);
  for (const page of pages(strategy.id).slice(1)) await create('api::page.page', page);
  await create('api::page.page', draftPage, null);
  for (const insight of insights) await create('api::insight.insight', insight);
  for (const mention of mediaMentions) await create('api::media-mention.media-mention', mention);
  for (const review of reviews) await create('api::review.review', review);
  await create('api::navigation-bar.navigation-bar', navigationBar);
  const navigationIds = [];
  for (const entry of navigations)
    navigationIds.push((await create('api::navigation.navigation', entry)).id);
  const industryIds = [];
  for (const entry of industries)
    industryIds.push((await create('api::industry.industry', entry)).id);
  await create('api::desktop-navigation-main.desktop-navigation-main', {
    navigations: navigationIds,
    industries: industryIds,
  });
}

module.exports = { seedEntries };
