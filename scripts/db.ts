/**
 * `npm run db -- migrate`: brings the site's database (PostgreSQL at `DATABASE_URL`, else the
 * SQLite file at `LEADS_DB`) up to date, as every server start also does. Safe to run while
 * servers start: on PostgreSQL the run holds an advisory lock. `npm run db -- status` lists
 * the migrations and whether each is applied.
 */
import { sql } from 'kysely';
import { env } from '@/site/env';
import { migrate, openDatabase } from '@/site/server/db/database';
import { siteMigrations } from '@/site/server/db/site-migrations';
import { siteRuntime } from '@/site/server/runtime/site-runtime';

const usage = 'usage: npm run db -- migrate | status';

const { databaseConfig, dialect } = siteRuntime();

/** The database named without its password. */
function where(): string {
  if (dialect === 'sqlite' || !env.DATABASE_URL) return `SQLite ${env.LEADS_DB}`;
  const url = new URL(env.DATABASE_URL);
  url.password = url.password ? '***' : '';
  return `PostgreSQL ${url.toString()}`;
}

async function main(command: string | undefined): Promise<number> {
  if (command !== 'migrate' && command !== 'status') {
    console.error(usage);
    return 2;
  }
  // Its own connection, not the runtime's: `status` must not apply what it reports as pending.
  const site = openDatabase(databaseConfig);
  try {
    if (command === 'migrate') {
      const applied = await migrate(site, siteMigrations);
      console.log(
        applied.length > 0
          ? `${where()}: applied ${applied.join(', ')}`
          : `${where()}: up to date (${siteMigrations.length} migrations)`,
      );
      return 0;
    }
    const rows = await sql<{ name: string }>`SELECT name FROM schema_migrations`
      .execute(site.db)
      .then((result) => result.rows)
      .catch(() => []);
    const applied = new Set(rows.map((row) => row.name));
    console.log(where());
    for (const m of siteMigrations) {
      console.log(`  ${applied.has(m.name) ? 'applied' : 'pending'}  ${m.name}`);
    }
    return 0;
  } finally {
    await site.close();
  }
}

process.exitCode = await main(process.argv[2]).catch((error: unknown) => {
  console.error(`db: ${error instanceof Error ? error.message : String(error)}`);
  return 1;
});
