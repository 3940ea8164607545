/**
 * The flow events over the site database, SQLite or PostgreSQL (one Kysely store, both dialects):
 * storing a batch, and the counts a funnel report is made of, aggregated in SQL so a report reads
 * a few rows per step however many visits there were.
 *
 * Guarantees:
 * - `insertEvents` stores a batch whole or not at all (one statement; batches arriving together
 *   share one transaction, which none of them can make fail), and never twice: an event whose
 *   visit, flow and seq are already stored is skipped, also when two deliveries of one batch
 *   arrive at once (the unique key decides, `ON CONFLICT DO NOTHING` on both dialects).
 * - `counts` reads one flow version, optionally over a period of `received_at` (server time,
 *   `since` inclusive, `until` exclusive), and counts distinct visits throughout: a visitor who
 *   goes back and forth counts once per step and per transition.
 */
import { sql, type RawBuilder } from 'kysely';
import { onceUntilFailure, type SiteDatabase } from '@/site/server/db/database';
import { GroupCommit } from '@/site/server/leads/group-commit';
import type { FunnelTables } from './funnel-schema';

/** One reported event, checked (check-flow-events.ts), as the store takes it. */
export interface FunnelEvent {
  visit: string;
  flow: string;
  version: number;
  step: string;
  /** `step#index`; null: the step was shown. */
  transition: string | null;
  seq: number;
  /** The visitor's clock, ms. */
  at: number;
}

export interface FunnelQuery {
  flowId: string;
  version: number;
  /** Server time (ms), inclusive. */
  since?: number;
  /** Server time (ms), exclusive. */
  until?: number;
}

/** A count of distinct visits for one step shown (`transition` null) or one transition. */
export interface EventCount {
  step: string;
  transition: string | null;
  visits: number;
}

export interface FunnelCounts {
  /** Distinct visits with any event. */
  visitors: number;
  /** Distinct visits that took a transition to an ending. */
  completed: number;
  /** Distinct visits per step shown and per transition taken. */
  events: EventCount[];
  /** Distinct visits per ending reached. */
  endings: { ending: string; visits: number }[];
  /** The visits that reached no ending, counted by their latest event (highest seq). */
  lastEvents: EventCount[];
}

export class FunnelStore {
  // Beacons arriving together share one commit (one fsync on SQLite), as leads do.
  private readonly commits = new GroupCommit<FunnelTables>(() => this.db());

  constructor(private readonly database: () => Promise<SiteDatabase>) {}

  private readonly db = onceUntilFailure(async () =>
    (await this.database()).db.withTables<FunnelTables>(),
  );

  /** Stores the events not stored yet; resolves with how many were new. */
  async insertEvents(events: readonly FunnelEvent[], receivedAt: number): Promise<number> {
    if (events.length === 0) return 0;
    const rows = events.map((event) => ({
      flow_id: event.flow,
      flow_version: event.version,
      visit_id: event.visit,
      seq: event.seq,
      step: event.step,
      transition: event.transition,
      client_time: event.at,
      received_at: receivedAt,
    }));
    const result = await this.commits.run((trx) =>
      trx
        .insertInto('flow_events')
        .values(rows)
        .onConflict((conflict) => conflict.columns(['visit_id', 'flow_id', 'seq']).doNothing())
        .executeTakeFirst(),
    );
    return Number(result.numInsertedOrUpdatedRows ?? 0);
  }

  /**
   * The counts of one flow version. `endingOf` maps each transition that reaches an ending to
   * that ending's id: which those are is the flow's to say, not the store's.
   */
  async counts(query: FunnelQuery, endingOf: ReadonlyMap<string, string>): Promise<FunnelCounts> {
    const db = await this.db();
    const toEnding = [...endingOf.keys()];
    // `IN ()` is not SQL: with no ending transition, no visit completes.
    const completes = (alias: string) =>
      toEnding.length > 0
        ? sql`${sql.ref(`${alias}.transition`)} IN (${sql.join(toEnding)})`
        : sql`1 = 0`;

    const totals = await sql<{ visitors: number; completed: number }>`
      SELECT COUNT(DISTINCT e.visit_id) AS visitors,
        COUNT(DISTINCT CASE WHEN ${completes('e')} THEN e.visit_id END) AS completed
      FROM flow_events e WHERE ${scope('e', query)}`.execute(db);

    const events = await sql<EventCount>`
      SELECT e.step, e.transition, COUNT(DISTINCT e.visit_id) AS visits
      FROM flow_events e WHERE ${scope('e', query)}
      GROUP BY e.step, e.transition`.execute(db);

    const endings =
      toEnding.length === 0
        ? { rows: [] }
        : await sql<{ ending: string; visits: number }>`
      SELECT r.ending, COUNT(DISTINCT r.visit_id) AS visits FROM (
        SELECT e.visit_id, CASE e.transition ${sql.join(
          [...endingOf].map(([transition, ending]) => sql`WHEN ${transition} THEN ${ending}`),
          sql` `,
        )} END AS ending
        FROM flow_events e WHERE ${scope('e', query)} AND ${completes('e')}
      ) r GROUP BY r.ending`.execute(db);

    // Each visit's latest event, for the visits that reached no ending in the period: both
    // windows partition by visit, so one sort of the period's rows answers both. (A correlated
    // NOT EXISTS per row let SQLite's planner scan the flow's rows for each: minutes at 300k.)
    const lastEvents = await sql<EventCount>`
      SELECT l.step, l.transition, COUNT(*) AS visits FROM (
        SELECT e.step, e.transition,
          ROW_NUMBER() OVER (PARTITION BY e.visit_id ORDER BY e.seq DESC) AS latest,
          MAX(CASE WHEN ${completes('e')} THEN 1 ELSE 0 END)
            OVER (PARTITION BY e.visit_id) AS completed
        FROM flow_events e
        WHERE ${scope('e', query)}
      ) l WHERE l.latest = 1 AND l.completed = 0
      GROUP BY l.step, l.transition`.execute(db);

    const total = totals.rows[0];
    return {
      visitors: Number(total?.visitors ?? 0),
      completed: Number(total?.completed ?? 0),
      events: events.rows.map(toCount),
      endings: endings.rows.map((row) => ({ ending: row.ending, visits: Number(row.visits) })),
      lastEvents: lastEvents.rows.map(toCount),
    };
  }
}

const toCount = (row: EventCount): EventCount => ({
  step: row.step,
  transition: row.transition,
  visits: Number(row.visits),
});

/** The rows of one flow version in the period, on the table aliased `alias`. */
function scope(alias: string, query: FunnelQuery): RawBuilder<unknown> {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  const conditions = [
    sql`${column('flow_id')} = ${query.flowId}`,
    sql`${column('flow_version')} = ${query.version}`,
  ];
  if (query.since !== undefined) conditions.push(sql`${column('received_at')} >= ${query.since}`);
  if (query.until !== undefined) conditions.push(sql`${column('received_at')} < ${query.until}`);
  return sql.join(conditions, sql` AND `);
}
