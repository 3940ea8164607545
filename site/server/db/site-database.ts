/**
 * The process-wide database the environment names: PostgreSQL at `DATABASE_URL`, else the
 * SQLite file at `LEADS_DB`. Opened and migrated on first use, so importing a route never opens
 * it during `next build`.
 */
import { env } from '@/site/env';
import {
  isPostgresUrl,
  openMigrated,
  type DatabaseConfig,
  type Dialect,
  type SiteDatabase,
} from './database';
import { siteMigrations } from './site-migrations';

let shared: Promise<SiteDatabase> | undefined;

/** The database the environment names, unopened. */
export const siteDatabaseConfig: DatabaseConfig = { url: env.DATABASE_URL, file: env.LEADS_DB };

/** Which database the environment names, without opening it. */
export const siteDialect: Dialect = isPostgresUrl(env.DATABASE_URL) ? 'postgres' : 'sqlite';

export function getDatabase(): Promise<SiteDatabase> {
  shared ??= openMigrated(siteDatabaseConfig, siteMigrations).catch((error: unknown) => {
    shared = undefined; // a database that was down at start is tried again next time
    throw error;
  });
  return shared;
}

/** Closes the process's database, if it was opened (CLI scripts, before they exit). */
export async function closeDatabase(): Promise<void> {
  const open = shared;
  shared = undefined;
  if (open) await (await open).close();
}
