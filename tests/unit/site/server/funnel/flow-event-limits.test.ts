/**
 * The funnel's storage limits, through `POST /api/flow-events` on both databases: a visit stores
 * at most its limit, a client (address) at most its share per hour and per day, counted where the
 * site counts them (in memory beside SQLite, in PostgreSQL's table beside PostgreSQL). Events past
 * a limit are dropped with a 204 all the same, and counted: per flow version and day in the
 * database (what the funnel report shows), and in one log line a minute.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDropLog } from '@/site/server/funnel/drop-log';
import { formatFunnel } from '@/site/server/funnel/format-funnel';
import { funnel } from '@/site/server/funnel/funnel-report';
import type { FunnelServices } from '@/site/server/funnel/funnel-services';
import { handleFlowEventsPost } from '@/site/server/funnel/handle-flow-events-post';
import { dialects } from '@/tests/integration/support/test-databases';
import {
  beaconRequest,
  endpointServices,
  repoFlow,
  tempFunnel,
  visitEvents,
  wireBatch,
} from './funnel-fixtures';

const client = repoFlow('client');
const receivedAt = Date.UTC(2025, 10, 24, 15);
const day = Date.UTC(2025, 10, 24);
const DAY = 86_400_000;
/** Six events a visit might send: the first three steps, shown and left. */
const sixEvents = ['phase', 'phase#1', 'revenue', 'revenue#0', 'industry', 'industry#0'];

const post = (services: FunnelServices, body: unknown, address: string) =>
  handleFlowEventsPost(
    beaconRequest(body, { 'x-forwarded-for': address }),
    services,
    () => receivedAt,
  );

/** A batch of the visit's six events, numbered from `firstSeq`. */
const batchOf = (visit: string, firstSeq = 0) =>
  wireBatch(visitEvents(visit, client, sixEvents, firstSeq));

describe.each(dialects)('funnel storage limits on %s', (dialect) => {
  let db: Awaited<ReturnType<typeof tempFunnel>>;
  // Each test's client counts from zero, also in PostgreSQL's shared counters table.
  let testNo = 0;
  let address: (n: number) => string;

  beforeAll(async () => {
    db = await tempFunnel(dialect);
  });
  afterAll(() => db?.dispose());
  beforeEach(async () => {
    testNo++;
    address = (n) => `198.51.${testNo}.${n}`;
    await db.db().deleteFrom('flow_events').execute();
    await db.db().deleteFrom('flow_event_drops').execute();
  });

  const storedOf = async (visit: string) =>
    (await db.rows()).filter((row) => row.visit_id === visit).map((row) => row.seq);
  const dropped = async (period: { since?: number; until?: number } = {}) =>
    (await funnel(client, period, db.store)).dropped;

  it('stores the first events of a visit up to its limit, answers 204, and counts the rest', async () => {
    const services = endpointServices(db.store, { perVisit: 10 });
    const visit = 'visit-at-its-limit-01';
    const statuses = [];
    for (const firstSeq of [0, 6, 12]) {
      statuses.push((await post(services, batchOf(visit, firstSeq), address(1))).status);
    }
    expect(statuses).toEqual([204, 204, 204]);
    expect(await storedOf(visit)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // Another visit, even from the same address, has its own room.
    expect((await post(services, batchOf('another-visit-000001'), address(1))).status).toBe(204);
    expect(await storedOf('another-visit-000001')).toHaveLength(6);

    expect(await dropped()).toEqual({ visit: 8, client: 0 });
    // Counted on the day they were dropped: a period that ends the day before has none.
    expect(await dropped({ since: day, until: day + DAY })).toEqual({ visit: 8, client: 0 });
    expect(await dropped({ until: day })).toEqual({ visit: 0, client: 0 });
    expect(await dropped({ since: day + DAY })).toEqual({ visit: 0, client: 0 });
    // The visits stored are reported as before: 2 visitors, nothing else of the 8.
    const report = await funnel(client, {}, db.store);
    expect(report).toMatchObject({ visitors: 2, started: 2, completed: 0 });
  });

  it('gives batches of one visit arriving at once no more than the visit limit', async () => {
    const services = endpointServices(db.store, { perVisit: 15 });
    const visit = 'visit-all-at-once-01';
    const statuses = await Promise.all(
      [0, 6, 12, 18, 24].map(
        async (firstSeq) => (await post(services, batchOf(visit, firstSeq), address(1))).status,
      ),
    );
    expect(statuses).toEqual([204, 204, 204, 204, 204]);
    expect(await storedOf(visit)).toHaveLength(15);
    expect(await dropped()).toEqual({ visit: 15, client: 0 });
  });

  it("stores a client's events up to its share an hour; others keep theirs", async () => {
    const services = endpointServices(db.store, { perHour: 10, perDay: 1_000, site: db.site });
    const statuses = [];
    for (const visit of ['share-visit-00000001', 'share-visit-00000002', 'share-visit-00000003']) {
      statuses.push((await post(services, batchOf(visit), address(1))).status);
    }
    expect(statuses).toEqual([204, 204, 204]);
    expect(await db.rows()).toHaveLength(10); // 6, then the first 4 of the second batch
    expect(await storedOf('share-visit-00000002')).toEqual([0, 1, 2, 3]);
    expect(await dropped()).toEqual({ visit: 0, client: 8 });

    // Another address still has its share.
    expect((await post(services, batchOf('share-visit-00000004'), address(2))).status).toBe(204);
    expect(await storedOf('share-visit-00000004')).toHaveLength(6);
  });

  it("stores a client's events up to its share a day, whatever the hour allows", async () => {
    const services = endpointServices(db.store, { perHour: 0, perDay: 9, site: db.site });
    for (const visit of ['daily-visit-00000001', 'daily-visit-00000002']) {
      expect((await post(services, batchOf(visit), address(1))).status).toBe(204);
    }
    expect(await db.rows()).toHaveLength(9);
    expect(await dropped()).toEqual({ visit: 0, client: 3 });
  });

  it("shares out exactly the client's share to batches arriving at once", async () => {
    const services = endpointServices(db.store, { perHour: 23, perDay: 1_000, site: db.site });
    const statuses = await Promise.all(
      Array.from(
        { length: 8 },
        async (_, i) =>
          (await post(services, batchOf(`at-once-visit-0000000${i}`), address(1))).status,
      ),
    );
    expect(statuses.every((status) => status === 204)).toBe(true);
    expect(await db.rows()).toHaveLength(23);
    expect(await dropped()).toEqual({ visit: 0, client: 48 - 23 });
  });

  it('counts what either limit drops, per version of the flow', async () => {
    const services = endpointServices(db.store, {
      perVisit: 4,
      perHour: 10,
      perDay: 1_000,
      site: db.site,
    });
    await post(services, batchOf('both-limits-visit-01'), address(1)); // 4 kept, 2 over the visit
    await post(services, batchOf('both-limits-visit-02'), address(1)); // 4 kept, 2 over the client
    await post(services, batchOf('both-limits-visit-03'), address(1)); // 6 over the client
    expect(await db.rows()).toHaveLength(8);
    expect(await dropped()).toEqual({ visit: 2, client: 8 });
    // The terminal's report says so under its headline.
    expect(formatFunnel(await funnel(client, {}, db.store)).split('\n')[1]).toBe(
      "10 event(s) dropped over the storage limits on the days of this period, not counted here: 8 past a client's share (per hour or day), 2 past a visit's limit",
    );
    // Another version's report has none of them.
    const other = await funnel(client, { version: client.version + 1 }, db.store);
    expect(other.dropped).toEqual({ visit: 0, client: 0 });
  });

  it('stores everything when the limits are off (0)', async () => {
    const services = endpointServices(db.store, { perVisit: 0, perHour: 0, perDay: 0 });
    for (const firstSeq of [0, 6, 12, 18]) {
      await post(services, batchOf('unlimited-visit-0001', firstSeq), address(1));
    }
    expect(await db.rows()).toHaveLength(24);
    expect(await dropped()).toEqual({ visit: 0, client: 0 });
  });

  it('says so in the log once, not once per batch, during a flood', async () => {
    const lines: string[] = [];
    const services = endpointServices(
      db.store,
      { perVisit: 6, perHour: 0, perDay: 0 },
      createDropLog((line) => lines.push(line)),
    );
    for (let i = 0; i < 5; i++) {
      await post(services, batchOf('flooding-visit-00001', i * 6), address(1));
    }
    expect(lines).toEqual([
      "[funnel] 6 event(s) dropped over the storage limits: 6 over a visit's limit, 0 over a client's share",
    ]);
    expect(await dropped()).toEqual({ visit: 24, client: 0 });
  });
});

describe('the log of dropped events', () => {
  it('writes the first drop at once, then at most one line a minute with the count since', () => {
    const lines: string[] = [];
    let now = 1_000_000;
    const log = createDropLog(
      (line) => lines.push(line),
      60_000,
      () => now,
    );
    log({ visit: 0, client: 0 });
    expect(lines).toEqual([]);
    log({ visit: 2, client: 3 });
    now += 30_000;
    log({ visit: 1, client: 0 });
    now += 29_000;
    log({ visit: 0, client: 4 });
    expect(lines).toHaveLength(1);
    now += 1_000;
    log({ visit: 0, client: 1 });
    expect(lines).toEqual([
      "[funnel] 5 event(s) dropped over the storage limits: 2 over a visit's limit, 3 over a client's share",
      "[funnel] 6 event(s) dropped over the storage limits in the last 60 s: 1 over a visit's limit, 5 over a client's share",
    ]);
  });
});
