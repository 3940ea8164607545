/**
 * The one mapping from the outbox's SQLite rows to the shapes of lead-types.ts. Every query that
 * returns a lead, a delivery or a file selects the columns named here and maps them here.
 */
import type { DeliveryRow, DeliveryStatus, LeadSummary, StoredFile } from './lead-types';

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

/** A `leads` row with its deliveries' aggregates (see `leadSummarySql`). */
export interface LeadRecord {
  id: string;
  flow_id: string;
  answers: string;
  hutk: string | null;
  submitted_at: number;
  received_at: number;
  page_uri: string;
  page_name: string;
  client_ip: string | null;
  status: DeliveryStatus;
  attempts: number;
  last_error: string | null;
}

export interface FileRecord {
  token: string;
  field: string;
  original_name: string;
  stored_name: string;
  mime: string;
  size: number;
  hubspot_url: string | null;
}

/** A lead's worst delivery status: failed > held > pending > delivered. */
const leadStatusSql = `CASE MAX(CASE d.status WHEN 'failed' THEN 3 WHEN 'held' THEN 2 WHEN 'pending' THEN 1 ELSE 0 END)
  WHEN 3 THEN 'failed' WHEN 2 THEN 'held' WHEN 1 THEN 'pending' ELSE 'delivered' END`;

/** Leads with their derived status; `where` filters leads, `having` filters on the status. */
export function leadSummarySql(where = '', having = ''): string {
  return `SELECT l.*, ${leadStatusSql} AS status, SUM(d.attempts) AS attempts,
      MAX(d.last_error) AS last_error
    FROM leads l JOIN lead_deliveries d ON d.lead_id = l.id
    ${where} GROUP BY l.id ${having}`;
}

/** Counts leads by their worst status. */
export const leadStatusCountSql = `SELECT status, COUNT(*) AS n FROM (SELECT ${leadStatusSql} AS status
  FROM lead_deliveries d GROUP BY d.lead_id) GROUP BY status`;

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

export function toLeadSummary(row: LeadRecord): LeadSummary {
  return {
    id: row.id,
    flowId: row.flow_id,
    status: row.status,
    submittedAt: row.submitted_at,
    receivedAt: row.received_at,
    pageUri: row.page_uri,
    pageName: row.page_name,
    clientIp: row.client_ip,
    attempts: row.attempts,
    lastError: row.last_error,
  };
}

export function toStoredFile(row: FileRecord): StoredFile & { hubspotUrl: string | null } {
  return {
    token: row.token,
    field: row.field,
    originalName: row.original_name,
    storedName: row.stored_name,
    mime: row.mime,
    size: row.size,
    hubspotUrl: row.hubspot_url,
  };
}
