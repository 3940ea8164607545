/**
 * Partial leads (leads-008): the answers of a visitor who ticked the saved-progress box and has
 * not finished yet, pinned to the flow version they answered, with the consent's words and when
 * it was given. The visitor's browser holds the row's key; only its SHA-256 is stored. A finished
 * row keeps the lead's id (so finishing twice gives one lead) and no answers. Times are
 * milliseconds since the epoch.
 */
import type { Migration } from '@/site/server/db/database';

export interface PartialLeadTable {
  id: string;
  key_hash: string;
  flow_id: string;
  flow_version: number;
  email: string;
  /** The answers as JSON (never files); `{}` once finished. */
  answers: string;
  step: string;
  /** The steps behind `step`, as JSON. */
  history: string;
  step_number: number;
  step_total: number;
  step_question: string;
  page_uri: string;
  consent_text: string;
  consented_at: number;
  created_at: number;
  updated_at: number;
  /** The lead it became; null while unfinished. */
  lead_id: string | null;
}

/** A type, not an interface: Kysely wants the table map indexable. */
export type PartialLeadTables = { partial_leads: PartialLeadTable };

function partialLeadTables(time: string): string[] {
  return [
    `CREATE TABLE partial_leads (
      id TEXT PRIMARY KEY,
      key_hash TEXT NOT NULL,
      flow_id TEXT NOT NULL,
      flow_version INTEGER NOT NULL,
      email TEXT NOT NULL,
      answers TEXT NOT NULL,
      step TEXT NOT NULL,
      history TEXT NOT NULL,
      step_number INTEGER NOT NULL,
      step_total INTEGER NOT NULL,
      step_question TEXT NOT NULL,
      page_uri TEXT NOT NULL,
      consent_text TEXT NOT NULL,
      consented_at ${time} NOT NULL,
      created_at ${time} NOT NULL,
      updated_at ${time} NOT NULL,
      lead_id TEXT
    )`,
    'CREATE INDEX partial_leads_updated ON partial_leads (updated_at)',
  ];
}

export const partialLeadMigrations: readonly Migration[] = [
  {
    name: 'leads-008-partial-leads',
    sqlite: partialLeadTables('INTEGER'),
    postgres: partialLeadTables('BIGINT'),
  },
];
