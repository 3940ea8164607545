/**
 * The read side of the outbox: leads with their derived status, one lead in full, files by
 * token, and counts (the `LeadStore` reads; the guarantees are written in lead-store.ts).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { onceUntilFailure, type SiteDatabase } from '@/site/server/db/database';
import type { LeadStats, OutboxDepth } from './lead-store';
import type {
  AttemptLogRow,
  DeliveryRow,
  DeliveryStatus,
  LeadDetail,
  LeadFilter,
  LeadSummary,
  StoredFile,
} from './lead-types';
import type { OutboxTables } from './outbox-schema';
import {
  leadStatusCounts,
  leadSummaries,
  toDelivery,
  toLeadSummary,
  toStoredFile,
} from './outbox-rows';

export class OutboxQueries {
  constructor(private readonly database: () => Promise<SiteDatabase>) {}

  /** The database with the outbox's tables typed, and which dialect it speaks. */
  protected readonly handle = onceUntilFailure(async () => {
    const site = await this.database();
    return { db: site.db.withTables<OutboxTables>(), site };
  });

  protected async db(): Promise<Kysely<OutboxTables>> {
    return (await this.handle()).db;
  }

  async listLeads(
    options: { status?: DeliveryStatus; limit?: number } = {},
  ): Promise<LeadSummary[]> {
    const limit = options.limit ? sql`LIMIT ${Math.floor(options.limit)}` : sql``;
    const { rows } = await sql`${leadSummaries(null, options.status)}
      ORDER BY l.received_at, l.id ${limit}`.execute(await this.db());
    return (rows as Parameters<typeof toLeadSummary>[0][]).map(toLeadSummary);
  }

  async searchLeads(
    filter: LeadFilter,
    page?: { limit: number; offset: number },
  ): Promise<{ leads: LeadSummary[]; total: number }> {
    const where: RawBuilder<unknown>[] = [];
    if (filter.flowId) where.push(sql`l.flow_id = ${filter.flowId}`);
    if (filter.from !== undefined) where.push(sql`l.received_at >= ${filter.from}`);
    if (filter.to !== undefined) where.push(sql`l.received_at < ${filter.to}`);
    if (filter.assignedTo === null)
      where.push(sql`NOT EXISTS (SELECT 1 FROM lead_assignments a
        WHERE a.lead_id = l.id AND a.assignee IS NOT NULL)`);
    else if (filter.assignedTo !== undefined)
      where.push(sql`EXISTS (SELECT 1 FROM lead_assignments a
        WHERE a.lead_id = l.id AND a.assignee = ${filter.assignedTo.toLowerCase()})`);
    const words = (filter.query ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
    for (const word of words) {
      const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(sql`l.search_text LIKE ${pattern} ESCAPE '\\'`);
    }
    const condition = where.length > 0 ? sql.join(where, sql` AND `) : null;
    const selected = leadSummaries(condition, filter.status);
    const db = await this.db();
    const ordered = sql`${selected} ORDER BY l.received_at DESC, l.id DESC`;
    if (!page) {
      // Every match (an export): the total is what was read, no second query.
      const { rows } = await ordered.execute(db);
      const leads = (rows as Parameters<typeof toLeadSummary>[0][]).map(toLeadSummary);
      return { leads, total: leads.length };
    }
    const [{ rows }, counted] = await Promise.all([
      sql`${ordered} LIMIT ${Math.max(1, Math.floor(page.limit))}
        OFFSET ${Math.max(0, Math.floor(page.offset))}`.execute(db),
      sql<{ n: number }>`SELECT COUNT(*) AS n FROM (${selected}) matched`.execute(db),
    ]);
    return {
      leads: (rows as Parameters<typeof toLeadSummary>[0][]).map(toLeadSummary),
      total: Number(counted.rows[0]?.n ?? 0),
    };
  }

  async attemptsOf(leadId: string): Promise<AttemptLogRow[]> {
    const rows = await (
      await this.db()
    )
      .selectFrom('lead_attempts')
      .selectAll()
      .where('lead_id', '=', leadId)
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      deliveryId: Number(row.delivery_id),
      formKey: row.form_key,
      at: Number(row.at),
      outcome: row.outcome as AttemptLogRow['outcome'],
      httpStatus: row.http_status,
      response: row.response,
      error: row.error,
    }));
  }

  async getLead(id: string): Promise<LeadDetail | undefined> {
    const { rows } = await leadSummaries(sql`l.id = ${id}`).execute(await this.db());
    const row = rows[0];
    if (!row) return undefined;
    return {
      ...toLeadSummary(row),
      hutk: row.hutk,
      answers: JSON.parse(row.answers) as unknown,
      hidden: JSON.parse(row.hidden) as Record<string, string>,
      deliveries: await this.deliveriesOf(id),
      files: await this.filesOf(id),
    };
  }

  async deliveriesOf(leadId: string): Promise<DeliveryRow[]> {
    const db = await this.db();
    const rows = await db
      .selectFrom('lead_deliveries')
      .selectAll()
      .where('lead_id', '=', leadId)
      .orderBy('id')
      .execute();
    return rows.map(toDelivery);
  }

  /** One file by its token, or every file of a lead by field. */
  private async files(by: 'token' | 'lead_id', value: string) {
    const db = await this.db();
    const rows = await db
      .selectFrom('lead_files')
      .selectAll()
      .where(by, '=', value)
      .orderBy('field')
      .execute();
    return rows.map(toStoredFile);
  }

  async fileByToken(
    token: string,
  ): Promise<(StoredFile & { hubspotUrl: string | null }) | undefined> {
    return (await this.files('token', token))[0];
  }

  filesOf(leadId: string): Promise<(StoredFile & { hubspotUrl: string | null })[]> {
    return this.files('lead_id', leadId);
  }

  async pending(now = Date.now()): Promise<OutboxDepth> {
    const { rows } = await sql<{ n: number; oldest: number | null; due: number | null }>`SELECT
        COUNT(*) AS n, MIN(l.received_at) AS oldest,
        MIN(CASE WHEN d.next_attempt_at <= ${now} THEN d.next_attempt_at END) AS due
      FROM lead_deliveries d JOIN leads l ON l.id = d.lead_id
      WHERE d.status = 'pending'`.execute(await this.db());
    return {
      deliveries: Number(rows[0]?.n ?? 0),
      oldestReceivedAt: rows[0]?.oldest ?? null,
      oldestDueAt: rows[0]?.due ?? null,
    };
  }

  async stats(): Promise<LeadStats> {
    const db = await this.db();
    const zero = () => ({ pending: 0, delivered: 0, held: 0, failed: 0 });
    const leads = zero();
    for (const row of (await leadStatusCounts.execute(db)).rows) leads[row.status] = row.n;
    const deliveries = zero();
    const byStatus = await db
      .selectFrom('lead_deliveries')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute();
    for (const row of byStatus) deliveries[row.status] = Number(row.n);
    const byFlow: Record<string, number> = {};
    const flows = await db
      .selectFrom('leads')
      .select(['flow_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('flow_id')
      .orderBy('flow_id')
      .execute();
    for (const row of flows) byFlow[row.flow_id] = Number(row.n);
    const { rows } = await sql<{ oldest: number | null; doubt: number | null }>`SELECT
        MIN(CASE WHEN d.status = 'pending' THEN l.received_at END) AS oldest,
        SUM(d.in_doubt) AS doubt
      FROM lead_deliveries d JOIN leads l ON l.id = d.lead_id`.execute(db);
    return {
      leads,
      deliveries,
      byFlow,
      oldestPendingAt: rows[0]?.oldest ?? null,
      inDoubt: rows[0]?.doubt ?? 0,
    };
  }
}
