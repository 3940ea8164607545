/**
 * 1,000 generated bad requests per database against the flow events handler: wrong types,
 * missing and unknown keys, unknown flows, steps and transitions, bad visit ids, too many events,
 * oversize bodies, invalid JSON and UTF-8, wrong content types. Each must get a 4xx, never a 5xx,
 * and nothing may be stored.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { targetsOf } from '@/engine';
import type { FunnelServices } from '@/site/server/funnel/funnel-services';
import { handleFlowEventsPost } from '@/site/server/funnel/handle-flow-events-post';
import { dialects } from '@/tests/integration/support/test-databases';
import {
  endpointServices,
  repoFlow,
  repoRegistry,
  tempFunnel,
  visitEvents,
  wireBatch,
} from './funnel-fixtures';

type Json = Record<string, unknown>;
interface BadRequest {
  kind: string;
  /** Bytes: a string body would get a default content type, hiding a missing one. */
  body: Uint8Array<ArrayBuffer>;
  contentType: string;
}

const client = repoFlow('client');
const valid = wireBatch(
  visitEvents('fuzz_visit_0123456789', client, ['phase', 'phase#0', 'capital', 'capital#1']),
);
const stepIds = new Set(client.steps.map((step) => step.id));
const knownKeys = new Set(['flow', 'version', 'step', 'transition', 'seq', 'at']);
const identifier = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,20}$/);

const batchWith = (change: (events: Json[], root: Json) => void): Json => {
  const events = valid.events.map((event): Json => ({ ...event }));
  const root: Json = { visit: valid.visit, events };
  change(events, root);
  return root;
};
const eventIndex = fc.nat(valid.events.length - 1);
const bytes = (text: string) => new TextEncoder().encode(text);
const json = (kind: string, value: unknown, contentType = 'text/plain;charset=UTF-8') => ({
  kind,
  body: bytes(JSON.stringify(value)),
  contentType,
});

// Values of a type each key does not take.
const notText = fc.oneof(
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.nat()),
  fc.object(),
);
const notInteger = fc.oneof(
  fc.string(),
  fc.boolean(),
  fc.constant(null),
  fc.double({ noInteger: true }),
  fc.object(),
);
const wrongTypeFor: Record<string, fc.Arbitrary<unknown>> = {
  flow: notText,
  step: notText,
  transition: notText,
  version: notInteger,
  seq: notInteger,
  at: notInteger,
};

const badRequests: fc.Arbitrary<BadRequest> = fc.oneof(
  fc.tuple(eventIndex, fc.constantFrom(...knownKeys)).chain(([i, key]) =>
    wrongTypeFor[key]!.map((value) =>
      json(
        `wrong type: ${key}`,
        batchWith((events) => void (events[i]![key] = value)),
      ),
    ),
  ),
  fc
    .tuple(eventIndex, fc.constantFrom('flow', 'version', 'step', 'seq', 'at', 'visit', 'events'))
    .map(([i, key]) =>
      json(
        `missing: ${key}`,
        batchWith((events, root) => {
          if (key === 'visit' || key === 'events') delete root[key];
          else delete events[i]![key];
        }),
      ),
    ),
  fc
    .tuple(eventIndex, fc.string({ minLength: 1 }), fc.jsonValue(), fc.boolean())
    .filter(([, key]) => !knownKeys.has(key) && key !== '__proto__')
    .map(([i, key, value, atRoot]) =>
      json(
        'unknown key',
        batchWith((events, root) => {
          if (atRoot && key !== 'visit' && key !== 'events') root[key] = value;
          else events[i]![key] = value;
        }),
      ),
    ),
  fc
    .tuple(
      eventIndex,
      identifier.filter((id) => !repoRegistry().get(id)),
    )
    .map(([i, flow]) =>
      json(
        'unknown flow',
        batchWith((events) => void (events[i]!.flow = flow)),
      ),
    ),
  fc
    .tuple(
      eventIndex,
      identifier.filter((id) => !stepIds.has(id)),
    )
    .map(([i, step]) =>
      json(
        'unknown step',
        batchWith((events) => {
          events[i]!.step = step;
          delete events[i]!.transition;
        }),
      ),
    ),
  fc.tuple(eventIndex, fc.oneof(fc.nat(999), fc.string())).map(([i, index]) =>
    json(
      'unknown transition',
      batchWith((events) => {
        const step = client.steps.find((s) => s.id === events[i]!.step)!;
        // An index past the step's last transition, another step's, or not `step#n` at all.
        events[i]!.transition =
          typeof index === 'number'
            ? `${step.id}#${targetsOf(step).length + index}`
            : `${index === step.id ? 'x' : ''}${index}#0`;
      }),
    ),
  ),
  fc
    .oneof(
      fc.string({ maxLength: 15 }),
      fc.string({ minLength: 65, maxLength: 100 }),
      fc.stringMatching(/^[A-Za-z0-9_-]{8,40}[^A-Za-z0-9_-][A-Za-z0-9_-]{8,40}$/),
    )
    .map((visit) =>
      json(
        'bad visit',
        batchWith((_, root) => void (root.visit = visit)),
      ),
    ),
  fc.integer({ min: 101, max: 160 }).map((count) =>
    json(
      'too many events',
      batchWith((events) => {
        const first = events[0]!;
        events.length = 0;
        for (let seq = 0; seq < count; seq++) events.push({ ...first, seq });
      }),
    ),
  ),
  fc.constant(json('no events', { visit: valid.visit, events: [] })),
  fc
    .tuple(
      eventIndex,
      fc.constantFrom('version', 'seq', 'at'),
      fc.oneof(
        fc.integer({ max: 0 }),
        fc.integer({ min: 1 }).map((n) => Date.UTC(2100, 0, 1) + n),
        fc.double(),
      ),
    )
    .filter(([, key, value]) =>
      key === 'version'
        ? !(Number.isInteger(value) && value >= 1 && value <= client.version)
        : key === 'seq'
          ? !(Number.isInteger(value) && value >= 0 && value <= 2_147_483_647)
          : !(Number.isInteger(value) && value >= Date.UTC(2020, 0, 1)),
    )
    .map(([i, key, value]) =>
      json(
        `out of range: ${key}`,
        batchWith((events) => void (events[i]![key] = value)),
      ),
    ),
  fc
    .tuple(eventIndex, eventIndex)
    .filter(([a, b]) => a !== b)
    .map(([a, b]) =>
      json(
        'seq twice',
        batchWith((events) => void (events[a]!.seq = events[b]!.seq)),
      ),
    ),
  fc.nat(64 * 1024).map((extra) => ({
    kind: 'oversize',
    body: bytes(JSON.stringify({ ...valid, pad: 'x'.repeat(16 * 1024 + extra) })),
    contentType: 'application/json',
  })),
  fc
    .string()
    .filter((text) => {
      try {
        JSON.parse(text);
        return false;
      } catch {
        return true;
      }
    })
    .map((text) => ({ kind: 'invalid JSON', body: bytes(text), contentType: 'text/plain' })),
  fc
    .tuple(
      fc.nat(),
      fc.constantFrom(
        [0xff],
        [0xc3],
        [0xed, 0xa0, 0x80],
        [0xf8, 0x88, 0x80, 0x80, 0x80],
        [0xc0, 0xaf],
      ),
    )
    .map(([at, bad]) => {
      const good = bytes(JSON.stringify(valid));
      const cut = at % good.length;
      const body = new Uint8Array([...good.slice(0, cut), ...bad, ...good.slice(cut)]);
      return { kind: 'invalid UTF-8', body, contentType: 'text/plain;charset=UTF-8' };
    }),
  fc
    .oneof(
      fc.constantFrom(
        '',
        'text/html',
        'multipart/form-data; boundary=x',
        'application/x-www-form-urlencoded',
        'application/json; charset=latin1',
        'text/plain; charset=utf-16',
        'application/jsonp',
      ),
      fc.string().filter((type) => !/^\s*(text\/plain|application\/json)\s*(;|$)/i.test(type)),
    )
    .filter((type) => /^[\t\x20-\x7e]*$/.test(type))
    .map((contentType) => ({ ...json('wrong content type', valid), contentType })),
  fc.jsonValue().map((value) => json('any JSON', value, 'application/json')),
);

describe.each(dialects)('flow events fuzz on %s', (dialect) => {
  let funnel: Awaited<ReturnType<typeof tempFunnel>>;
  let services: FunnelServices;

  beforeAll(async () => {
    funnel = await tempFunnel(dialect);
    services = endpointServices(funnel.store);
  });
  afterAll(() => funnel?.dispose());

  it('answers every one of 1,000 bad requests with a 4xx and stores nothing', async () => {
    const kinds = new Set<string>();
    await fc.assert(
      fc.asyncProperty(badRequests, async ({ kind, body, contentType }) => {
        kinds.add(kind.replace(/:.*/, ''));
        const headers: Record<string, string> = { 'x-forwarded-for': '10.9.9.9' };
        if (contentType !== '') headers['content-type'] = contentType;
        const response = await handleFlowEventsPost(
          new Request('http://site.test/api/flow-events', { method: 'POST', headers, body }),
          services,
        );
        const text = await response.text();
        expect(response.status, `${kind}: ${text}`).toBeGreaterThanOrEqual(400);
        expect(response.status, `${kind}: ${text}`).toBeLessThan(500);
        const { errors } = JSON.parse(text) as { errors: { field: string; message: string }[] };
        expect(errors.length).toBeGreaterThan(0);
        expect(errors.every((e) => typeof e.field === 'string' && e.message !== '')).toBe(true);
      }),
      { numRuns: 1000 },
    );
    expect(await funnel.rows()).toEqual([]);
    expect(kinds.size).toBe(16);
    // The valid batch the requests were made from is stored: the refusals were the changes'.
    const response = await handleFlowEventsPost(
      new Request('http://site.test/api/flow-events', {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        body: JSON.stringify(valid),
      }),
      services,
    );
    expect(response.status).toBe(204);
  }, 120_000);
});
