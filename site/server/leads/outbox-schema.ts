/**
 * The lead outbox tables. A lead is stored once (`leads`); each HubSpot form it feeds is one
 * delivery (`lead_deliveries`) with its own status, attempts and last provider response, so a
 * careers lead (two forms) can be half delivered without being sent twice. Times are
 * milliseconds since the epoch (BIGINT on PostgreSQL). The Kysely types below are the columns.
 */
import type { Generated } from 'kysely';
import type { Migration } from '@/site/server/db/database';
import type { DeliveryStatus } from './lead-types';

export interface LeadTable {
  id: string;
  flow_id: string;
  answers: string;
  /** JSON object of the flow's hidden values (UTM parameters, referrer, …). */
  hidden: Generated<string>;
  page_uri: string;
  page_name: string;
  hutk: string | null;
  client_ip: string | null;
  submitted_at: number;
  received_at: number;
  idempotency_key: string | null;
  /** The flow version the answers were validated against (null: stored before it was kept). */
  flow_version: number | null;
  /** Lower-cased names, e-mail addresses and phone numbers of the answers, for staff search. */
  search_text: Generated<string>;
  handled_at: number | null;
  handled_by: string | null;
}

/** One delivery attempt and HubSpot's answer to it (the deliveries keep only the last). */
export interface AttemptTable {
  id: Generated<number>;
  delivery_id: number;
  lead_id: string;
  form_key: string;
  at: number;
  outcome: string;
  http_status: number | null;
  response: string | null;
  error: string | null;
}

export interface DeliveryTable {
  id: Generated<number>;
  lead_id: string;
  /** Where it goes: `hubspot`, or a webhook's name (leads-006). */
  destination: Generated<string>;
  /** The HubSpot form key; '' for a webhook (one delivery per lead and webhook). */
  form_key: string;
  body: string;
  status: DeliveryStatus;
  hold_kind: 'unconfigured' | 'provider' | null;
  attempts: Generated<number>;
  next_attempt_at: number | null;
  in_flight_until: number | null;
  in_doubt: Generated<number>;
  dropped_context: Generated<string>;
  /** JSON `FieldDrop`: what is sent without which fields, and HubSpot's answer (null: none). */
  dropped_fields: string | null;
  last_status: number | null;
  last_response: string | null;
  last_error: string | null;
  delivered_at: number | null;
  updated_at: number;
}

export interface FileTable {
  token: string;
  lead_id: string;
  field: string;
  original_name: string;
  stored_name: string;
  mime: string;
  size: number;
  hubspot_url: string | null;
  created_at: number;
}

/** A type, not an interface: Kysely wants the table map indexable. */
/** One row (id 1): the site-wide pause after a 429 and the send window all instances share. */
export interface SendingTable {
  id: number;
  paused_until: number;
  window_start: number;
  window_count: number;
  last_grant: number;
}

export type OutboxTables = {
  leads: LeadTable;
  lead_deliveries: DeliveryTable;
  lead_files: FileTable;
  lead_sending: SendingTable;
  lead_attempts: AttemptTable;
};

/** The column types of the two dialects: SQLite's INTEGER is 64-bit, PostgreSQL's is not. */
function outboxTables(t: { time: string; serial: string }): string[] {
  return [
    `CREATE TABLE leads (
      id TEXT PRIMARY KEY,
      flow_id TEXT NOT NULL,
      answers TEXT NOT NULL,
      page_uri TEXT NOT NULL,
      page_name TEXT NOT NULL,
      hutk TEXT,
      client_ip TEXT,
      submitted_at ${t.time} NOT NULL,
      received_at ${t.time} NOT NULL,
      idempotency_key TEXT,
      UNIQUE (flow_id, idempotency_key)
    )`,
    'CREATE INDEX leads_received ON leads (received_at)',
    `CREATE TABLE lead_deliveries (
      id ${t.serial},
      lead_id TEXT NOT NULL REFERENCES leads (id),
      form_key TEXT NOT NULL,
      body TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'held', 'failed')),
      hold_kind TEXT CHECK (hold_kind IN ('unconfigured', 'provider')),
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at ${t.time},
      in_flight_until ${t.time},
      in_doubt INTEGER NOT NULL DEFAULT 0,
      dropped_context TEXT NOT NULL DEFAULT '[]',
      last_status INTEGER,
      last_response TEXT,
      last_error TEXT,
      delivered_at ${t.time},
      updated_at ${t.time} NOT NULL,
      UNIQUE (lead_id, form_key)
    )`,
    'CREATE INDEX lead_deliveries_due ON lead_deliveries (status, next_attempt_at)',
    `CREATE TABLE lead_files (
      token TEXT PRIMARY KEY,
      lead_id TEXT NOT NULL REFERENCES leads (id),
      field TEXT NOT NULL,
      original_name TEXT NOT NULL,
      stored_name TEXT NOT NULL,
      mime TEXT NOT NULL,
      size ${t.time} NOT NULL,
      hubspot_url TEXT,
      created_at ${t.time} NOT NULL
    )`,
    'CREATE INDEX lead_files_lead ON lead_files (lead_id)',
  ];
}

function sendingTable(time: string): string[] {
  return [
    `CREATE TABLE lead_sending (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      paused_until ${time} NOT NULL DEFAULT 0,
      window_start ${time} NOT NULL DEFAULT 0,
      window_count INTEGER NOT NULL DEFAULT 0,
      last_grant INTEGER NOT NULL DEFAULT 0
    )`,
    'INSERT INTO lead_sending (id) VALUES (1)',
  ];
}

/** What the staff's inbox needs: the flow version, search, handling and every attempt. */
function backOffice(t: { time: string; serial: string }): string[] {
  return [
    'ALTER TABLE leads ADD COLUMN flow_version INTEGER',
    `ALTER TABLE leads ADD COLUMN search_text TEXT NOT NULL DEFAULT ''`,
    `ALTER TABLE leads ADD COLUMN handled_at ${t.time}`,
    'ALTER TABLE leads ADD COLUMN handled_by TEXT',
    'CREATE INDEX leads_flow_received ON leads (flow_id, received_at)',
    `CREATE TABLE lead_attempts (
      id ${t.serial},
      delivery_id ${t.time} NOT NULL,
      lead_id TEXT NOT NULL REFERENCES leads (id),
      form_key TEXT NOT NULL,
      at ${t.time} NOT NULL,
      outcome TEXT NOT NULL,
      http_status INTEGER,
      response TEXT,
      error TEXT
    )`,
    'CREATE INDEX lead_attempts_lead ON lead_attempts (lead_id)',
  ];
}

/**
 * Each lead's delivery is per destination: HubSpot (one per form key, as before) or a webhook the
 * firm configured (form key ''). The uniqueness moves from (lead, form key) to (lead,
 * destination, form key), and the worker of each destination claims its own rows through the
 * index. SQLite cannot change a table's constraint, so it copies the table; PostgreSQL alters it.
 */
const deliveryColumns = `id, lead_id, form_key, body, status, hold_kind, attempts, next_attempt_at,
  in_flight_until, in_doubt, dropped_context, dropped_fields, last_status, last_response,
  last_error, delivered_at, updated_at`;

const sqliteDestinations = [
  `CREATE TABLE lead_deliveries_by_destination (
    id INTEGER PRIMARY KEY,
    lead_id TEXT NOT NULL REFERENCES leads (id),
    destination TEXT NOT NULL DEFAULT 'hubspot',
    form_key TEXT NOT NULL,
    body TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'held', 'failed')),
    hold_kind TEXT CHECK (hold_kind IN ('unconfigured', 'provider')),
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER,
    in_flight_until INTEGER,
    in_doubt INTEGER NOT NULL DEFAULT 0,
    dropped_context TEXT NOT NULL DEFAULT '[]',
    dropped_fields TEXT,
    last_status INTEGER,
    last_response TEXT,
    last_error TEXT,
    delivered_at INTEGER,
    updated_at INTEGER NOT NULL,
    UNIQUE (lead_id, destination, form_key)
  )`,
  `INSERT INTO lead_deliveries_by_destination (${deliveryColumns})
    SELECT ${deliveryColumns} FROM lead_deliveries`,
  'DROP TABLE lead_deliveries',
  'ALTER TABLE lead_deliveries_by_destination RENAME TO lead_deliveries',
  'CREATE INDEX lead_deliveries_due ON lead_deliveries (destination, status, next_attempt_at)',
];

const postgresDestinations = [
  `ALTER TABLE lead_deliveries ADD COLUMN destination TEXT NOT NULL DEFAULT 'hubspot'`,
  'ALTER TABLE lead_deliveries DROP CONSTRAINT lead_deliveries_lead_id_form_key_key',
  `ALTER TABLE lead_deliveries ADD CONSTRAINT lead_deliveries_destination_key
    UNIQUE (lead_id, destination, form_key)`,
  'DROP INDEX lead_deliveries_due',
  'CREATE INDEX lead_deliveries_due ON lead_deliveries (destination, status, next_attempt_at)',
];

export const outboxMigrations: Migration[] = [
  {
    name: 'leads-001-outbox',
    sqlite: outboxTables({ time: 'INTEGER', serial: 'INTEGER PRIMARY KEY' }),
    postgres: outboxTables({
      time: 'BIGINT',
      serial: 'BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY',
    }),
  },
  {
    name: 'leads-002-sending',
    sqlite: sendingTable('INTEGER'),
    postgres: sendingTable('BIGINT'),
  },
  {
    name: 'leads-003-hidden-values',
    sqlite: [`ALTER TABLE leads ADD COLUMN hidden TEXT NOT NULL DEFAULT '{}'`],
    postgres: [`ALTER TABLE leads ADD COLUMN hidden TEXT NOT NULL DEFAULT '{}'`],
  },
  {
    name: 'leads-004-back-office',
    sqlite: backOffice({ time: 'INTEGER', serial: 'INTEGER PRIMARY KEY' }),
    postgres: backOffice({
      time: 'BIGINT',
      serial: 'BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY',
    }),
  },
  {
    // Fields HubSpot refused and a delivery is sent without (retry-policy.ts).
    name: 'leads-005-dropped-fields',
    sqlite: ['ALTER TABLE lead_deliveries ADD COLUMN dropped_fields TEXT'],
    postgres: ['ALTER TABLE lead_deliveries ADD COLUMN dropped_fields TEXT'],
  },
  {
    // A second destination: webhooks beside HubSpot, each its own delivery row and status.
    name: 'leads-006-delivery-destinations',
    sqlite: sqliteDestinations,
    postgres: postgresDestinations,
  },
];
