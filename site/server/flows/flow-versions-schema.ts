/**
 * The flow studio's tables. `flow_versions` keeps every published version of a flow, immutable,
 * numbered per flow from the previous one + 1 (the primary key makes two publishers race for a
 * number, never share it); `source` is the flow file's exact text, so a version exported back to
 * `flows/<id>.json` is byte for byte what was published. `flow_drafts` holds at most one unpublished
 * text per flow, which need not be valid. Times are milliseconds since the epoch (BIGINT on
 * PostgreSQL).
 *
 * Since flows-002 a draft is numbered: `revision` goes up by one on each save, and `base_version`
 * is the published version it started from, so a save or publish that names an older one is
 * refused (flow-version-store.ts). A discarded or published draft keeps its row, marked
 * `discarded`, so the next draft of the flow continues its numbering: a number is never given to
 * two different texts, and an editor holding an old one cannot mistake a new draft for its own.
 * `flow_presence` says who has a flow open in the studio, one row per browser tab, refreshed by
 * the tab's heartbeat (flow-presence.ts).
 */
import type { Migration } from '@/site/server/db/database';

export interface FlowVersionTable {
  flow_id: string;
  version: number;
  source: string;
  author: string;
  note: string;
  published_at: number;
}

export interface FlowDraftTable {
  flow_id: string;
  source: string;
  /** Who saved it (or, once `discarded`, who discarded or published it). */
  author: string;
  saved_at: number;
  revision: number;
  base_version: number;
  /** 1: no draft now (discarded, or published); the row keeps the revision number. */
  discarded: number;
}

export interface FlowPresenceTable {
  flow_id: string;
  email: string;
  /** A random id the tab made for itself when the page opened. */
  tab_id: string;
  opened_at: number;
  seen_at: number;
}

/** A type, not an interface: Kysely wants the table map indexable. */
export type FlowVersionTables = {
  flow_versions: FlowVersionTable;
  flow_drafts: FlowDraftTable;
  flow_presence: FlowPresenceTable;
};

function flowVersionTables(time: string): string[] {
  return [
    `CREATE TABLE flow_versions (
      flow_id TEXT NOT NULL,
      version INTEGER NOT NULL,
      source TEXT NOT NULL,
      author TEXT NOT NULL,
      note TEXT NOT NULL,
      published_at ${time} NOT NULL,
      PRIMARY KEY (flow_id, version)
    )`,
    `CREATE TABLE flow_drafts (
      flow_id TEXT PRIMARY KEY,
      source TEXT NOT NULL,
      author TEXT NOT NULL,
      saved_at ${time} NOT NULL
    )`,
  ];
}

/**
 * A draft saved before this migration becomes revision 1 of the newest version it was saved over
 * (the one its editor loaded, unless a version was imported since).
 */
function draftRevisionsAndPresence(time: string): string[] {
  return [
    'ALTER TABLE flow_drafts ADD COLUMN revision INTEGER NOT NULL DEFAULT 1',
    'ALTER TABLE flow_drafts ADD COLUMN base_version INTEGER NOT NULL DEFAULT 0',
    'ALTER TABLE flow_drafts ADD COLUMN discarded INTEGER NOT NULL DEFAULT 0',
    `UPDATE flow_drafts SET base_version = COALESCE(
      (SELECT MAX(v.version) FROM flow_versions v WHERE v.flow_id = flow_drafts.flow_id), 0)`,
    `CREATE TABLE flow_presence (
      flow_id TEXT NOT NULL,
      email TEXT NOT NULL,
      tab_id TEXT NOT NULL,
      opened_at ${time} NOT NULL,
      seen_at ${time} NOT NULL,
      PRIMARY KEY (flow_id, email, tab_id)
    )`,
  ];
}

export const flowVersionMigrations: readonly Migration[] = [
  {
    name: 'flows-001-versions',
    sqlite: flowVersionTables('INTEGER'),
    postgres: flowVersionTables('BIGINT'),
  },
  {
    name: 'flows-002-draft-revisions',
    sqlite: draftRevisionsAndPresence('INTEGER'),
    postgres: draftRevisionsAndPresence('BIGINT'),
  },
];
