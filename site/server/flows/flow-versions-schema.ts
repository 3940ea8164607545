/**
 * The flow studio's tables. `flow_versions` keeps every published version of a flow, immutable,
 * numbered per flow from the previous one + 1 (the primary key makes two publishers race for a
 * number, never share it); `source` is the flow file's exact text, so a version exported back to
 * `flows/<id>.json` is byte for byte what was published. `flow_drafts` holds at most one unpublished
 * text per flow, which need not be valid. Times are milliseconds since the epoch (BIGINT on
 * PostgreSQL).
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
  author: string;
  saved_at: number;
}

/** A type, not an interface: Kysely wants the table map indexable. */
export type FlowVersionTables = { flow_versions: FlowVersionTable; flow_drafts: FlowDraftTable };

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

export const flowVersionMigrations: readonly Migration[] = [
  {
    name: 'flows-001-versions',
    sqlite: flowVersionTables('INTEGER'),
    postgres: flowVersionTables('BIGINT'),
  },
];
