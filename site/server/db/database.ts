/**
 * The site's one database: a SQLite file by default (better-sqlite3, WAL: no setup, one host), or
 * PostgreSQL when `DATABASE_URL` names one (several instances share it). Both are reached through
 * Kysely, a typed query builder with both dialects, so each store is written once; the few
 * statements that differ (a claim that skips locked rows) say so where they are.
 *
 * Each feature owns its tables through named migrations (site-migrations.ts lists them), applied
 * in order inside one transaction and recorded in `schema_migrations`. On PostgreSQL the run holds
 * an advisory lock, so two instances starting at once apply each migration exactly once.
 */
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export type Dialect = 'sqlite' | 'postgres';

export interface Migration {
  /** Stable, unique name, e.g. `leads-001-outbox`. Never rename or edit an applied migration. */
  name: string;
  /** The statements, one per entry, for each dialect. */
  sqlite: readonly string[];
  postgres: readonly string[];
}

export interface SiteDatabase {
  readonly dialect: Dialect;
  /** Tables are typed by each store (`withTables`). */
  readonly db: Kysely<object>;
  /** The SQLite handle (rate limiter), when the database is SQLite. */
  readonly sqlite?: SQLite.Database;
  /** The PostgreSQL pool (rate limiter), when the database is PostgreSQL. */
  readonly pool?: pg.Pool;
  close(): Promise<void>;
}

export interface DatabaseConfig {
  /** `postgres://…` or `postgresql://…`; unset: the SQLite file. */
  url?: string;
  /** The SQLite file (or `:memory:`). */
  file: string;
}

export function isPostgresUrl(url: string | undefined): url is string {
  return url !== undefined && /^postgres(ql)?:\/\//.test(url);
}

// BIGINT (times in ms, counts) and NUMERIC (sums) arrive as text from node-postgres by default;
// every value the site stores fits a double, so they are read as numbers.
const INT8 = 20;
const NUMERIC = 1700;
type Parser = (value: string) => unknown;
const textParser = (oid: number): Parser =>
  oid === INT8 || oid === NUMERIC ? Number : (pg.types.getTypeParser(oid, 'text') as Parser);
const pgTypes: pg.CustomTypesConfig = { getTypeParser: textParser };

/** How long a statement waits for another process's lock on the SQLite file. */
export const SQLITE_BUSY_TIMEOUT_MS = 250;

function openSqlite(file: string): SiteDatabase {
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const handle = new SQLite(file);
  handle.pragma('journal_mode = WAL');
  // FULL: a committed transaction survives power loss, not only a process crash;
  // a lead is acknowledged to the visitor only after its commit.
  handle.pragma('synchronous = FULL');
  handle.pragma('foreign_keys = ON');
  // better-sqlite3 waits for a lock synchronously, holding the whole server still while it
  // waits: another process that keeps the file locked (a long write, a backup tool) must make a
  // statement fail soon, not freeze every request. A lead that fails so is answered 503 and sent
  // again by the browser; the worker tries again on its next poll.
  handle.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  // The request path and the worker run the same few statements for every lead, and compiling
  // one costs more than running it: each SQL text is prepared once per connection.
  const prepared = new Map<string, SQLite.Statement>();
  const database = {
    close: () => handle.close(),
    prepare(text: string) {
      let statement = prepared.get(text);
      if (!statement) {
        statement = handle.prepare(text);
        // Statements built with a varying number of values (IN lists) are not kept.
        if (prepared.size < 500) prepared.set(text, statement);
      }
      return statement;
    },
  };
  const db = new Kysely<object>({ dialect: new SqliteDialect({ database }) });
  return { dialect: 'sqlite', db, sqlite: handle, close: () => db.destroy() };
}

function openPostgres(url: string): SiteDatabase {
  // A server that cannot be reached fails the request in 5 s rather than holding it.
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    types: pgTypes,
  });
  // An idle client that loses its server (a restart) must not crash the process.
  pool.on('error', (error) => console.error(`[db] idle PostgreSQL client: ${error.message}`));
  const db = new Kysely<object>({ dialect: new PostgresDialect({ pool }) });
  return { dialect: 'postgres', db, pool, close: () => db.destroy() };
}

/** Opens the database the config names; call `migrate` before use. */
export function openDatabase(config: DatabaseConfig): SiteDatabase {
  return isPostgresUrl(config.url) ? openPostgres(config.url) : openSqlite(config.file);
}

// Any fixed number names the lock; this one reads "site migrations" to whoever sees it held.
const MIGRATION_LOCK = 0x517e_0001;

/**
 * Applies the migrations not yet recorded, in order, in one transaction: all of them or none.
 * Resolves with the names applied now (none when the schema is current).
 */
export async function migrate(
  site: SiteDatabase,
  migrations: readonly Migration[],
): Promise<string[]> {
  return site.db.transaction().execute(async (trx) => {
    if (site.dialect === 'postgres') {
      // Held until commit: a second instance waits here, then finds everything applied.
      await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
    }
    await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
      name TEXT PRIMARY KEY, applied_at BIGINT NOT NULL)`.execute(trx);
    const rows = await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(trx);
    const applied = new Set(rows.rows.map((row) => row.name));
    const now: string[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.name)) continue;
      for (const statement of migration[site.dialect]) await sql.raw(statement).execute(trx);
      await sql`INSERT INTO schema_migrations (name, applied_at)
        VALUES (${migration.name}, ${Date.now()})`.execute(trx);
      now.push(migration.name);
    }
    return now;
  });
}

/** Opens a database and brings its schema up to date. */
export async function openMigrated(
  config: DatabaseConfig,
  migrations: readonly Migration[],
): Promise<SiteDatabase> {
  const site = openDatabase(config);
  try {
    await migrate(site, migrations);
  } catch (error) {
    await site.close();
    throw error;
  }
  return site;
}

/** A unique constraint refused a row (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === '23505'
  );
}

/**
 * `open()` run once and its result shared by every caller; a failure is not kept, so the next
 * call tries again (a database that was down a moment ago may be up now).
 */
export function onceUntilFailure<T>(open: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= open().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}
