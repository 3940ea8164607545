/**
 * The two databases the site runs on, for tests that must hold on both: a fresh SQLite file, or
 * a fresh database in the run's PostgreSQL cluster (postgres-global-setup.ts). Each is opened and
 * migrated with the site's own migrations.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import {
  openMigrated,
  type DatabaseConfig,
  type Dialect,
  type SiteDatabase,
} from '@/site/server/db/database';
import { siteMigrations } from '@/site/server/db/site-migrations';
import { createDatabase } from './postgres-cluster';

export const dialects: readonly Dialect[] = ['sqlite', 'postgres'];

export interface TestDatabase {
  config: DatabaseConfig;
  /** Another connection (pool) to the same database, as a second process would have. */
  open(): Promise<SiteDatabase>;
  /** Closes what `open` opened and removes the data. */
  dispose(): Promise<void>;
}

/** A fresh, empty database of the given dialect (not yet migrated: `open` migrates). */
export async function testDatabase(dialect: Dialect): Promise<TestDatabase> {
  const dir = mkdtempSync(path.join(tmpdir(), 'site-db-'));
  const config: DatabaseConfig =
    dialect === 'postgres'
      ? { url: await createDatabase(inject('postgresUrl')), file: path.join(dir, 'unused.sqlite') }
      : { file: path.join(dir, 'site.sqlite') };
  const opened: SiteDatabase[] = [];
  return {
    config,
    async open() {
      const site = await openMigrated(config, siteMigrations);
      opened.push(site);
      return site;
    },
    async dispose() {
      for (const site of opened) await site.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** For a server under test: a fresh PostgreSQL database's URL, or none for its SQLite file. */
export async function serverDatabase(dialect: Dialect): Promise<string | undefined> {
  return dialect === 'postgres' ? createDatabase(inject('postgresUrl')) : undefined;
}
