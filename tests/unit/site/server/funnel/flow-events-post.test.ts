/**
 * `POST /api/flow-events` on both databases the site runs on: what the beacon gets back and what
 * is stored. The handler runs with the site's own registry of `flows/`, a real database and the
 * site's rate limiter (in memory beside SQLite, in PostgreSQL's table beside PostgreSQL).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '@/site/server/db/database';
import { postFlowEvents } from '@/site/server/funnel/flow-events-endpoint';
import type { FunnelServices } from '@/site/server/funnel/funnel-services';
import { FunnelStore } from '@/site/server/funnel/funnel-store';
import { handleFlowEventsPost } from '@/site/server/funnel/handle-flow-events-post';
import { createRateLimit } from '@/site/server/http/rate-limit';
import { dialects } from '@/tests/integration/support/test-databases';
import { endpointServices, repoFlow, tempFunnel, visitEvents, wireBatch } from './funnel-fixtures';

const client = repoFlow('client');
const batch = wireBatch(
  visitEvents('k3J9x_2Qp0aZ8mT1', client, ['phase', 'phase#1', 'revenue', 'revenue#0']),
);

// Each request comes from its own address unless told otherwise: no test counts against another.
let address = 0;
function request(body: unknown, headers: Record<string, string> = {}): Request {
  return new Request('http://site.test/api/flow-events', {
    method: 'POST',
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      origin: 'http://site.test',
      'sec-fetch-site': 'same-origin',
      'x-forwarded-for': `10.1.0.${++address % 250}`,
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function errorsOf(response: Response) {
  return ((await response.json()) as { errors: { field: string; message: string }[] }).errors;
}

describe.each(dialects)('POST /api/flow-events on %s', (dialect) => {
  let funnel: Awaited<ReturnType<typeof tempFunnel>>;
  let services: FunnelServices;

  beforeAll(async () => {
    funnel = await tempFunnel(dialect);
    services = endpointServices(funnel.store);
  });
  afterAll(() => funnel?.dispose());

  const post = (body: unknown, headers?: Record<string, string>) =>
    handleFlowEventsPost(request(body, headers), services, () => 1_764_000_100_000);

  const clear = () => funnel.db().deleteFrom('flow_events').execute();

  it('stores a valid batch, sent as sendBeacon sends it, and answers 204', async () => {
    await clear();
    const response = await post(batch);
    expect(response.status).toBe(204);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).toBe('');
    const rows = await funnel.rows();
    expect(rows.map(({ id: _id, ...row }) => row)).toEqual(
      batch.events.map((event) => ({
        flow_id: 'client',
        flow_version: client.version,
        visit_id: batch.visit,
        seq: event.seq,
        step: event.step,
        transition: event.transition ?? null,
        client_time: event.at,
        received_at: 1_764_000_100_000,
        // Outside an A/B test (experiment-schema.ts).
        experiment_id: null,
        variant: null,
      })),
    );
  });

  it('takes application/json too', async () => {
    await clear();
    const response = await post(batch, { 'content-type': 'application/json' });
    expect(response.status).toBe(204);
    expect(await funnel.rows()).toHaveLength(4);
  });

  it('stores a batch delivered twice (or twice at once) once', async () => {
    await clear();
    const statuses = await Promise.all([post(batch), post(batch), post(batch)]);
    expect(statuses.map((r) => r.status)).toEqual([204, 204, 204]);
    expect((await post(batch)).status).toBe(204);
    // A later batch of the same visit that repeats the last event and adds one.
    const more = wireBatch(visitEvents(batch.visit, client, ['revenue#0', 'industry'], 3));
    expect((await post(more)).status).toBe(204);
    const rows = await funnel.rows();
    expect(rows.map((row) => [row.seq, row.step, row.transition])).toEqual([
      [0, 'phase', null],
      [1, 'phase', 'phase#1'],
      [2, 'revenue', null],
      [3, 'revenue', 'revenue#0'],
      [4, 'industry', null],
    ]);
  });

  it('answers 204 and stores nothing when the visitor sends DNT: 1 or Sec-GPC: 1', async () => {
    await clear();
    expect((await post(batch, { dnt: '1' })).status).toBe(204);
    expect((await post(batch, { 'sec-gpc': '1' })).status).toBe(204);
    expect(await funnel.rows()).toEqual([]);
    // DNT: 0 is no refusal.
    expect((await post(batch, { dnt: '0' })).status).toBe(204);
    expect(await funnel.rows()).toHaveLength(4);
  });

  it('refuses a cross-site post with 403 and stores nothing', async () => {
    await clear();
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'http://site.test.evil.example' },
      { origin: 'null' },
      { origin: 'http://site.test', 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of crossSite) {
      const response = await post(batch, headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect((await errorsOf(response)).map((error) => error.field)).toEqual(['origin']);
    }
    expect(await funnel.rows()).toEqual([]);
    // Behind a proxy that rewrote Host, X-Forwarded-Host names the site the browser saw.
    const proxied = await post(batch, {
      origin: 'https://www.firm.example',
      'x-forwarded-host': 'www.firm.example',
    });
    expect(proxied.status).toBe(204);
  });

  it('limits each client to FLOW_EVENTS_RATE_LIMIT posts a minute: 429 with Retry-After', async () => {
    await clear();
    const limited: FunnelServices = {
      ...services,
      rateLimit: createRateLimit(3, () => Promise.resolve(funnel.site), 'flow-events'),
    };
    const from = { 'x-forwarded-for': '203.0.113.9' };
    const send = () => handleFlowEventsPost(request(batch, from), limited, () => 1_764_000_100_000);
    expect([(await send()).status, (await send()).status, (await send()).status]).toEqual([
      204, 204, 204,
    ]);
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const [error] = await errorsOf(refused);
    expect(error?.message).toMatch(/^Too many reports; try again in \d+ s$/);
    // Another client is not limited, and the lead endpoint's counters are apart.
    expect(
      (await handleFlowEventsPost(request(batch), limited, () => 1_764_000_100_000)).status,
    ).toBe(204);
    const leads = createRateLimit(3, () => Promise.resolve(funnel.site));
    expect(await leads('203.0.113.9')).toEqual({ ok: true });
  });

  it('refuses an unknown flow, step or transition, naming the event, with a did-you-mean', async () => {
    await clear();
    const events = batch.events;
    const response = await post({
      visit: batch.visit,
      events: [
        events[0],
        { ...events[1], flow: 'clinet' },
        { ...events[2], step: 'revenu' },
        { ...events[3], transition: 'revenue#7' },
        { ...events[3], seq: 9, transition: 'phase#0' },
        { ...events[0], seq: 10, step: 'noCapital' },
        { ...events[0], seq: 11, version: client.version + 1 },
      ],
    });
    expect(response.status).toBe(400);
    expect(await errorsOf(response)).toEqual([
      { field: 'events[1].flow', message: 'There is no flow "clinet". Did you mean "client"?' },
      {
        field: 'events[2].step',
        message: `Flow "client" has no step "revenu". Did you mean "revenue"?`,
      },
      {
        field: 'events[3].transition',
        message: 'Step "revenue" has no transition #7: its only transition is revenue#0',
      },
      {
        field: 'events[4].transition',
        message:
          'Transition "phase#0" does not leave step "revenue": it must start with "revenue#"',
      },
      {
        field: 'events[5].step',
        message: '"noCapital" is an ending, reached by a transition, not a step shown',
      },
      {
        field: 'events[6].version',
        message: `Flow "client" is at version ${client.version}; there is no version ${client.version + 1}`,
      },
    ]);
    expect(await funnel.rows()).toEqual([]);
  });

  it('checks only the shape of an older version, whose steps the site no longer knows', async () => {
    await clear();
    const old = { ...batch.events[0]!, version: 1, step: 'oldStep' };
    const response = await post({
      visit: batch.visit,
      events: [old, { ...old, seq: 1, transition: 'oldStep#4' }],
    });
    if (client.version === 1) {
      expect(response.status).toBe(400); // version 1 is the current one: oldStep is unknown
    } else {
      expect(response.status).toBe(204);
      expect((await funnel.rows()).map((row) => row.transition)).toEqual([null, 'oldStep#4']);
    }
  });

  it('refuses shape errors key by key, unknown keys included, and two events with one seq', async () => {
    await clear();
    const response = await post({
      visit: 'short',
      events: [
        { ...batch.events[0], colour: 'red' },
        { ...batch.events[1], seq: -1, at: 5 },
        { ...batch.events[2], version: '1' },
      ],
      user: 'x',
    });
    expect(response.status).toBe(400);
    expect(await errorsOf(response)).toEqual([
      { field: 'visit', message: 'visit must be 16 to 64 letters, digits, "_" or "-"' },
      { field: 'events[0].colour', message: 'Unknown key "colour"' },
      { field: 'events[1].seq', message: 'seq must be an integer from 0 to 2147483647' },
      {
        field: 'events[1].at',
        message: 'at must be the time in milliseconds since 1970, between 2020 and 2100',
      },
      { field: 'events[2].version', message: 'version must be an integer from 1' },
      { field: 'user', message: 'Unknown key "user"' },
    ]);
    const twice = await post({ visit: batch.visit, events: [batch.events[0], batch.events[0]] });
    expect(await errorsOf(twice)).toEqual([
      { field: 'events[1].seq', message: 'seq 0 of flow "client" appears twice in this batch' },
    ]);
    expect(await funnel.rows()).toEqual([]);
  });

  it('answers 413, 415 and 400 for a body too large, of another type, or not UTF-8 JSON', async () => {
    await clear();
    expect((await post('x'.repeat(16 * 1024 + 1))).status).toBe(413);
    expect(
      (await post(batch, { 'content-type': 'application/x-www-form-urlencoded' })).status,
    ).toBe(415);
    expect((await post(batch, { 'content-type': 'text/plain;charset=ISO-8859-1' })).status).toBe(
      415,
    );
    const notUtf8 = new Uint8Array([0x7b, 0xff, 0x7d]);
    const bad = await handleFlowEventsPost(
      new Request('http://site.test/api/flow-events', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: notUtf8,
      }),
      services,
    );
    expect(await errorsOf(bad)).toEqual([
      { field: 'body', message: 'The body is not valid UTF-8' },
    ]);
    expect(await errorsOf(await post('{"visit":'))).toEqual([
      { field: 'body', message: 'The body is not valid JSON' },
    ]);
    expect(await funnel.rows()).toEqual([]);
  });
});

describe('the flow events endpoint', () => {
  it('answers 503 and logs when the database is down, a fault of ours', async () => {
    const dead = openDatabase({ url: 'postgres://nobody@127.0.0.1:1/none', file: '' });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const response = await postFlowEvents(
        request(batch),
        endpointServices(new FunnelStore(() => Promise.resolve(dead))),
      );
      expect(response.status).toBe(503);
      expect((await errorsOf(response)).map((error) => error.field)).toEqual(['request']);
      expect(logged).toHaveBeenCalledWith(
        '[funnel] could not store flow events:',
        expect.any(Error),
      );
    } finally {
      logged.mockRestore();
      await dead.close();
    }
  });
});
