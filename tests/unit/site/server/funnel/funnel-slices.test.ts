/**
 * The funnel report reads a flow version a slice of visits at a time (funnel-store.ts), on both
 * databases: the sum of the slices is the report read at once, whatever the slices' size; every
 * statement of a report over a large dataset reads one slice through the visits index, never the
 * whole version (the plan, and on PostgreSQL the rows it actually read); and on SQLite, whose
 * driver holds the server's thread during a statement, a beacon posted while the report is
 * computed is answered before the report is done.
 */
import { Kysely, PostgresDialect, SqliteDialect, sql, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteDatabase } from '@/site/server/db/database';
import { funnel, type FunnelOptions } from '@/site/server/funnel/funnel-report';
import { FunnelStore } from '@/site/server/funnel/funnel-store';
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
import { seedRandomEvents } from './random-visits';

const client = repoFlow('client');
const DAY = 86_400_000;
const from = Date.UTC(2025, 9, 1);

/** The site's database with every statement it runs recorded (Kysely's `log` option). */
function recorded(site: SiteDatabase): { site: SiteDatabase; statements: CompiledQuery[] } {
  const statements: CompiledQuery[] = [];
  const log = (event: { level: string; query: CompiledQuery }) => {
    if (event.level === 'query') statements.push(event.query);
  };
  const dialect = site.pool
    ? new PostgresDialect({ pool: site.pool })
    : new SqliteDialect({ database: site.sqlite! });
  return { site: { ...site, db: new Kysely<object>({ dialect, log }) }, statements };
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

describe.each(dialects)('the funnel report in slices on %s', (dialect) => {
  let db: Awaited<ReturnType<typeof tempFunnel>>;

  beforeAll(async () => {
    db = await tempFunnel(dialect);
    // 3,000 events of the current version over 10 days (~430 visits), 20,000 of the next.
    await seedRandomEvents(db.db(), {
      flow: client,
      version: client.version,
      events: 3_000,
      seed: 7,
      from,
      days: 10,
    });
    await seedRandomEvents(db.db(), {
      flow: client,
      version: client.version + 1,
      events: 20_000,
      seed: 8,
      from,
      days: 10,
    });
    // The same visits through another flow: their ids interleave with the report's.
    await seedRandomEvents(db.db(), {
      flow: repoFlow('grants'),
      version: 1,
      events: 20_000,
      seed: 8,
      from,
      days: 10,
    });
    // What autovacuum does after a load like this one: PostgreSQL plans with statistics.
    if (dialect === 'postgres') await sql`ANALYZE flow_events`.execute(db.site.db);
  }, 120_000);
  afterAll(() => db?.dispose());

  it('adds the slices up to the report read at once, whatever their size', async () => {
    const atOnce = new FunnelStore(() => Promise.resolve(db.site), { sliceRows: 1_000_000 });
    const periods: FunnelOptions[] = [
      {},
      { since: from + 3 * DAY },
      { until: from + 5 * DAY },
      { since: from + 2 * DAY, until: from + 3 * DAY },
    ];
    for (const sliceRows of [7, 97, 1_000]) {
      const sliced = new FunnelStore(() => Promise.resolve(db.site), { sliceRows });
      for (const period of periods) {
        const whole = await funnel(client, period, atOnce);
        expect(whole.visitors).toBeGreaterThan(0);
        expect(
          await funnel(client, period, sliced),
          `${sliceRows} ${JSON.stringify(period)}`,
        ).toEqual(whole);
      }
    }
  }, 120_000);

  it('reads one slice per statement through the visits index, never the whole version', async () => {
    const sliceRows = 400;
    const watched = recorded(db.site);
    const store = new FunnelStore(() => Promise.resolve(watched.site), { sliceRows });
    const version = client.version + 1;
    const report = await funnel(client, { version }, store);
    expect(report.visitors).toBeGreaterThan(2_000);

    const reads = watched.statements.filter((statement) => /\bflow_events\b/.test(statement.sql));
    // About one boundary and four counts per slice of 400 of the 20,000 events.
    expect(reads.length).toBeGreaterThanOrEqual(5 * (20_000 / sliceRows));
    const largestVisit = await db
      .db()
      .selectFrom('flow_events')
      .select((eb) => eb.fn.countAll<number>().as('events'))
      .where('flow_version', '=', version)
      .groupBy('visit_id')
      .orderBy('events', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const bound = sliceRows + Number(largestVisit.events);

    for (const statement of reads) {
      const parameters = statement.parameters as unknown[];
      if (dialect === 'sqlite') {
        const plan = db.site
          .sqlite!.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
          .all(...parameters) as { detail: string }[];
        const access = plan.filter((row) => /^(SCAN|SEARCH) (e|flow_events)\b/.test(row.detail));
        expect(access.length, statement.sql).toBeGreaterThan(0);
        for (const { detail } of access) {
          expect(detail, statement.sql).toMatch(
            /^SEARCH \w+ USING (COVERING )?INDEX flow_events_visits \(flow_id=\? AND flow_version=\?/,
          );
          // A range of visits, or the boundary's LIMIT 1 OFFSET: a slice's worth of entries.
          if (!/\boffset\b/i.test(statement.sql)) expect(detail).toMatch(/visit_id[<>]/);
        }
      } else {
        const result = await db.site.pool!.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
          `EXPLAIN (ANALYZE, FORMAT JSON) ${statement.sql}`,
          parameters,
        );
        const nodes = nodesOf(result.rows[0]!['QUERY PLAN'][0].Plan);
        const scans = nodes.filter(
          (node) => node['Relation Name'] === 'flow_events' || node['Index Name'] !== undefined,
        );
        expect(scans.length, statement.sql).toBeGreaterThan(0);
        for (const scan of scans) {
          expect(scan['Node Type'], statement.sql).not.toBe('Seq Scan');
          if (scan['Index Name'] !== undefined)
            expect(scan['Index Name']).toBe('flow_events_visits');
          const read =
            scan['Actual Rows'] * scan['Actual Loops'] + (scan['Rows Removed by Filter'] ?? 0);
          expect(read, statement.sql).toBeLessThanOrEqual(bound);
        }
      }
    }
  }, 120_000);

  // SQLite's driver is synchronous: without slices a report held the event loop to its end.
  it('answers a beacon posted while a report over 20,000 events is computed, before the report is done', async () => {
    const store = new FunnelStore(() => Promise.resolve(db.site), { sliceRows: 400 });
    const order: string[] = [];
    const report = funnel(client, { version: client.version + 1 }, store).then(() =>
      order.push('report'),
    );
    const beacon = handleFlowEventsPost(
      beaconRequest(
        wireBatch(visitEvents('beacon-during-report-01', client, ['phase', 'phase#1'])),
      ),
      endpointServices(store),
    ).then((response) => order.push(`beacon ${response.status}`));
    await Promise.all([report, beacon]);
    expect(order).toEqual(['beacon 204', 'report']);
  });
});
