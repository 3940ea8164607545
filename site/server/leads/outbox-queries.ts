/**
 * The read side of the outbox: leads with their derived status, one lead in full, files by
 * token, and counts — what the CLI, the file route and the worker's file resolver ask.
 */
import { getDatabase, type Db } from '@/site/server/db/database';
import type {
  DeliveryRow,
  DeliveryStatus,
  LeadDetail,
  LeadSummary,
  StoredFile,
} from './lead-types';
import './outbox-schema';

export interface DeliveryRecord {
  id: number;
  lead_id: string;
  form_key: string;
  body: string;
  status: DeliveryStatus;
  hold_kind: 'unconfigured' | 'provider' | null;
  attempts: number;
  next_attempt_at: number | null;
  in_doubt: number;
  dropped_context: string;
  last_status: number | null;
  last_response: string | null;
  last_error: string | null;
  delivered_at: number | null;
}

/** The outcome of one attempt, as the worker records it. */

const statusRank: Record<DeliveryStatus, number> = { delivered: 0, pending: 1, held: 2, failed: 3 };
const leadStatusSql = `CASE MAX(CASE d.status WHEN 'failed' THEN 3 WHEN 'held' THEN 2 WHEN 'pending' THEN 1 ELSE 0 END)
  WHEN 3 THEN 'failed' WHEN 2 THEN 'held' WHEN 1 THEN 'pending' ELSE 'delivered' END`;

export function toDelivery(row: DeliveryRecord): DeliveryRow {
  return {
    id: row.id,
    leadId: row.lead_id,
    formKey: row.form_key,
    body: JSON.parse(row.body) as DeliveryRow['body'],
    status: row.status,
    holdKind: row.hold_kind,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    inDoubt: row.in_doubt,
    droppedContext: JSON.parse(row.dropped_context) as string[],
    lastStatus: row.last_status,
    lastResponse: row.last_response,
    lastError: row.last_error,
    deliveredAt: row.delivered_at,
  };
}

export class OutboxQueries {
  constructor(protected readonly db: () => Db = getDatabase) {}

  listLeads(options: { status?: DeliveryStatus; limit?: number } = {}): LeadSummary[] {
    const rows = this.db()
      .prepare<unknown[], Record<string, unknown>>(
        `SELECT l.id, l.flow_id, l.submitted_at, l.received_at, l.page_uri, l.page_name, l.client_ip,
           ${leadStatusSql} AS status, SUM(d.attempts) AS attempts,
           MAX(d.last_error) AS last_error
         FROM leads l JOIN lead_deliveries d ON d.lead_id = l.id
         GROUP BY l.id ${options.status ? 'HAVING status = ?' : ''}
         ORDER BY l.received_at, l.id ${options.limit ? `LIMIT ${Math.floor(options.limit)}` : ''}`,
      )
      .all(...(options.status ? [options.status] : []));
    return rows.map((row) => ({
      id: row.id as string,
      flowId: row.flow_id as string,
      status: row.status as DeliveryStatus,
      submittedAt: row.submitted_at as number,
      receivedAt: row.received_at as number,
      pageUri: row.page_uri as string,
      pageName: row.page_name as string,
      clientIp: row.client_ip as string | null,
      attempts: row.attempts as number,
      lastError: row.last_error as string | null,
    }));
  }

  getLead(id: string): LeadDetail | undefined {
    const db = this.db();
    const lead = db
      .prepare<[string], Record<string, unknown>>('SELECT * FROM leads WHERE id = ?')
      .get(id);
    if (!lead) return undefined;
    const deliveries = this.deliveriesOf(id);
    const files = db
      .prepare<[string], Record<string, unknown>>(
        'SELECT * FROM lead_files WHERE lead_id = ? ORDER BY field',
      )
      .all(id)
      .map((row) => ({
        token: row.token as string,
        field: row.field as string,
        originalName: row.original_name as string,
        storedName: row.stored_name as string,
        mime: row.mime as string,
        size: row.size as number,
        hubspotUrl: row.hubspot_url as string | null,
      }));
    const worst = deliveries.reduce<DeliveryStatus>(
      (acc, d) => (statusRank[d.status] > statusRank[acc] ? d.status : acc),
      'delivered',
    );
    return {
      id,
      flowId: lead.flow_id as string,
      status: worst,
      submittedAt: lead.submitted_at as number,
      receivedAt: lead.received_at as number,
      pageUri: lead.page_uri as string,
      pageName: lead.page_name as string,
      clientIp: lead.client_ip as string | null,
      hutk: lead.hutk as string | null,
      answers: JSON.parse(lead.answers as string) as unknown,
      attempts: deliveries.reduce((sum, d) => sum + d.attempts, 0),
      lastError: deliveries.find((d) => d.lastError)?.lastError ?? null,
      deliveries,
      files,
    };
  }

  deliveriesOf(leadId: string): DeliveryRow[] {
    return this.db()
      .prepare<[string], DeliveryRecord>(
        'SELECT * FROM lead_deliveries WHERE lead_id = ? ORDER BY id',
      )
      .all(leadId)
      .map(toDelivery);
  }

  fileByToken(token: string): StoredFile | undefined {
    const row = this.db()
      .prepare<[string], Record<string, unknown>>('SELECT * FROM lead_files WHERE token = ?')
      .get(token);
    if (!row) return undefined;
    return {
      token: row.token as string,
      field: row.field as string,
      originalName: row.original_name as string,
      storedName: row.stored_name as string,
      mime: row.mime as string,
      size: row.size as number,
    };
  }

  filesOf(leadId: string): (StoredFile & { hubspotUrl: string | null })[] {
    return this.getLead(leadId)?.files ?? [];
  }

  stats(): {
    leads: Record<DeliveryStatus, number>;
    deliveries: Record<DeliveryStatus, number>;
    byFlow: Record<string, number>;
    oldestPendingAt: number | null;
    inDoubt: number;
  } {
    const db = this.db();
    const zero = () => ({ pending: 0, delivered: 0, held: 0, failed: 0 });
    const leads = zero();
    for (const row of db
      .prepare<[], { status: DeliveryStatus; n: number }>(
        `SELECT status, COUNT(*) AS n FROM (SELECT ${leadStatusSql} AS status
           FROM lead_deliveries d GROUP BY d.lead_id) GROUP BY status`,
      )
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
  }
}
