/**
 * The lead outbox tables. A lead is stored once (`leads`); each HubSpot form it feeds is one
 * delivery (`lead_deliveries`) with its own status, attempts and last provider response, so a
 * careers lead (two forms) can be half delivered without being sent twice.
 */
import { registerMigrations, type Migration } from '@/site/server/db/database';

export const outboxMigrations: Migration[] = [
  {
    name: 'leads-001-outbox',
    sql: `
      CREATE TABLE leads (
        id TEXT PRIMARY KEY,
        flow_id TEXT NOT NULL,
        answers TEXT NOT NULL,
        page_uri TEXT NOT NULL,
        page_name TEXT NOT NULL,
        hutk TEXT,
        client_ip TEXT,
        submitted_at INTEGER NOT NULL,
        received_at INTEGER NOT NULL,
        idempotency_key TEXT,
        UNIQUE (flow_id, idempotency_key)
      );
      CREATE INDEX leads_received ON leads (received_at);

      CREATE TABLE lead_deliveries (
        id INTEGER PRIMARY KEY,
        lead_id TEXT NOT NULL REFERENCES leads (id),
        form_key TEXT NOT NULL,
        body TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'held', 'failed')),
        hold_kind TEXT CHECK (hold_kind IN ('unconfigured', 'provider')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER,
        in_flight_until INTEGER,
        in_doubt INTEGER NOT NULL DEFAULT 0,
        dropped_context TEXT NOT NULL DEFAULT '[]',
        last_status INTEGER,
        last_response TEXT,
        last_error TEXT,
        delivered_at INTEGER,
        updated_at INTEGER NOT NULL,
        UNIQUE (lead_id, form_key)
      );
      CREATE INDEX lead_deliveries_due ON lead_deliveries (status, next_attempt_at);

      CREATE TABLE lead_files (
        token TEXT PRIMARY KEY,
        lead_id TEXT NOT NULL REFERENCES leads (id),
        field TEXT NOT NULL,
        original_name TEXT NOT NULL,
        stored_name TEXT NOT NULL,
        mime TEXT NOT NULL,
        size INTEGER NOT NULL,
        hubspot_url TEXT,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX lead_files_lead ON lead_files (lead_id);
    `,
  },
];

registerMigrations(outboxMigrations);
