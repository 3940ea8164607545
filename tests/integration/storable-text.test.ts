/**
 * Text a database cannot store is refused before it reaches one, on both databases, with the same
 * answer: every text field of every endpoint that takes text, sent to the built server on SQLite
 * and on PostgreSQL at once, with a NUL character, a lone surrogate, the longest value the field
 * takes (accepted) and one character more (refused by the field's own rule, or cut where the field
 * cuts). A form or an address cannot carry a lone surrogate (the sender writes U+FFFD, or the
 * escape is not UTF-8): there it must be answered alike on both, and never with a 5xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newFlowTemplate } from '@/site/admin/studio/new-flow-template';
import { MAX_ADDRESS_ID } from '@/site/server/admin/admin-post';
import { printableName, unstorableReasons } from '@/site/server/http/storable-text';
import { careersMultipart, pdfBytes, submittingPaths } from './support/sample-leads';
import {
  PASSWORD,
  WEBHOOK_SECRET,
  startStaffedSite,
  type StaffedSite,
} from './support/staffed-site';
import { dialects } from './support/test-databases';

/** How the field travels: a JSON body, a form (urlencoded or multipart), the address. */
type Carrier = 'json' | 'form' | 'address';

interface TextField {
  /** The endpoint and the field, as the table prints it. */
  name: string;
  /** The field a refusal names (`address` for a path segment), given the value sent. */
  field: string | ((value: string) => string);
  carrier: Carrier;
  /** An ordinary value, and what it is answered. */
  plain: string;
  taken: number;
  send(site: StaffedSite, value: string): Promise<Response>;
  /**
   * False where the ordinary answer is already a 404 that asks no database (no form or file has
   * such a name): the refusal need not name the reason.
   */
  named?: boolean;
  /** The longest value taken, and one character more with its answer. */
  longest?: { value: string; status: number };
  over?: { value: string; status: number };
}

let unique = 0;
const next = () => `${Date.now().toString(36)}${(++unique).toString(36)}`;

/** A valid address of exactly `length` characters (RFC 5321 allows 254). */
function emailOfLength(length: number): string {
  const domain = `${'d'.repeat(63)}.${'e'.repeat(63)}.`;
  const tail = '.example';
  const local = `u${next()}`.padEnd(64, 'l');
  const middle = length - local.length - 1 - domain.length - tail.length;
  return `${local}@${domain}${'f'.repeat(middle)}${tail}`;
}

/** Letters and digits at random: text no index can compress. */
const randomText = (length: number) =>
  Array.from({ length }, () => Math.floor(Math.random() * 36).toString(36)).join('');

const uniqueEmail = () => `person-${next()}@firm.example`;

// --- JSON endpoints -----------------------------------------------------------------------------

const json = (site: StaffedSite, route: string, body: unknown, headers: HeadersInit = {}) =>
  site.fetch(route, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

/** The account that the sign-in cases sign in to: the longest address, the longest password. */
const longestAccount = { email: emailOfLength(254), password: 'p'.repeat(128) };

const auth: TextField[] = [
  {
    name: 'POST /auth/register email',
    field: 'email',
    carrier: 'json',
    plain: uniqueEmail(),
    taken: 202,
    send: (site, value) => json(site, '/auth/register', { email: value, password: PASSWORD }),
    longest: { value: emailOfLength(254), status: 202 },
    over: { value: emailOfLength(255), status: 400 },
  },
  {
    name: 'POST /auth/register password',
    field: 'password',
    carrier: 'json',
    plain: PASSWORD,
    taken: 202,
    send: (site, value) => json(site, '/auth/register', { email: uniqueEmail(), password: value }),
    longest: { value: 'p'.repeat(128), status: 202 },
    over: { value: 'p'.repeat(129), status: 400 },
  },
  {
    name: 'POST /auth/login email',
    field: 'email',
    carrier: 'json',
    plain: 'nobody@firm.example',
    taken: 401,
    send: (site, value) =>
      json(site, '/auth/login', {
        email: value,
        password: value === longestAccount.email ? longestAccount.password : PASSWORD,
      }),
    longest: { value: longestAccount.email, status: 200 },
    over: { value: emailOfLength(255), status: 400 },
  },
  {
    name: 'POST /auth/login password',
    field: 'password',
    carrier: 'json',
    plain: PASSWORD,
    taken: 401,
    send: (site, value) =>
      json(site, '/auth/login', { email: longestAccount.email, password: value }),
    longest: { value: longestAccount.password, status: 200 },
    over: { value: 'p'.repeat(129), status: 400 },
  },
  {
    name: 'POST /auth/resend-verification email',
    field: 'email',
    carrier: 'json',
    plain: 'nobody@firm.example',
    taken: 202,
    send: (site, value) => json(site, '/auth/resend-verification', { email: value }),
    longest: { value: emailOfLength(254), status: 202 },
    over: { value: emailOfLength(255), status: 400 },
  },
  {
    name: 'POST /auth/verify token',
    field: 'token',
    carrier: 'json',
    // No token of this shape was ever issued: the answer is the link's ordinary refusal.
    plain: 'not-a-token',
    taken: 400,
    send: (site, value) => json(site, '/auth/verify', { token: value }),
    longest: { value: 't'.repeat(200), status: 400 },
    over: { value: 't'.repeat(201), status: 400 },
  },
];

const tellUsMore = (() => {
  const answers: Record<string, unknown> = { ...submittingPaths('tellUsMore')[0]!.answers };
  delete answers.file;
  return answers;
})();
const page = { uri: 'https://firm.example/contact-us', name: 'Contact us' };

/** A tellUsMore lead with `change` made to a copy of it. */
const lead = (site: StaffedSite, change: (body: Record<string, unknown>) => void) => {
  const body: Record<string, unknown> = { answers: { ...tellUsMore }, page: { ...page } };
  change(body);
  return json(site, '/api/leads/tellUsMore', body);
};

const answerField = (name: string, max: number): TextField => ({
  name: `POST /api/leads/{flowId} answer ${name}`,
  field: name,
  carrier: 'json',
  plain: 'Sample text',
  taken: 202,
  send: (site, value) =>
    lead(site, (body) => ((body.answers as Record<string, unknown>)[name] = value)),
  longest: { value: 'x'.repeat(max), status: 202 },
  over: { value: 'x'.repeat(max + 1), status: 400 },
});

const leads: TextField[] = [
  answerField('firstname', 500),
  answerField('lastname', 500),
  answerField('company', 500),
  answerField('project_description', 5000),
  {
    ...answerField('email', 0),
    plain: 'ada@firm.example',
    // The answer is checked for its shape; what HubSpot takes it checks itself.
    longest: { value: `${'a'.repeat(10_000 - 13)}@firm.example`, status: 202 },
    over: { value: `${'a'.repeat(10_001 - 13)}@firm.example`, status: 400 },
  },
  {
    name: "POST /api/leads/{flowId} an answer's name",
    // The name is shown with what it holds escaped.
    field: (value) => printableName(`x${value}y`),
    carrier: 'json',
    plain: 'extra',
    // An answer the path does not ask is refused by name; one no database stores, first.
    taken: 400,
    send: (site, value) =>
      lead(site, (body) => ((body.answers as Record<string, unknown>)[`x${value}y`] = 'z')),
  },
  {
    name: 'POST /api/leads/{flowId} page.name',
    field: 'page.name',
    carrier: 'json',
    plain: 'Contact us',
    taken: 202,
    send: (site, value) => lead(site, (body) => (body.page = { ...page, name: value })),
    longest: { value: 'n'.repeat(200), status: 202 },
    over: { value: 'n'.repeat(201), status: 400 },
  },
  {
    name: 'POST /api/leads/{flowId} page.uri',
    field: 'page.uri',
    carrier: 'json',
    plain: 'https://firm.example/contact-us',
    taken: 202,
    send: (site, value) => lead(site, (body) => (body.page = { ...page, uri: value })),
    longest: { value: `https://firm.example/${'u'.repeat(2048 - 21)}`, status: 202 },
    over: { value: `https://firm.example/${'u'.repeat(2049 - 21)}`, status: 400 },
  },
  {
    name: 'POST /api/leads/{flowId} hidden.utm_source',
    field: 'hidden.utm_source',
    carrier: 'json',
    plain: 'newsletter',
    taken: 202,
    send: (site, value) => lead(site, (body) => (body.hidden = { utm_source: value })),
    longest: { value: 's'.repeat(255), status: 202 },
    over: { value: 's'.repeat(256), status: 400 },
  },
  {
    name: 'POST /api/leads/{flowId} captchaToken',
    field: 'captchaToken',
    carrier: 'json',
    plain: 'token',
    taken: 202,
    send: (site, value) => lead(site, (body) => (body.captchaToken = value)),
    longest: { value: 'c'.repeat(4096), status: 202 },
    over: { value: 'c'.repeat(4097), status: 400 },
  },
  {
    name: 'POST /api/leads/{flowId} multipart answers part',
    field: 'full_name',
    carrier: 'json',
    plain: 'Ada Lovelace',
    taken: 202,
    send: (site, value) => {
      const form = careersMultipart(
        { resume_document: { bytes: pdfBytes(), name: 'cv.pdf' } },
        page,
      );
      const answers = JSON.parse(form.get('answers') as string) as Record<string, unknown>;
      form.set('answers', JSON.stringify({ ...answers, full_name: value }));
      return site.fetch('/api/leads/careers', { method: 'POST', body: form });
    },
  },
  {
    name: "POST /api/leads/{flowId} multipart file's name",
    field: 'resume_document',
    carrier: 'form',
    plain: 'cv.pdf',
    taken: 202,
    send: (site, value) =>
      site.fetch('/api/leads/careers', {
        method: 'POST',
        body: careersMultipart({ resume_document: { bytes: pdfBytes(), name: value } }, page),
      }),
  },
];

const events = (site: StaffedSite, change: (batch: Record<string, unknown>) => void) => {
  const event: Record<string, unknown> = {
    flow: 'client',
    version: 1,
    step: 'phase',
    transition: 'phase#0',
    seq: 0,
    at: Date.now(),
  };
  const batch: Record<string, unknown> = {
    visit: `visit_${next()}`.padEnd(16, '0'),
    events: [event],
  };
  change(batch);
  return json(site, '/api/flow-events', batch);
};

const eventField = (key: string): TextField => ({
  name: `POST /api/flow-events events[0].${key}`,
  field: `events[0].${key}`,
  carrier: 'json',
  plain: key === 'transition' ? 'phase#0' : key === 'flow' ? 'client' : 'phase',
  taken: 204,
  send: (site, value) =>
    events(site, (batch) => ((batch.events as Record<string, unknown>[])[0]![key] = value)),
});

const report = (site: StaffedSite, change: Record<string, unknown>) =>
  json(site, '/api/client-errors', {
    message: 'Something broke',
    path: '/contact-us',
    time: new Date().toISOString(),
    ...change,
  });

const webhook = (site: StaffedSite, change: (payload: Record<string, unknown>) => void) => {
  const payload: Record<string, unknown> = {
    event: 'entry.update',
    model: 'insight',
    entry: { slug: 'growth-plan', publishedAt: '2026-01-01T00:00:00.000Z' },
  };
  change(payload);
  return json(site, '/api/revalidate', payload, { authorization: `Bearer ${WEBHOOK_SECRET}` });
};

const reporting: TextField[] = [
  {
    name: 'POST /api/flow-events visit',
    field: 'visit',
    carrier: 'json',
    plain: 'k3J9x_2Qp0aZ8mT1',
    taken: 204,
    send: (site, value) =>
      events(site, (batch) => (batch.visit = value === 'k3J9x_2Qp0aZ8mT1' ? batch.visit : value)),
    longest: { value: 'v'.repeat(64), status: 204 },
    over: { value: 'v'.repeat(65), status: 400 },
  },
  eventField('flow'),
  eventField('step'),
  eventField('transition'),
  {
    name: 'POST /api/client-errors message',
    field: 'message',
    carrier: 'json',
    plain: 'Something broke',
    taken: 204,
    send: (site, value) => report(site, { message: value }),
    longest: { value: 'm'.repeat(500), status: 204 },
    over: { value: 'm'.repeat(501), status: 400 },
  },
  {
    name: 'POST /api/client-errors path',
    field: 'path',
    carrier: 'json',
    plain: '/contact-us',
    taken: 204,
    send: (site, value) => report(site, { path: value }),
    longest: { value: `/${'p'.repeat(299)}`, status: 204 },
    over: { value: `/${'p'.repeat(300)}`, status: 400 },
  },
  {
    name: 'POST /api/client-errors digest',
    field: 'digest',
    carrier: 'json',
    plain: 'NEXT_HTTP_ERROR_FALLBACK;404',
    taken: 204,
    send: (site, value) => report(site, { digest: value }),
    longest: { value: 'd'.repeat(100), status: 204 },
    over: { value: 'd'.repeat(101), status: 400 },
  },
  ...(['event', 'model'] as const).map((key): TextField => ({
    name: `POST /api/revalidate ${key}`,
    field: key,
    carrier: 'json',
    plain: key === 'event' ? 'entry.update' : 'insight',
    taken: 200,
    send: (site, value) => webhook(site, (payload) => (payload[key] = value)),
  })),
  {
    name: 'POST /api/revalidate entry.slug',
    field: 'entry.slug',
    carrier: 'json',
    plain: 'growth-plan',
    taken: 200,
    send: (site, value) =>
      webhook(site, (payload) => (payload.entry = { slug: value, publishedAt: null })),
  },
];

// --- Staff forms --------------------------------------------------------------------------------

/** A new flow's draft (revision 1), made through the studio's own form. */
async function freshFlow(site: StaffedSite): Promise<string> {
  const id = `fresh_${next()}`;
  const created = await site.form('/admin/flows/new', [
    ['id', id],
    ['title', 'Fresh'],
  ]);
  expect(created.status).toBe(303);
  return id;
}

const studioFields = (id: string, change: [string, string]): [string, string][] => {
  const fields = new Map<string, string>([
    ['source', newFlowTemplate(id, 'Fresh')],
    ['note', 'First version'],
    ['baseVersion', '0'],
    ['baseRevision', '1'],
  ]);
  fields.set(...change);
  return [...fields];
};

/** The studio's forms hold a flow's text: 512 KiB in all, the rest of the form included. */
const studioLimit = 512 * 1024;
/** The longest flow text a draft save takes: the limit less the form's other fields. */
const longestSource =
  studioLimit -
  new URLSearchParams([
    ['csrf', 'x'.repeat(43)],
    ...studioFields('unused', ['source', '']),
  ]).toString().length;

const exportField = (key: string, plain: string): TextField => ({
  name: `POST /admin/leads/export ${key}`,
  field: key,
  carrier: 'form',
  plain,
  taken: 200,
  send: (site, value) => site.form('/admin/leads/export', [[key, value]]),
  ...(key === 'q' && {
    longest: { value: 'q'.repeat(200), status: 200 },
    // The search is cut to its first 200 characters.
    over: { value: 'q'.repeat(201), status: 200 },
  }),
});

const staff: TextField[] = [
  exportField('q', 'ada'),
  exportField('status', 'held'),
  exportField('flow', 'client'),
  exportField('from', '2026-01-01'),
  exportField('to', '2026-12-31'),
  {
    name: 'POST /admin/flows/new title',
    field: 'title',
    carrier: 'form',
    plain: 'A new flow',
    taken: 303,
    send: (site, value) =>
      site.form('/admin/flows/new', [
        ['id', `fresh_${next()}`],
        ['title', value],
      ]),
  },
  {
    name: 'POST /admin/flows/new id',
    field: 'id',
    carrier: 'form',
    plain: 'fresh',
    taken: 303,
    send: (site, value) =>
      site.form('/admin/flows/new', [
        ['id', value === 'fresh' ? `fresh_${next()}` : value],
        ['title', 'T'],
      ]),
  },
  {
    name: 'POST /admin/flows/{id}/draft source',
    field: 'source',
    carrier: 'form',
    plain: '{"draft": true}',
    taken: 200,
    send: async (site, value) => {
      const id = await freshFlow(site);
      return site.form(`/admin/flows/${id}/draft`, studioFields(id, ['source', value]));
    },
    longest: { value: 's'.repeat(longestSource), status: 200 },
    over: { value: 's'.repeat(longestSource + 1), status: 413 },
  },
  ...(['baseVersion', 'baseRevision'] as const).map((key): TextField => ({
    name: `POST /admin/flows/{id}/draft ${key}`,
    field: key,
    carrier: 'form',
    plain: key === 'baseVersion' ? '0' : '1',
    taken: 200,
    send: async (site, value) => {
      const id = await freshFlow(site);
      return site.form(`/admin/flows/${id}/draft`, studioFields(id, [key, value]));
    },
  })),
  {
    name: 'POST /admin/flows/{id}/publish note',
    field: 'note',
    carrier: 'form',
    plain: 'First version',
    taken: 200,
    send: async (site, value) => {
      const id = await freshFlow(site);
      return site.form(`/admin/flows/${id}/publish`, studioFields(id, ['note', value]));
    },
    longest: { value: 'n'.repeat(500), status: 200 },
    over: { value: 'n'.repeat(501), status: 400 },
  },
  {
    name: 'POST /admin/flows/{id}/publish source',
    field: 'source',
    carrier: 'form',
    // The text ends in white space; what is sent in it comes after the JSON.
    plain: '\n',
    taken: 200,
    send: async (site, value) => {
      const id = await freshFlow(site);
      const source = `${newFlowTemplate(id, 'Fresh')}${value}`;
      return site.form(`/admin/flows/${id}/publish`, studioFields(id, ['source', source]));
    },
  },
  {
    name: 'POST /admin/flows/{id}/presence tab',
    field: 'tab',
    carrier: 'form',
    plain: 'tab-0123456789',
    taken: 200,
    send: (site, value) => site.form('/admin/flows/client/presence', [['tab', value]]),
  },
  {
    name: 'POST /admin/flows/{id}/republish version',
    field: 'version',
    carrier: 'form',
    plain: '99',
    taken: 404,
    send: (site, value) =>
      site.form('/admin/flows/client/republish', [
        ['version', value],
        ['baseVersion', '1'],
      ]),
    // A version number is at most 9 digits; a larger one is no version either.
    longest: { value: '9'.repeat(9), status: 404 },
    over: { value: '9'.repeat(10), status: 404 },
  },
];

// --- Addresses ----------------------------------------------------------------------------------

/** A path segment: percent-encoded, a lone surrogate as the UTF-8 bytes it cannot have. */
const segment = (value: string) =>
  value
    .split(/([\uD800-\uDFFF])/)
    .map((part) =>
      /^[\uD800-\uDFFF]$/.test(part)
        ? `%${[0xe0 | (part.charCodeAt(0) >> 12), 0x80 | ((part.charCodeAt(0) >> 6) & 0x3f), 0x80 | (part.charCodeAt(0) & 0x3f)].map((b) => b.toString(16).toUpperCase()).join('%')}`
        : encodeURIComponent(part),
    )
    .join('');

/**
 * A case whose value is sent as the `{…}` part of the address its name gives (`GET /x/{id}`):
 * by staff (`staff`), as a staff form (`form`), or posted as JSON (`post`).
 */
const address = (
  name: string,
  plain: string,
  taken: number,
  how: { staff?: boolean; post?: boolean; form?: boolean; named?: boolean } = {},
): TextField => ({
  name,
  field: 'address',
  named: how.named,
  carrier: 'address',
  plain,
  taken,
  send: (site, value) => {
    const route = name.split(' ')[1]!.replace(/\{\w+\}/, () => segment(value));
    return how.form
      ? site.form(route, [])
      : site.fetch(
          route,
          how.post
            ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }
            : {},
          how.staff,
        );
  },
});

const addresses: TextField[] = [
  { ...address('GET /admin/leads?q={q}', 'ada', 200, { staff: true }), field: 'q' },
  {
    ...address('GET /admin/leads?q={q} longest', 'ada', 200, { staff: true }),
    field: 'q',
    longest: { value: 'q'.repeat(200), status: 200 },
    over: { value: 'q'.repeat(201), status: 200 },
  },
  ...(
    [
      ['GET /admin/leads/{id}', 'nope', 404],
      // An id that looks like a file's name is still a page's.
      ['GET /admin/leads/{id}.x', 'nope', 404],
      ['GET /admin/flows/{id}', 'client', 200],
      ['GET /admin/flows/{id}/edit', 'client', 200],
      ['GET /admin/flows/{id}/versions', 'client', 200],
      ['GET /admin/flows/options/{listId}/edit', 'yes-no', 200],
    ] as const
  ).map(([name, plain, taken]) => address(name, plain, taken, { staff: true })),
  ...(
    [
      ['POST /admin/leads/{id}/handled', 404],
      ['POST /admin/leads/{id}/retry', 404],
      ['POST /admin/flows/{id}/draft', 404],
      ['POST /admin/flows/{id}/draft/discard', 400],
      ['POST /admin/flows/{id}/publish', 400],
      ['POST /admin/flows/{id}/presence', 400],
      ['POST /admin/flows/options/{listId}/draft', 404],
    ] as const
  ).map(([name, taken]) => address(name, 'nope', taken, { form: true })),
  {
    name: 'POST /admin/flows/{id}/presence, the longest id',
    field: 'address',
    carrier: 'address',
    plain: 'nope',
    taken: 200,
    send: (site, value) =>
      site.form(`/admin/flows/${segment(value)}/presence`, [['tab', 'tab-0123456789']]),
    // Text that does not compress: PostgreSQL cannot index more than 2,704 bytes of it.
    longest: { value: randomText(MAX_ADDRESS_ID), status: 200 },
    over: { value: randomText(3000), status: 400 },
  },
  address('POST /api/leads/{flowId}', 'nope', 404, { post: true, named: false }),
  { ...address('GET /api/flows/{flowId}', 'nope', 404), field: 'flowId' },
  address('GET /api/lead-files/{token}', 'nope', 404, { named: false }),
];

const table = [...auth, ...leads, ...reporting, ...staff, ...addresses];

// --- The run ------------------------------------------------------------------------------------

/** The value with `inserted` after its first character. */
const withInside = (value: string, inserted: string) =>
  `${value.slice(0, 1)}${inserted}${value.slice(1)}`;

interface Answer {
  status: number;
  body: string;
}

async function answer(response: Response): Promise<Answer> {
  return { status: response.status, body: await response.text() };
}

/** A refusal's words, less the name of the flow the case made for itself on each site. */
const sameness = (answer: Answer) => answer.body.replace(/fresh_[a-z0-9]+/g, 'fresh_<id>');

/** Whether an answer names `field` and says `reason`: a JSON error, or a plain-text one. */
function names(answer: Answer, field: string, reason: string): boolean {
  try {
    const { errors } = JSON.parse(answer.body) as {
      errors?: { field?: string; message: string }[];
    };
    if (errors) return errors.some((e) => e.field === field && e.message.includes(reason));
  } catch {
    // A staff form's refusal is plain text for a person to read.
  }
  const label = field === 'address' ? 'The address' : field;
  return answer.body.includes(label) && answer.body.includes(reason);
}

describe('text a database cannot store', () => {
  const sites: StaffedSite[] = [];
  const both = (send: (site: StaffedSite) => Promise<Response>) =>
    Promise.all(sites.map(async (site) => answer(await send(site))));

  beforeAll(async () => {
    sites.push(...(await Promise.all(dialects.map((dialect) => startStaffedSite(dialect)))));
    // The account the sign-in cases sign in to.
    const registered = await both((site) => json(site, '/auth/register', longestAccount));
    expect(registered.map((a) => a.status)).toEqual([202, 202]);
  }, 600_000);
  afterAll(() => Promise.all(sites.map((site) => site.stop())));

  it.each(table.map((field) => [field.name, field] as const))('%s', async (_name, field) => {
    const plain = await both((site) => field.send(site, field.plain));
    expect(
      plain.map((a) => a.status),
      `${field.plain}: ${plain[1]?.body}`,
    ).toEqual([field.taken, field.taken]);

    const sends: [string, string, string | undefined][] = [
      ['NUL', withInside(field.plain, '\u0000'), unstorableReasons.nul],
      // JSON carries a lone surrogate as the escape "\ud800" (JSON.stringify writes it so).
      [
        'lone surrogate',
        withInside(field.plain, '\uD800'),
        field.carrier === 'json' ? unstorableReasons.surrogate : undefined,
      ],
    ];
    for (const [what, value, reason] of sends) {
      const [sqlite, postgres] = await both((site) => field.send(site, value));
      const context = `${what}: sqlite ${sqlite?.status} ${sqlite?.body.slice(0, 300)} / postgres ${postgres?.status} ${postgres?.body.slice(0, 300)}`;
      expect(postgres!.status, context).toBe(sqlite!.status);
      expect(sqlite!.status, context).toBeLessThan(500);
      // A refusal reads the same on both; what is taken differs by its id and time.
      if (sqlite!.status >= 400) expect(sameness(postgres!), context).toBe(sameness(sqlite!));
      if (reason) {
        expect(sqlite!.status, context).toBeGreaterThanOrEqual(400);
        if (field.named !== false) {
          const named = typeof field.field === 'string' ? field.field : field.field(value);
          expect(names(sqlite!, named, reason), context).toBe(true);
        }
      }
    }

    for (const limit of [field.longest, field.over]) {
      if (!limit) continue;
      const answers = await both((site) => field.send(site, limit.value));
      const context = `${limit.value.length} characters: ${answers.map((a) => `${a.status} ${a.body.slice(0, 300)}`).join(' / ')}`;
      expect(
        answers.map((a) => a.status),
        context,
      ).toEqual([limit.status, limit.status]);
      if (limit.status >= 400) expect(sameness(answers[1]!), context).toBe(sameness(answers[0]!));
    }
  });
});
