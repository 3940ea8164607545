/**
 * The read side of the SQLite outbox: leads with their derived status, one lead in full, files by
 * token, and counts (the `LeadStore` reads; the guarantees are written in lead-store.ts).
 */
import { getDatabase, type Db } from '@/site/server/db/database';
import type { LeadStats } from './lead-store';
import type {
  DeliveryRow,
  DeliveryStatus,
  LeadDetail,
  LeadSummary,
  StoredFile,
} from './lead-types';
import {
  leadStatusCountSql,
  leadSummarySql,
  toDelivery,
  toLeadSummary,
  toStoredFile,
  type DeliveryRecord,
  type FileRecord,
  type LeadRecord,
} from './outbox-rows';
import { asPromise } from './as-promise';
import './outbox-schema';

export class OutboxQueries {
  constructor(protected readonly db: () => Db = getDatabase) {}

  listLeads(options: { status?: DeliveryStatus; limit?: number } = {}): Promise<LeadSummary[]> {
    return asPromise(() => {
      const limit = options.limit ? `LIMIT ${Math.floor(options.limit)}` : '';
      return this.db()
        .prepare<unknown[], LeadRecord>(
          `${leadSummarySql('', options.status ? 'HAVING status = ?' : '')}
           ORDER BY l.received_at, l.id ${limit}`,
        )
        .all(...(options.status ? [options.status] : []))
        .map(toLeadSummary);
    });
  }

  async getLead(id: string): Promise<LeadDetail | undefined> {
    const row = this.db().prepare<[string], LeadRecord>(leadSummarySql('WHERE l.id = ?')).get(id);
    if (!row) return undefined;
    return {
      ...toLeadSummary(row),
      hutk: row.hutk,
      answers: JSON.parse(row.answers) as unknown,
      deliveries: await this.deliveriesOf(id),
      files: await this.filesOf(id),
    };
  }

  deliveriesOf(leadId: string): Promise<DeliveryRow[]> {
    return asPromise(() => {
      return this.db()
        .prepare<[string], DeliveryRecord>(
          'SELECT * FROM lead_deliveries WHERE lead_id = ? ORDER BY id',
        )
        .all(leadId)
        .map(toDelivery);
    });
  }

  fileByToken(token: string): Promise<(StoredFile & { hubspotUrl: string | null }) | undefined> {
    return asPromise(() => {
      const row = this.db()
        .prepare<[string], FileRecord>('SELECT * FROM lead_files WHERE token = ?')
        .get(token);
      return row && toStoredFile(row);
    });
  }

  filesOf(leadId: string): Promise<(StoredFile & { hubspotUrl: string | null })[]> {
    return asPromise(() => {
      return this.db()
        .prepare<[string], FileRecord>('SELECT * FROM lead_files WHERE lead_id = ? ORDER BY field')
        .all(leadId)
        .map(toStoredFile);
    });
  }

  stats(): Promise<LeadStats> {
    return asPromise(() => {
      const db = this.db();
      const zero = () => ({ pending: 0, delivered: 0, held: 0, failed: 0 });
      const leads = zero();
      for (const row of db
        .prepare<[], { status: DeliveryStatus; n: number }>(leadStatusCountSql)
        .all())
        leads[row.status] = row.n;
      const deliveries = zero();
      for (const row of db
        .prepare<[], { status: DeliveryStatus; n: number }>(
          'SELECT status, COUNT(*) AS n FROM lead_deliveries GROUP BY status',
        )
        .all())
        deliveries[row.status] = row.n;
      const byFlow: Record<string, number> = {};
      for (const row of db
        .prepare<[], { flow_id: string; n: number }>(
          'SELECT flow_id, COUNT(*) AS n FROM leads GROUP BY flow_id ORDER BY flow_id',
        )
        .all())
        byFlow[row.flow_id] = row.n;
      const extra = db
        .prepare<[], { oldest: number | null; doubt: number | null }>(
          `SELECT MIN(CASE WHEN d.status = 'pending' THEN l.received_at END) AS oldest,
             SUM(d.in_doubt) AS doubt FROM lead_deliveries d JOIN leads l ON l.id = d.lead_id`,
        )
        .get();
      return {
        leads,
        deliveries,
        byFlow,
        oldestPendingAt: extra?.oldest ?? null,
        inDoubt: extra?.doubt ?? 0,
      };
    });
  }
}
