/**
 * The cache of HubSpot's form definitions: one row per form key, holding the definition of the
 * form it was read from (`form_id`) as JSON text (engine `HubSpotFormDefinition`) and when it was
 * read (ms since the epoch, BIGINT on PostgreSQL). Every instance and the CLI share it; a row
 * whose form id is no longer the configured one is kept but never used (hubspot-forms-store.ts).
 */
import type { Migration } from '@/site/server/db/database';

export interface HubSpotFormTable {
  form_key: string;
  form_id: string;
  definition: string;
  fetched_at: number;
}

/** A type, not an interface: Kysely wants the table map indexable. */
export type HubSpotFormTables = { hubspot_forms: HubSpotFormTable };

const formsTable = (time: string) => [
  `CREATE TABLE hubspot_forms (
    form_key TEXT PRIMARY KEY,
    form_id TEXT NOT NULL,
    definition TEXT NOT NULL,
    fetched_at ${time} NOT NULL
  )`,
];

export const hubspotFormMigrations: readonly Migration[] = [
  { name: 'hubspot-001-forms', sqlite: formsTable('INTEGER'), postgres: formsTable('BIGINT') },
];
