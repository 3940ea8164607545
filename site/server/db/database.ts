/**
 * The site's one SQLite database (better-sqlite3, WAL): the lead outbox and the user
 * accounts live here. Each feature owns its tables through named migrations, applied
 * once, in order, inside a transaction, and recorded in `schema_migrations`.
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { env } from '@/site/env';

export type Db = Database.Database;

export interface Migration {
  /** Stable, unique name, e.g. `leads-001-outbox`. Never rename an applied migration. */
  name: string;
  sql: string;
}

/** Opens (creating when needed) a database file and applies the given migrations. */
export function openDatabase(file: string, migrations: readonly Migration[]): Db {
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // FULL: a committed transaction survives power loss, not only a process crash;
  // a lead is acknowledged to the visitor only after its commit.
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  applyMigrations(db, migrations);
  return db;
}

export function applyMigrations(db: Db, migrations: readonly Migration[]): void {
  db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)',
  );
  const applied = new Set(
    db
      .prepare<[], { name: string }>('SELECT name FROM schema_migrations')
      .all()
      .map((row) => row.name),
  );
  const record = db.prepare('INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)');
  for (const migration of migrations) {
    if (applied.has(migration.name)) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      record.run(migration.name, Date.now());
    })();
  }
}

const registered: Migration[] = [];
let shared: Db | undefined;

/**
 * Registers a feature's migrations. Call at module load of the feature's store, before
 * the first `getDatabase()`; registering after the database is open applies them at once.
 */
export function registerMigrations(migrations: readonly Migration[]): void {
  for (const migration of migrations) {
    if (registered.some((known) => known.name === migration.name)) continue;
    registered.push(migration);
  }
  if (shared) applyMigrations(shared, registered);
}

/** The process-wide database at `LEADS_DB`, opened on first use. */
export function getDatabase(): Db {
  shared ??= openDatabase(env.LEADS_DB, registered);
  return shared;
}
