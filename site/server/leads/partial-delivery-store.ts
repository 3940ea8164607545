/**
 * Partial leads' HubSpot deliveries over the site database (SQLite or PostgreSQL): the queue the
 * delivery worker serves for a flow with `saveProgress.formKey`, with the outbox's guarantees —
 * a claim leases atomically (PostgreSQL skips rows another instance is claiming), an outcome is
 * recorded with the same statuses, holds and backoff, and HubSpot's site-wide send window and
 * 429 pause are the lead outbox's own (`sending`): a partial lead never gets HubSpot's budget
 * twice.
 *
 * Why a twin of the outbox's delivery statements rather than rows of `lead_deliveries`: those
 * belong to a lead (a foreign key to `leads`, and every inbox count, status and export reads
 * them). A partial lead is not a lead until it is finished, and then it is sent as the lead.
 *
 * What is claimed is checked at the claim, in the same statement: only a delivery whose partial
 * lead is still kept and unfinished. A finished partial lead is never sent (the lead goes to its
 * own forms); a forgotten or expired one has no deliveries left (they are deleted with it).
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { BuiltSubmission } from '@/engine';
import type { SiteDatabase } from '@/site/server/db/database';
import type {
  AttemptRecord,
  ClaimOptions,
  DeliveryQueue,
  LeadStore,
  RequeueSelector,
  SendSlots,
} from './lead-store';
import type { DeliveryRow, DeliveryStatus } from './lead-types';
import {
  claimDueRows,
  nextDueAt,
  recordOutcome,
  releaseClaims,
  releaseStaleLeases,
  requeueRows,
  type DeliveryQueueTable,
} from './delivery-statements';
import { toDelivery } from './outbox-rows';
import type {
  PartialDeliveryKind,
  PartialDeliveryTable,
  PartialDeliveryTables,
} from './partial-delivery-schema';
import type { PartialLeadTables } from './partial-lead-schema';

/** How long a visitor must stop saving before their latest answers are sent: 30 minutes. */
export const PARTIAL_QUIET_MS = 30 * 60_000;

/** A partial lead's delivery as staff see it beside the partial lead. */
export interface PartialDeliveryStatus {
  kind: PartialDeliveryKind;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: number | null;
  deliveredAt: number | null;
  lastError: string | null;
}

type Tables = PartialDeliveryTables & PartialLeadTables;

/** Only a partial lead still kept and unfinished has its deliveries claimed. */
const PARTIAL_DELIVERIES: DeliveryQueueTable = {
  table: 'partial_lead_deliveries',
  owner: 'partial_id',
  eligible: sql`EXISTS (SELECT 1 FROM partial_leads p WHERE p.id = d.partial_id AND p.lead_id IS NULL)`,
};

/** A claimed row as the worker reads a delivery: the partial lead's id stands for a lead's. */
type PartialDeliveryRecord = Selectable<PartialDeliveryTable>;
const toRow = ({ partial_id, kind: _kind, ...row }: PartialDeliveryRecord) =>
  toDelivery({ ...row, lead_id: partial_id });

export class PartialDeliveryStore implements DeliveryQueue {
  constructor(
    private readonly database: () => Promise<SiteDatabase>,
    /** The lead outbox: HubSpot's send window and pause, which every HubSpot sender shares. */
    private readonly sending: Pick<LeadStore, 'takeSendSlots' | 'pauseSending'>,
    /** How long the visitor must stop saving before the latest answers go (`stopped`). */
    private readonly quietMs = PARTIAL_QUIET_MS,
  ) {}

  private async handle() {
    const site = await this.database();
    return { site, db: site.db.withTables<Tables>() as Kysely<Tables> };
  }

  /**
   * Queues a save's HubSpot body: the partial lead's first save is due now (`saved`); a later one
   * (re)arms `stopped`, due once no save has come for the quiet period, with these latest
   * answers. `stopped` is sent once: after it went, or while it is being sent, a save changes
   * nothing. Resolves with the kind queued, or undefined when none was.
   */
  async queue(
    partialId: string,
    submission: BuiltSubmission,
    now: number,
  ): Promise<PartialDeliveryKind | undefined> {
    const { db } = await this.handle();
    const row = (kind: PartialDeliveryKind, due: number) => ({
      partial_id: partialId,
      kind,
      form_key: submission.formKey,
      body: JSON.stringify(submission.body),
      status: 'pending' as const,
      next_attempt_at: due,
      updated_at: now,
      dropped_fields: null,
      hold_kind: null,
      in_flight_until: null,
      last_status: null,
      last_response: null,
      last_error: null,
      delivered_at: null,
    });
    const first = await db
      .insertInto('partial_lead_deliveries')
      .values(row('saved', now))
      .onConflict((oc) => oc.columns(['partial_id', 'kind']).doNothing())
      .executeTakeFirst();
    if (Number(first.numInsertedOrUpdatedRows ?? 0) === 1) return 'saved';
    const latest = await db
      .insertInto('partial_lead_deliveries')
      .values(row('stopped', now + this.quietMs))
      .onConflict((oc) =>
        oc
          .columns(['partial_id', 'kind'])
          .doUpdateSet((eb) => ({
            form_key: eb.ref('excluded.form_key'),
            body: eb.ref('excluded.body'),
            next_attempt_at: eb.ref('excluded.next_attempt_at'),
            updated_at: eb.ref('excluded.updated_at'),
          }))
          .where('partial_lead_deliveries.status', '=', 'pending')
          .where('partial_lead_deliveries.in_flight_until', 'is', null),
      )
      .executeTakeFirst();
    return Number(latest.numInsertedOrUpdatedRows ?? 0) === 1 ? 'stopped' : undefined;
  }

  /** Leases due deliveries of unfinished, kept partial leads (`LeadStore.claimDue`'s contract). */
  async claimDue(
    now: number,
    limit: number,
    leaseMs: number,
    partialIds?: string[],
    options: ClaimOptions = {},
  ): Promise<DeliveryRow[]> {
    const { db, site } = await this.handle();
    const rows = await claimDueRows<PartialDeliveryRecord, Tables>(
      db,
      site.dialect,
      PARTIAL_DELIVERIES,
      { now, limit, leaseMs, ...(partialIds ? { owners: partialIds } : {}) },
      options,
    );
    return rows.map(toRow);
  }

  /** Records an attempt's outcome and releases the lease, as the outbox does (no attempt log). */
  async recordAttempt(deliveryId: number, outcome: AttemptRecord, now = Date.now()) {
    const { db } = await this.handle();
    await recordOutcome(db, 'partial_lead_deliveries', deliveryId, outcome, now);
  }

  async releaseStaleLeases(destination?: string): Promise<number> {
    const { db } = await this.handle();
    return releaseStaleLeases(db, 'partial_lead_deliveries', destination);
  }

  /** `LeadStore.requeue`'s selectors, a partial lead's id standing for the lead's. */
  async requeue(selector: RequeueSelector, now = Date.now()): Promise<number> {
    const { db } = await this.handle();
    return requeueRows(db, PARTIAL_DELIVERIES, selector, now);
  }

  async releaseClaims(deliveryIds: number[]): Promise<void> {
    const { db } = await this.handle();
    await releaseClaims(db, 'partial_lead_deliveries', deliveryIds);
  }

  takeSendSlots(now: number, wanted: number, limit: number, windowMs: number): Promise<SendSlots> {
    return this.sending.takeSendSlots(now, wanted, limit, windowMs);
  }

  pauseSending(until: number): Promise<void> {
    return this.sending.pauseSending(until);
  }

  /** The earliest due delivery that a claim would take (a finished partial lead's never is). */
  async nextDueAt(destination?: string): Promise<number | undefined> {
    const { db } = await this.handle();
    return nextDueAt(db, PARTIAL_DELIVERIES, destination);
  }

  /** The deliveries of these partial leads, by partial lead, `saved` first. */
  async statusesOf(partialIds: string[]): Promise<Map<string, PartialDeliveryStatus[]>> {
    const found = new Map<string, PartialDeliveryStatus[]>();
    if (partialIds.length === 0) return found;
    const { db } = await this.handle();
    const rows = await db
      .selectFrom('partial_lead_deliveries')
      .select([
        'partial_id',
        'kind',
        'status',
        'attempts',
        'next_attempt_at',
        'delivered_at',
        'last_error',
      ])
      .where('partial_id', 'in', partialIds)
      .orderBy('id')
      .execute();
    for (const row of rows) {
      const list = found.get(row.partial_id) ?? [];
      list.push({
        kind: row.kind,
        status: row.status,
        attempts: Number(row.attempts),
        nextAttemptAt: row.next_attempt_at === null ? null : Number(row.next_attempt_at),
        deliveredAt: row.delivered_at === null ? null : Number(row.delivered_at),
        lastError: row.last_error,
      });
      found.set(row.partial_id, list);
    }
    return found;
  }
}
