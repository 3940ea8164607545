/**
 * What the staff did, over the site database (SQLite or PostgreSQL): `recordAudit` after each
 * staff action, `auditOf` for a lead's history, `recentAudit` for the latest actions anywhere.
 * Entries are read in the order they were recorded (by id), whatever clock `at` came from.
 */
import type { Selectable } from 'kysely';
import type { SiteDatabase } from '@/site/server/db/database';
import { siteDatabase } from '@/site/server/runtime/site-runtime';
import type { AuditLogTable, AuditTables } from './audit-schema';
import type { StaffUser } from './staff-user';

export interface AuditEntry {
  id: number;
  /** When it was recorded (ms since the epoch). */
  at: number;
  userId: number;
  /** The staff member's address when they acted. */
  userEmail: string;
  /** What was done, a short stable word or phrase (`lead.handled`, `lead.retried`, …). */
  action: string;
  leadId: string | null;
  detail: string | null;
}

export interface NewAuditEntry {
  staff: StaffUser;
  action: string;
  leadId?: string;
  detail?: string;
}

type Database = () => Promise<SiteDatabase>;

const tables = async (database: Database) => (await database()).db.withTables<AuditTables>();

function toEntry(row: Selectable<AuditLogTable>): AuditEntry {
  return {
    id: row.id,
    at: row.at,
    userId: row.user_id,
    userEmail: row.user_email,
    action: row.action,
    leadId: row.lead_id,
    detail: row.detail,
  };
}

/** Records one staff action and returns it as stored. An empty action is a bug, and throws. */
export async function recordAudit(
  entry: NewAuditEntry,
  now: number = Date.now(),
  database: Database = siteDatabase,
): Promise<AuditEntry> {
  if (entry.action.trim() === '') throw new Error('recordAudit: an action is required');
  const row = await (
    await tables(database)
  )
    .insertInto('audit_log')
    .values({
      at: now,
      user_id: entry.staff.id,
      user_email: entry.staff.email,
      action: entry.action,
      lead_id: entry.leadId ?? null,
      detail: entry.detail ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toEntry(row);
}

/** Everything the staff did to one lead, oldest first. */
export async function auditOf(
  leadId: string,
  database: Database = siteDatabase,
): Promise<AuditEntry[]> {
  const rows = await (
    await tables(database)
  )
    .selectFrom('audit_log')
    .selectAll()
    .where('lead_id', '=', leadId)
    .orderBy('id')
    .execute();
  return rows.map(toEntry);
}

/** The latest `limit` staff actions, on any lead or none, newest first. */
export async function recentAudit(
  limit: number,
  database: Database = siteDatabase,
): Promise<AuditEntry[]> {
  const rows = await (
    await tables(database)
  )
    .selectFrom('audit_log')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(Math.max(0, Math.floor(limit)))
    .execute();
  return rows.map(toEntry);
}
