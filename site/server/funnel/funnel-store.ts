/**
 * The flow events over the site database, SQLite or PostgreSQL (one Kysely store, both dialects):
 * storing a batch within the storage limits, counting what they drop, and the counts a funnel
 * report is made of, aggregated in SQL a slice of visits at a time.
 *
 * Guarantees:
 * - `insertEvents` stores a batch whole or not at all (one transaction; batches arriving
 *   together share one, which none of them can make fail), and never twice: an event whose
 *   visit, flow and seq are already stored is skipped, also when two deliveries of one batch
 *   arrive at once (the unique key decides, `ON CONFLICT DO NOTHING` on both dialects).
 * - With `perVisit`, a visit never holds more events than that: the batch's first events fill
 *   what the visit has left, the rest are dropped and counted (`flow_event_drops`, with the
 *   `overClient` events the caller refused before). The count and the insert share a
 *   transaction; on PostgreSQL two instances storing the same visit at the same instant may each
 *   fill its room once (READ COMMITTED), so the bound holds within a batch per instance. A
 *   batch delivered again once its visit is full is counted as dropped, though it is stored.
 * - `counts` reads one flow version, optionally over a period of `received_at` (server time,
 *   `since` inclusive, `until` exclusive), and counts distinct visits throughout: a visitor who
 *   goes back and forth counts once per step and per transition. It reads the visits in slices
 *   of about `sliceRows` events, in visit id order, whole visits each (the `flow_events_visits`
 *   index), and adds the slices' counts up: a visit is in one slice only, so the sums are exact.
 *   Each statement reads one slice, so none holds SQLite's synchronous driver (and with it the
 *   server's event loop) for long, and the next slice waits for a turn of the event loop.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { onceUntilFailure, type SiteDatabase } from '@/site/server/db/database';
import { GroupCommit } from '@/site/server/leads/group-commit';
import type { DropReason, FunnelTables } from './funnel-schema';

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
  /** The A/B test and variant that served the flow version (experiment-schema.ts). */
  experiment?: number;
  variant?: string;
}

export interface FunnelQuery {
  flowId: string;
  version: number;
  /** Server time (ms), inclusive. */
  since?: number;
  /** Server time (ms), exclusive. */
  until?: number;
}

/** Events dropped over the storage limits: over a visit's limit, over a client's share. */
export interface DroppedEvents {
  visit: number;
  client: number;
}

export interface StoredEvents {
  /** Events new to the store. */
  stored: number;
  dropped: DroppedEvents;
}

export interface InsertLimits {
  /** The most events one visit may hold, all flows together; 0 or unset: no limit. */
  perVisit?: number;
  /** Events the caller refused over the client's share (client-event-quota.ts), to count. */
  overClient?: readonly FunnelEvent[];
}

/** Events per slice of a report: a few milliseconds of SQLite; PostgreSQL runs off our thread. */
export const SLICE_ROWS = { sqlite: 2_000, postgres: 50_000 } as const;

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

  constructor(
    private readonly database: () => Promise<SiteDatabase>,
    /** Events per slice of a report; default: SLICE_ROWS for the database's dialect. */
    private readonly options: { sliceRows?: number } = {},
  ) {}

  private readonly db = onceUntilFailure(async () =>
    (await this.database()).db.withTables<FunnelTables>(),
  );

  /**
   * Stores the events not stored yet, within the visit's limit, and counts the events dropped
   * over it and over the client's share; resolves with how many were new and dropped.
   */
  async insertEvents(
    events: readonly FunnelEvent[],
    receivedAt: number,
    limits: InsertLimits = {},
  ): Promise<StoredEvents> {
    const overClient = limits.overClient ?? [];
    if (events.length === 0 && overClient.length === 0) {
      return { stored: 0, dropped: { visit: 0, client: 0 } };
    }
    return this.commits.run(async (trx) => {
      const { kept, overVisit } = await withinVisitLimits(trx, events, limits.perVisit ?? 0);
      let stored = 0;
      if (kept.length > 0) {
        const result = await trx
          .insertInto('flow_events')
          .values(kept.map((event) => eventRow(event, receivedAt)))
          .onConflict((conflict) => conflict.columns(['visit_id', 'flow_id', 'seq']).doNothing())
          .executeTakeFirst();
        stored = Number(result.numInsertedOrUpdatedRows ?? 0);
      }
      const drops = [
        ...dropRows(overVisit, 'per-visit', receivedAt),
        ...dropRows(overClient, 'per-client', receivedAt),
      ];
      if (drops.length > 0) {
        await trx
          .insertInto('flow_event_drops')
          .values(drops)
          .onConflict((conflict) =>
            conflict.columns(['flow_id', 'flow_version', 'day', 'reason']).doUpdateSet((eb) => ({
              events: eb('flow_event_drops.events', '+', eb.ref('excluded.events')),
            })),
          )
          .execute();
      }
      return { stored, dropped: { visit: overVisit.length, client: overClient.length } };
    });
  }

  /** The events of one flow version dropped over the limits on the days the period touches. */
  async dropped(query: FunnelQuery): Promise<DroppedEvents> {
    const db = await this.db();
    const rows = await db
      .selectFrom('flow_event_drops')
      .select(['reason', (eb) => eb.fn.sum<number>('events').as('events')])
      .where('flow_id', '=', query.flowId)
      .where('flow_version', '=', query.version)
      .$if(query.since !== undefined, (qb) => qb.where('day', '>', query.since! - DAY_MS))
      .$if(query.until !== undefined, (qb) => qb.where('day', '<', query.until!))
      .groupBy('reason')
      .execute();
    const of = (reason: DropReason) =>
      Number(rows.find((row) => row.reason === reason)?.events ?? 0);
    return { visit: of('per-visit'), client: of('per-client') };
  }

  /**
   * The counts of one flow version. `endingOf` maps each transition that reaches an ending to
   * that ending's id: which those are is the flow's to say, not the store's.
   */
  async counts(query: FunnelQuery, endingOf: ReadonlyMap<string, string>): Promise<FunnelCounts> {
    const db = await this.db();
    const sliceRows = this.options.sliceRows ?? SLICE_ROWS[(await this.database()).dialect];
    const total = runningTotal();
    let after: string | undefined;
    for (;;) {
      const through = await sliceEnd(db, query, after, sliceRows);
      total.add(await sliceCounts(db, { ...query, after, through }, endingOf));
      if (through === undefined) return total.counts();
      after = through;
      // On SQLite every statement runs on the server's one thread: requests waiting since the
      // last slice are answered before the next one.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

/** One slice of a report: the visits whose ids are after `after` and up to `through`. */
interface Slice extends FunnelQuery {
  after?: string;
  through?: string;
}

const DAY_MS = 86_400_000;

function eventRow(event: FunnelEvent, receivedAt: number) {
  return {
    flow_id: event.flow,
    flow_version: event.version,
    visit_id: event.visit,
    seq: event.seq,
    step: event.step,
    transition: event.transition,
    client_time: event.at,
    received_at: receivedAt,
    experiment_id: event.experiment ?? null,
    variant: event.variant ?? null,
  };
}

/**
 * The events each visit has room for (the first ones), and the rest. Counting a visit's events
 * reads the unique key's `visit_id` prefix: at most the limit's worth of index entries.
 */
async function withinVisitLimits(
  db: Kysely<FunnelTables>,
  events: readonly FunnelEvent[],
  perVisit: number,
): Promise<{ kept: FunnelEvent[]; overVisit: FunnelEvent[] }> {
  if (perVisit <= 0) return { kept: [...events], overVisit: [] };
  const room = new Map<string, number>();
  for (const visit of new Set(events.map((event) => event.visit))) {
    const row = await db
      .selectFrom('flow_events')
      .select((eb) => eb.fn.countAll<number>().as('events'))
      .where('visit_id', '=', visit)
      .executeTakeFirst();
    room.set(visit, perVisit - Number(row?.events ?? 0));
  }
  const kept: FunnelEvent[] = [];
  const overVisit: FunnelEvent[] = [];
  for (const event of events) {
    const left = room.get(event.visit)!;
    room.set(event.visit, left - 1);
    (left > 0 ? kept : overVisit).push(event);
  }
  return { kept, overVisit };
}

/** Dropped events as counter increments, one per flow version and day (sorted: no deadlock). */
function dropRows(events: readonly FunnelEvent[], reason: DropReason, receivedAt: number) {
  const day = receivedAt - (receivedAt % DAY_MS);
  const counts = new Map<string, { flow_id: string; flow_version: number; events: number }>();
  for (const event of events) {
    const key = JSON.stringify([event.flow, event.version]);
    const row = counts.get(key) ?? { flow_id: event.flow, flow_version: event.version, events: 0 };
    row.events++;
    counts.set(key, row);
  }
  return [...counts.keys()].sort().map((key) => ({ ...counts.get(key)!, day, reason }));
}

/**
 * The id of the visit that ends a slice of `rows` events after `after` (the slice takes all of
 * that visit's events); undefined when fewer are left. Index entries only, `rows` of them.
 */
async function sliceEnd(
  db: Kysely<FunnelTables>,
  query: FunnelQuery,
  after: string | undefined,
  rows: number,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('flow_events')
    .select('visit_id')
    .where('flow_id', '=', query.flowId)
    .where('flow_version', '=', query.version)
    .$if(after !== undefined, (qb) => qb.where('visit_id', '>', after!))
    .orderBy('visit_id')
    .limit(1)
    .offset(rows - 1)
    .executeTakeFirst();
  return row?.visit_id;
}

/**
 * The slices' counts added up as they are read: each visit is counted in one slice, so distinct
 * counts add up. It holds one row per step, transition and ending, however many slices.
 */
function runningTotal() {
  let visitors = 0;
  let completed = 0;
  const events = new Map<string, EventCount>();
  const lastEvents = new Map<string, EventCount>();
  const endings = new Map<string, number>();
  const addRows = (total: Map<string, EventCount>, rows: readonly EventCount[]) => {
    for (const row of rows) {
      const key = JSON.stringify([row.step, row.transition]);
      const sum = total.get(key);
      if (sum) sum.visits += row.visits;
      else total.set(key, { ...row });
    }
  };
  // In one order whatever the slices: steps, then "shown" before each transition (null sorts as
  // '', which no transition is).
  const ordered = (total: Map<string, EventCount>) =>
    [...total.values()].sort(
      (a, b) => compare(a.step, b.step) || compare(a.transition ?? '', b.transition ?? ''),
    );
  return {
    add(slice: FunnelCounts) {
      visitors += slice.visitors;
      completed += slice.completed;
      addRows(events, slice.events);
      addRows(lastEvents, slice.lastEvents);
      for (const row of slice.endings) {
        endings.set(row.ending, (endings.get(row.ending) ?? 0) + row.visits);
      }
    },
    counts: (): FunnelCounts => ({
      visitors,
      completed,
      events: ordered(events),
      endings: [...endings].map(([ending, visits]) => ({ ending, visits })),
      lastEvents: ordered(lastEvents),
    }),
  };
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The counts of one slice of visits, aggregated in SQL. */
async function sliceCounts(
  db: Kysely<FunnelTables>,
  query: Slice,
  endingOf: ReadonlyMap<string, string>,
): Promise<FunnelCounts> {
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

const toCount = (row: EventCount): EventCount => ({
  step: row.step,
  transition: row.transition,
  visits: Number(row.visits),
});

/** The rows of one flow version in the period and the slice, on the table aliased `alias`. */
function scope(alias: string, query: Slice): RawBuilder<unknown> {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  const conditions = [
    sql`${column('flow_id')} = ${query.flowId}`,
    sql`${column('flow_version')} = ${query.version}`,
  ];
  if (query.since !== undefined) conditions.push(sql`${column('received_at')} >= ${query.since}`);
  if (query.until !== undefined) conditions.push(sql`${column('received_at')} < ${query.until}`);
  if (query.after !== undefined) conditions.push(sql`${column('visit_id')} > ${query.after}`);
  if (query.through !== undefined) conditions.push(sql`${column('visit_id')} <= ${query.through}`);
  return sql.join(conditions, sql` AND `);
}
