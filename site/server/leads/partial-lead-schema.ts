/**
 * Partial leads (leads-008): the answers of a visitor who ticked the saved-progress box and has
 * not finished yet, pinned to the flow version they answered, with the consent's words and when
 * it was given. The visitor's browser holds the row's key; only its SHA-256 is stored. A finished
 * row keeps the lead's id (so finishing twice gives one lead) and no answers. Times are
 * milliseconds since the epoch. Resume links (leads-009) open one on another device.
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
  /** When the flow's reminder (a resume link) was mailed; null until then (leads-009). */
  reminded_at: number | null;
}

/**
 * A link that finishes a partial lead on any device (leads-009). Only the token's SHA-256 is
 * stored; the flow and page stay so an expired link can still offer to start again.
 */
export interface ResumeLinkTable {
  token_hash: string;
  partial_id: string;
  flow_id: string;
  page_uri: string;
  created_at: number;
  expires_at: number;
  /** When it opened the answers (or another link of the same partial lead did); null before. */
  used_at: number | null;
}

/** The key resume links are signed with, one per purpose, made on first use (leads-009). */
export interface SigningKeyTable {
  purpose: string;
  secret: string;
  created_at: number;
}

/** A type, not an interface: Kysely wants the table map indexable. */
export type PartialLeadTables = {
  partial_leads: PartialLeadTable;
  resume_links: ResumeLinkTable;
  signing_keys: SigningKeyTable;
};

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

function resumeLinkTables(time: string): string[] {
  return [
    `CREATE TABLE resume_links (
      token_hash TEXT PRIMARY KEY,
      partial_id TEXT NOT NULL,
      flow_id TEXT NOT NULL,
      page_uri TEXT NOT NULL,
      created_at ${time} NOT NULL,
      expires_at ${time} NOT NULL,
      used_at ${time}
    )`,
    'CREATE INDEX resume_links_partial ON resume_links (partial_id)',
    `CREATE TABLE signing_keys (
      purpose TEXT PRIMARY KEY,
      secret TEXT NOT NULL,
      created_at ${time} NOT NULL
    )`,
    `ALTER TABLE partial_leads ADD COLUMN reminded_at ${time}`,
  ];
}

export const partialLeadMigrations: readonly Migration[] = [
  {
    name: 'leads-008-partial-leads',
    sqlite: partialLeadTables('INTEGER'),
    postgres: partialLeadTables('BIGINT'),
  },
  {
    name: 'leads-009-resume-links',
    sqlite: resumeLinkTables('INTEGER'),
    postgres: resumeLinkTables('BIGINT'),
  },
];
