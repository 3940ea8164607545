/**
 * The one mapping from the outbox's rows (SQLite or PostgreSQL) to the shapes of lead-types.ts.
 * Every query that returns a lead, a delivery or a file selects the columns named here and maps
 * them here.
 */
import { sql, type RawBuilder, type Selectable } from 'kysely';
import { leadContact } from './lead-contact';
import type { DeliveryRow, DeliveryStatus, FieldDrop, LeadSummary, StoredFile } from './lead-types';
import type { DeliveryTable, FileTable, LeadTable } from './outbox-schema';

export type DeliveryRecord = Selectable<DeliveryTable>;

/** A `leads` row with its deliveries' aggregates (see `leadSummaries`). */
export type LeadRecord = Selectable<LeadTable> & {
  status: DeliveryStatus;
  attempts: number;
  last_error: string | null;
};

export type FileRecord = Selectable<FileTable>;

/** A lead's worst delivery status, over its deliveries `d`: failed > held > pending > delivered. */
export const leadStatus = sql<DeliveryStatus>`CASE MAX(CASE d.status WHEN 'failed' THEN 3
  WHEN 'held' THEN 2 WHEN 'pending' THEN 1 ELSE 0 END)
  WHEN 3 THEN 'failed' WHEN 2 THEN 'held' WHEN 1 THEN 'pending' ELSE 'delivered' END`;

/**
 * Leads `l` with their derived status, attempts and last error; `where` filters leads, `status`
 * keeps the leads whose worst status it is.
 */
export function leadSummaries(where: RawBuilder<unknown> | null, status?: DeliveryStatus) {
  return sql<LeadRecord>`SELECT l.*, ${leadStatus} AS status, SUM(d.attempts) AS attempts,
      MAX(d.last_error) AS last_error
    FROM leads l JOIN lead_deliveries d ON d.lead_id = l.id
    ${where ? sql`WHERE ${where}` : sql``} GROUP BY l.id
    ${status ? sql`HAVING ${leadStatus} = ${status}` : sql``}`;
}

/** Counts leads by their worst status. */
export const leadStatusCounts = sql<{ status: DeliveryStatus; n: number }>`SELECT status,
  COUNT(*) AS n FROM (SELECT ${leadStatus} AS status FROM lead_deliveries d GROUP BY d.lead_id) s
  GROUP BY status`;

export function toDelivery(row: DeliveryRecord): DeliveryRow {
  return {
    id: row.id,
    leadId: row.lead_id,
    destination: row.destination,
    formKey: row.form_key,
    body: JSON.parse(row.body) as DeliveryRow['body'],
    status: row.status,
    holdKind: row.hold_kind,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    inDoubt: row.in_doubt,
    droppedContext: JSON.parse(row.dropped_context) as string[],
    droppedFields:
      row.dropped_fields === null ? null : (JSON.parse(row.dropped_fields) as FieldDrop),
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
    flowVersion: row.flow_version,
    status: row.status,
    submittedAt: row.submitted_at,
    receivedAt: row.received_at,
    pageUri: row.page_uri,
    pageName: row.page_name,
    clientIp: row.client_ip,
    attempts: Number(row.attempts),
    lastError: row.last_error,
    contact: leadContact(JSON.parse(row.answers)),
    handledAt: row.handled_at,
    handledBy: row.handled_by,
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
