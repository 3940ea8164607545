/**
 * Who answers each lead (leads-007): staff who take leads (`users.takes_leads`), each new lead's
 * assignee, when a person first acted on it and when its overdue mail went out, and the
 * round-robin turn every instance shares. Kept beside the outbox tables, not in them: a lead is
 * stored (and acknowledged) first, then assigned. Times are milliseconds since the epoch.
 */
import type { Migration } from '@/site/server/db/database';

export interface LeadAssignmentTable {
  lead_id: string;
  /** The assignee's e-mail address; null: nobody (no staff took leads when it arrived). */
  assignee: string | null;
  assigned_at: number;
  /** Who assigned it last: null for the site itself (a rule or the turn), else a person. */
  assigned_by: string | null;
  /** When a person first acted on the lead (lead-first-action.ts names the actions). */
  first_action_at: number | null;
  /** When the overdue mail was sent: it is sent once, whichever instance sends it. */
  overdue_mailed_at: number | null;
}

export interface AssignTurnTable {
  id: number;
  turn: number;
  /** When assignment began (the migration): older leads were never assigned, on purpose. */
  since: number;
}

/** The columns of `users` read here (user-store.ts owns the rest). */
export interface TakerUserTable {
  id: number;
  email: string;
  role: string | null;
  email_verified_at: number | null;
  takes_leads: number;
}

/** A type, not an interface: Kysely wants the table map indexable. */
export type AssignmentTables = {
  lead_assignments: LeadAssignmentTable;
  lead_assign_turn: AssignTurnTable;
  users: TakerUserTable;
  leads: {
    id: string;
    flow_id: string;
    flow_version: number | null;
    answers: string;
    received_at: number;
    handled_at: number | null;
    handled_by: string | null;
  };
};

/** `nowMs`: the dialect's current time in ms since the epoch, as SQL. */
function assignmentTables(time: string, nowMs: string): string[] {
  return [
    'ALTER TABLE users ADD COLUMN takes_leads INTEGER NOT NULL DEFAULT 0',
    `CREATE TABLE lead_assignments (
      lead_id TEXT PRIMARY KEY REFERENCES leads (id),
      assignee TEXT,
      assigned_at ${time} NOT NULL,
      assigned_by TEXT,
      first_action_at ${time},
      overdue_mailed_at ${time}
    )`,
    'CREATE INDEX lead_assignments_assignee ON lead_assignments (assignee)',
    `CREATE TABLE lead_assign_turn (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      turn ${time} NOT NULL DEFAULT 0,
      since ${time} NOT NULL
    )`,
    `INSERT INTO lead_assign_turn (id, since) VALUES (1, ${nowMs})`,
  ];
}

export const assignmentMigrations: readonly Migration[] = [
  {
    name: 'leads-007-assignment',
    sqlite: assignmentTables(
      'INTEGER',
      "CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)",
    ),
    postgres: assignmentTables(
      'BIGINT',
      'CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000 AS BIGINT)',
    ),
  },
];
