/**
 * The `LeadStore` (guarantees in lead-store.ts) over the site database, SQLite or PostgreSQL:
 * leads, their HubSpot deliveries and their files. Writes from the request path go through a
 * group commit; a worker claims due deliveries with a lease, so two workers (another instance, or
 * `npm run leads -- retry`) never send one twice, and a lease left by a killed instance is taken
 * over once it expires.
 */
import { CompiledQuery, sql, type Transaction } from 'kysely';
import { isUniqueViolation, type Dialect, type SiteDatabase } from '@/site/server/db/database';
import { GroupCommit } from './group-commit';
import { leadContact } from './lead-contact';
import {
  DuplicateLeadError,
  type AttemptRecord,
  type ClaimOptions,
  type LeadStore,
  type RequeueSelector,
  type SendSlots,
} from './lead-store';
import { HUBSPOT_DESTINATION, type DeliveryRow, type NewLead } from './lead-types';
import {
  claimDueRows,
  nextDueAt,
  recordOutcome,
  releaseClaims,
  releaseStaleLeases,
  requeueRows,
  type DeliveryQueueTable,
} from './delivery-statements';
import { OutboxQueries } from './outbox-queries';
import { toDelivery, type DeliveryRecord } from './outbox-rows';
import type { OutboxTables } from './outbox-schema';

/**
 * The statements every lead runs, written once as SQL text for both dialects: a lead is three to
 * five rows, and building each through the query builder cost more than running it (a third of
 * the request's CPU in `npm run bench:leads`).
 */
class FixedStatement {
  private readonly text: Record<Dialect, string>;

  constructor(table: string, columns: string) {
    const names = columns.split(', ');
    const values = (mark: (i: number) => string) => names.map((_, i) => mark(i + 1)).join(', ');
    const head = `INSERT INTO ${table} (${columns}) VALUES`;
    this.text = {
      sqlite: `${head} (${values(() => '?')})`,
      postgres: `${head} (${values((i) => `$${i}`)})`,
    };
  }

  compile(dialect: Dialect, parameters: unknown[]): CompiledQuery {
    return CompiledQuery.raw(this.text[dialect], parameters);
  }
}

const insertLeadRow = new FixedStatement(
  'leads',
  'id, flow_id, flow_version, answers, hidden, search_text, page_uri, page_name, hutk, client_ip, submitted_at, received_at, idempotency_key, experiment_id, experiment_variant',
);
const insertDeliveryRow = new FixedStatement(
  'lead_deliveries',
  'lead_id, destination, form_key, body, next_attempt_at, updated_at, status',
);
const insertFileRow = new FixedStatement(
  'lead_files',
  'token, lead_id, field, original_name, stored_name, mime, size, created_at',
);

/**
 * What staff search a lead by: who it is from (leadContact: name, e-mail, phone), lower-cased,
 * the phone also as its digits.
 */
export function searchText(answers: unknown): string {
  const { name, email, phone } = leadContact(answers);
  return [name, email, phone, phone?.replace(/\D/g, '')]
    .filter((part): part is string => Boolean(part))
    .join(' ')
    .toLowerCase();
}

/** Keeps a provider response readable in the outbox without letting a huge body bloat it. */
const clip = (text: string | undefined) => (text === undefined ? null : text.slice(0, 4000));

/** The lead outbox's delivery queue: every pending row may be claimed. */
const LEAD_DELIVERIES: DeliveryQueueTable = { table: 'lead_deliveries', owner: 'lead_id' };

export class OutboxStore extends OutboxQueries implements LeadStore {
  private readonly commits = new GroupCommit<OutboxTables>(() => this.db());

  constructor(database: () => Promise<SiteDatabase>) {
    super(database);
  }

  /** Commits a lead with its deliveries (due now) and files; resolves once it is durable. */
  async insertLead(lead: NewLead): Promise<string> {
    try {
      const { site } = await this.handle();
      return await this.commits.run((trx) => this.writeLead(trx, site.dialect, lead));
    } catch (error) {
      // The same key committed by a concurrent request (or another instance) in the meantime.
      const key = lead.idempotencyKey;
      if (key === undefined || !isUniqueViolation(error)) throw error;
      const existing = await this.findByIdempotencyKey(lead.flowId, key);
      throw existing ? new DuplicateLeadError(existing) : error;
    }
  }

  private async writeLead(
    trx: Transaction<OutboxTables>,
    dialect: Dialect,
    lead: NewLead,
  ): Promise<string> {
    // Checked inside the transaction, in the order the leads arrived: of two with one key in one
    // group commit, the first is stored and the second refused.
    if (lead.idempotencyKey !== undefined) {
      const existing = await trx
        .selectFrom('leads')
        .select('id')
        .where('flow_id', '=', lead.flowId)
        .where('idempotency_key', '=', lead.idempotencyKey)
        .executeTakeFirst();
      if (existing) throw new DuplicateLeadError(existing.id);
    }
    const due = lead.receivedAt;
    await trx.executeQuery(
      insertLeadRow.compile(dialect, [
        lead.id,
        lead.flowId,
        lead.flowVersion ?? null,
        JSON.stringify(lead.answers),
        JSON.stringify(lead.hidden ?? {}),
        searchText(lead.answers),
        lead.pageUri,
        lead.pageName,
        lead.hutk ?? null,
        lead.clientIp ?? null,
        lead.submittedAt,
        due,
        lead.idempotencyKey ?? null,
        lead.experiment?.id ?? null,
        lead.experiment?.variant ?? null,
      ]),
    );
    // One delivery per HubSpot form key, and one per webhook (form key ''), each on its own.
    const deliveries = [
      ...lead.submissions.map(({ formKey, body }) => [HUBSPOT_DESTINATION, formKey, body]),
      ...(lead.webhooks ?? []).map(({ destination, payload }) => [destination, '', payload]),
    ];
    for (const [destination, formKey, body] of deliveries) {
      await trx.executeQuery(
        insertDeliveryRow.compile(dialect, [
          lead.id,
          destination,
          formKey,
          JSON.stringify(body),
          due,
          due,
          'pending',
        ]),
      );
    }
    for (const file of lead.files) {
      await trx.executeQuery(
        insertFileRow.compile(dialect, [
          file.token,
          lead.id,
          file.field,
          file.originalName,
          file.storedName,
          file.mime,
          file.size,
          due,
        ]),
      );
    }
    return lead.id;
  }

  async findByIdempotencyKey(flowId: string, key: string): Promise<string | undefined> {
    const db = await this.db();
    const row = await db
      .selectFrom('leads')
      .select('id')
      .where('flow_id', '=', flowId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    return row?.id;
  }

  /**
   * Leases up to `limit` due pending deliveries (optionally only the given leads') for `leaseMs`
   * and counts the attempt, in one statement. A lease that outlived its holder marks that earlier
   * attempt in doubt. On PostgreSQL rows another instance is claiming are skipped, not waited for.
   */
  async claimDue(
    now: number,
    limit: number,
    leaseMs: number,
    leadIds?: string[],
    options: ClaimOptions = {},
  ): Promise<DeliveryRow[]> {
    const { db, site } = await this.handle();
    const rows = await claimDueRows<DeliveryRecord, OutboxTables>(
      db,
      site.dialect,
      LEAD_DELIVERIES,
      { now, limit, leaseMs, ...(leadIds ? { owners: leadIds } : {}) },
      options,
    );
    return rows.map(toDelivery);
  }

  /** Records an attempt's outcome and releases the lease (group-committed). */
  recordAttempt(deliveryId: number, outcome: AttemptRecord, now = Date.now()): Promise<void> {
    return this.commits.run(async (trx) => {
      // Every attempt is kept with HubSpot's answer; the delivery row holds only the last.
      await sql`INSERT INTO lead_attempts
          (delivery_id, lead_id, form_key, at, outcome, http_status, response, error)
        SELECT id, lead_id, form_key, ${now}, ${outcome.status}, ${outcome.httpStatus ?? null},
          ${clip(outcome.response)}, ${'error' in outcome ? outcome.error : null}
        FROM lead_deliveries WHERE id = ${deliveryId}`.execute(trx);
      await recordOutcome<OutboxTables>(trx, 'lead_deliveries', deliveryId, outcome, now);
    });
  }

  /** Marks a lead handled by a person (their e-mail address); false when there is no such lead. */
  async markHandled(leadId: string, by: string, now = Date.now()): Promise<boolean> {
    const result = await (
      await this.db()
    )
      .updateTable('leads')
      .set({ handled_at: now, handled_by: by })
      .where('id', '=', leadId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * After a restart of the only worker no attempt is in flight: a lease left behind means the
   * process died while calling HubSpot. Such attempts are counted in doubt and retried (HubSpot
   * has no idempotency key, so at-least-once is the best any sender can do there). With several
   * instances on one database the worker does not call this: expired leases are taken over.
   */
  async releaseStaleLeases(destination?: string): Promise<number> {
    return releaseStaleLeases(await this.db(), 'lead_deliveries', destination);
  }

  /**
   * Puts held (and, for one lead, failed) deliveries back in the queue, due now; a person's
   * requeue sends every field again (the refused ones may have been added in HubSpot since).
   */
  async requeue(selector: RequeueSelector, now = Date.now()): Promise<number> {
    return requeueRows(await this.db(), LEAD_DELIVERIES, selector, now);
  }

  async releaseClaims(deliveryIds: number[]): Promise<void> {
    await releaseClaims(await this.db(), 'lead_deliveries', deliveryIds);
  }

  /**
   * One statement on the one `lead_sending` row, so it is atomic on both dialects: a window that
   * has ended starts again at `now`; the grant is what the window has left, none while paused.
   */
  async takeSendSlots(
    now: number,
    wanted: number,
    limit: number,
    windowMs: number,
  ): Promise<SendSlots> {
    const db = await this.db();
    const expired = sql`window_start + ${windowMs} <= ${now}`;
    const base = sql`(CASE WHEN ${expired} THEN 0 ELSE window_count END)`;
    const grant = sql`(CASE WHEN paused_until > ${now} THEN 0
      WHEN ${base} + ${wanted} <= ${limit} THEN ${wanted}
      WHEN ${base} >= ${limit} THEN 0 ELSE ${limit} - ${base} END)`;
    const { rows } = await sql<{ last_grant: number; paused_until: number; window_start: number }>`
      UPDATE lead_sending SET
        window_start = CASE WHEN ${expired} THEN ${now} ELSE window_start END,
        window_count = ${base} + ${grant},
        last_grant = ${grant}
      WHERE id = 1
      RETURNING last_grant, paused_until, window_start`.execute(db);
    const row = rows[0];
    if (!row) throw new Error('lead_sending has no row: run the migrations');
    return {
      granted: row.last_grant,
      pausedUntil: row.paused_until > now ? row.paused_until : 0,
      windowEndsAt: row.window_start + windowMs,
    };
  }

  async pauseSending(until: number): Promise<void> {
    const db = await this.db();
    await db
      .updateTable('lead_sending')
      .set({ paused_until: until })
      .where('id', '=', 1)
      .where('paused_until', '<', until)
      .execute();
  }

  /** Time of the earliest due pending delivery (of one destination), if any. */
  async nextDueAt(destination?: string): Promise<number | undefined> {
    return nextDueAt(await this.db(), LEAD_DELIVERIES, destination);
  }

  async setFileHubspotUrl(token: string, url: string): Promise<void> {
    const db = await this.db();
    await db
      .updateTable('lead_files')
      .set({ hubspot_url: url })
      .where('token', '=', token)
      .execute();
  }
}
