/**
 * The statements every delivery queue runs, whichever table holds it: the lead outbox's
 * `lead_deliveries` (outbox-store.ts) and partial leads' `partial_lead_deliveries`
 * (partial-delivery-store.ts). Both tables have the same delivery columns; they differ in what
 * a row belongs to (`lead_id` or `partial_id`) and in which rows may be claimed (`eligible`: a
 * partial lead's only while it is kept and unfinished). One definition of leasing, recording an
 * outcome, releasing, requeueing and the next due time serves both.
 */
import { sql, type Kysely, type RawBuilder, type Updateable } from 'kysely';
import type { Dialect } from '@/site/server/db/database';
import type { AttemptRecord, ClaimOptions, RequeueSelector } from './lead-store';
import type { DeliveryTable } from './outbox-schema';

/** The columns both delivery tables share, by the same names. */
export type SharedDeliveryTable = Omit<DeliveryTable, 'lead_id'>;
type Tables = Record<DeliveryTableName, SharedDeliveryTable>;

export type DeliveryTableName = 'lead_deliveries' | 'partial_lead_deliveries';

/** A delivery table, the column naming its owner, and which of its rows may be claimed. */
export interface DeliveryQueueTable {
  table: DeliveryTableName;
  owner: 'lead_id' | 'partial_id';
  /** An extra condition on the row (alias `d`) for it to be claimed or waited for. */
  eligible?: RawBuilder<unknown>;
}

/** A Kysely over any site database, typed for the shared columns only. */
const shared = <DB>(db: Kysely<DB>) => db as unknown as Kysely<Tables>;

const clip = (text: string | undefined) => (text === undefined ? null : text.slice(0, 4000));

/**
 * Leases up to `limit` due pending deliveries (optionally only the given owners') for `leaseMs`
 * and counts the attempt, in one statement. A lease that outlived its holder marks that earlier
 * attempt in doubt. On PostgreSQL rows another instance is claiming are skipped, not waited for.
 * Rows come back oldest due first, ties by insertion.
 */
export async function claimDueRows<Row extends { id: number; next_attempt_at: number | null }, DB>(
  db: Kysely<DB>,
  dialect: Dialect,
  queue: DeliveryQueueTable,
  due: { now: number; limit: number; leaseMs: number; owners?: string[] },
  options: ClaimOptions = {},
): Promise<Row[]> {
  const { now, limit, leaseMs, owners } = due;
  if (owners?.length === 0) return [];
  const table = sql.table(queue.table);
  const only = owners ? sql`AND d.${sql.ref(queue.owner)} IN (${sql.join(owners)})` : sql``;
  const to = options.destination ? sql`AND d.destination = ${options.destination}` : sql``;
  const eligible = queue.eligible ? sql`AND ${queue.eligible}` : sql``;
  const unleased =
    options.takeOverExpired === false
      ? sql`d.in_flight_until IS NULL`
      : sql`(d.in_flight_until IS NULL OR d.in_flight_until < ${now})`;
  const skipLocked = dialect === 'postgres' ? sql`FOR UPDATE SKIP LOCKED` : sql``;
  // The due rows are picked once (a CTE is evaluated once), then leased by id: PostgreSQL
  // could otherwise run an IN subquery again and lease rows it did not pick.
  const { rows } = await sql<Row>`WITH picked AS (SELECT d.id FROM ${table} d
      WHERE d.status = 'pending' AND d.next_attempt_at <= ${now}
        AND ${unleased} ${only} ${to} ${eligible}
      ORDER BY d.next_attempt_at, d.id LIMIT ${limit} ${skipLocked})
    UPDATE ${table}
    SET in_flight_until = ${now + leaseMs}, attempts = attempts + 1, updated_at = ${now},
      in_doubt = in_doubt + (CASE WHEN in_flight_until IS NULL THEN 0 ELSE 1 END)
    WHERE id IN (SELECT id FROM picked)
    RETURNING *`.execute(db);
  // RETURNING keeps no order.
  return rows.sort((a, b) => (a.next_attempt_at ?? 0) - (b.next_attempt_at ?? 0) || a.id - b.id);
}

/** What an attempt's outcome writes on its delivery row, releasing the lease. */
export function outcomeColumns(
  outcome: AttemptRecord,
  now: number,
): Updateable<SharedDeliveryTable> {
  const common = {
    in_flight_until: null,
    last_status: outcome.httpStatus ?? null,
    last_response: clip(outcome.response),
    updated_at: now,
  };
  if (outcome.status === 'delivered') {
    return {
      ...common,
      status: 'delivered',
      hold_kind: null,
      next_attempt_at: null,
      last_error: null,
      delivered_at: now,
    };
  }
  if (outcome.status === 'pending') {
    return {
      ...common,
      next_attempt_at: outcome.nextAttemptAt,
      last_error: outcome.error,
      ...(outcome.dropContext ? { dropped_context: JSON.stringify(outcome.dropContext) } : {}),
      ...(outcome.dropFields
        ? {
            dropped_fields: JSON.stringify({
              ...outcome.dropFields,
              response: clip(outcome.dropFields.response),
            }),
          }
        : {}),
    };
  }
  return {
    ...common,
    status: outcome.status,
    hold_kind: outcome.status === 'held' ? outcome.holdKind : null,
    next_attempt_at: null,
    last_error: outcome.error,
  };
}

/** Writes an attempt's outcome on delivery `deliveryId` of `table`. */
export async function recordOutcome<DB>(
  db: Kysely<DB>,
  table: DeliveryTableName,
  deliveryId: number,
  outcome: AttemptRecord,
  now: number,
): Promise<void> {
  await shared(db)
    .updateTable(table)
    .set(outcomeColumns(outcome, now))
    .where('id', '=', deliveryId)
    .execute();
}

/**
 * After a restart of the only worker no attempt is in flight: a lease left behind means the
 * process died while sending. Such attempts are counted in doubt and retried. Each destination's
 * worker releases only its own: another's may be sending right now.
 */
export async function releaseStaleLeases<DB>(
  db: Kysely<DB>,
  table: DeliveryTableName,
  destination?: string,
): Promise<number> {
  let update = shared(db)
    .updateTable(table)
    .set((eb) => ({ in_flight_until: null, in_doubt: eb('in_doubt', '+', 1) }))
    .where('status', '=', 'pending')
    .where('in_flight_until', 'is not', null);
  if (destination) update = update.where('destination', '=', destination);
  return Number((await update.executeTakeFirst()).numUpdatedRows);
}

/**
 * Puts held (and, for one owner, failed) deliveries back in the queue, due now; a person's
 * requeue sends every field again (the refused ones may have been added in HubSpot since).
 */
export async function requeueRows<DB>(
  db: Kysely<DB>,
  queue: DeliveryQueueTable,
  selector: RequeueSelector,
  now: number,
): Promise<number> {
  const byPerson = !('unconfiguredOnly' in selector);
  const owner = sql.ref<string>(queue.owner);
  let update = shared(db)
    .updateTable(queue.table)
    .set({
      status: 'pending',
      hold_kind: null,
      next_attempt_at: now,
      updated_at: now,
      ...(byPerson ? { dropped_fields: null } : {}),
    });
  if ('replay' in selector) {
    // Sent again whatever became of it, delivered included: a person asked for it.
    update = update
      .where(owner, '=', selector.leadId)
      .where('destination', '=', selector.destination);
  } else if ('leadId' in selector) {
    update = update
      .where(owner, '=', selector.leadId)
      .where('status', 'in', ['held', 'failed', 'pending']);
  } else {
    update = update.where('status', '=', 'held');
    if ('unconfiguredOnly' in selector) update = update.where('hold_kind', '=', 'unconfigured');
  }
  return Number((await update.executeTakeFirst()).numUpdatedRows);
}

/** Gives back claims taken but not sent (their attempt is not counted). */
export async function releaseClaims<DB>(
  db: Kysely<DB>,
  table: DeliveryTableName,
  deliveryIds: number[],
): Promise<void> {
  if (deliveryIds.length === 0) return;
  await shared(db)
    .updateTable(table)
    .set((eb) => ({ in_flight_until: null, attempts: eb('attempts', '-', 1) }))
    .where('id', 'in', deliveryIds)
    .where('status', '=', 'pending')
    .execute();
}

/** Time of the earliest due pending delivery (of one destination) a claim may take, if any. */
export async function nextDueAt<DB>(
  db: Kysely<DB>,
  queue: DeliveryQueueTable,
  destination?: string,
): Promise<number | undefined> {
  const to = destination ? sql`AND d.destination = ${destination}` : sql``;
  const eligible = queue.eligible ? sql`AND ${queue.eligible}` : sql``;
  const { rows } = await sql<{ at: number | string | null }>`SELECT MIN(d.next_attempt_at) AS at
    FROM ${sql.table(queue.table)} d WHERE d.status = 'pending' ${to} ${eligible}`.execute(db);
  const at = rows[0]?.at;
  return at === null || at === undefined ? undefined : Number(at);
}
