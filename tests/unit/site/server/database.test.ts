import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import {
  migrate,
  openDatabase,
  type Migration,
  type SiteDatabase,
} from '@/site/server/db/database';
import {
  dialects,
  testDatabase,
  type TestDatabase,
} from '@/tests/integration/support/test-databases';

const notes: Migration = {
  name: 'test-001',
  sqlite: ['CREATE TABLE notes (body TEXT NOT NULL)'],
  postgres: ['CREATE TABLE notes (body TEXT NOT NULL)'],
};
const tagged: Migration = {
  name: 'test-002',
  sqlite: ['ALTER TABLE notes ADD COLUMN tag TEXT'],
  postgres: ['ALTER TABLE notes ADD COLUMN tag TEXT'],
};

const opened: SiteDatabase[] = [];
const made: TestDatabase[] = [];
afterEach(async () => {
  for (const one of opened.splice(0)) await one.close();
  for (const one of made.splice(0)) await one.dispose();
});

async function fresh(dialect: (typeof dialects)[number]) {
  const database = await testDatabase(dialect);
  made.push(database);
  return () => {
    const site = openDatabase(database.config);
    opened.push(site);
    return site;
  };
}

const names = async (site: SiteDatabase) =>
  (await sql<{ name: string }>`SELECT name FROM schema_migrations ORDER BY name`.execute(site.db))
    .rows;

describe.each(dialects)('database on %s', (dialect) => {
  it('applies each migration once and keeps data across reopen', async () => {
    const open = await fresh(dialect);
    const first = open();
    expect(await migrate(first, [notes])).toEqual(['test-001']);
    await sql`INSERT INTO notes (body) VALUES (${'kept'})`.execute(first.db);
    await first.close();

    const second = open();
    expect(await migrate(second, [notes, tagged])).toEqual(['test-002']);
    expect(await migrate(second, [notes, tagged])).toEqual([]);
    const rows = await sql`SELECT body, tag FROM notes`.execute(second.db);
    expect(rows.rows).toEqual([{ body: 'kept', tag: null }]);
    expect(await names(second)).toEqual([{ name: 'test-001' }, { name: 'test-002' }]);
  });

  it('rolls back a failing run as a whole', async () => {
    const open = await fresh(dialect);
    const site = open();
    const bad: Migration = {
      name: 'bad',
      sqlite: ['CREATE TABLE a (x TEXT)', 'CREATE TABLE a (y TEXT)'],
      postgres: ['CREATE TABLE a (x TEXT)', 'CREATE TABLE a (y TEXT)'],
    };
    await expect(migrate(site, [notes, bad])).rejects.toThrow(/already exists/);
    expect(await names(site).catch(() => [])).toEqual([]);
    await expect(sql`SELECT * FROM notes`.execute(site.db)).rejects.toThrow();
  });
});

describe('database on postgres', () => {
  it('applies migrations once when several instances start at once', async () => {
    const open = await fresh('postgres');
    const runs = await Promise.all(
      Array.from({ length: 4 }, () => migrate(open(), [notes, tagged])),
    );
    expect(runs.flat().sort()).toEqual(['test-001', 'test-002']);
    expect(await names(open())).toEqual([{ name: 'test-001' }, { name: 'test-002' }]);
  });
});

describe('database on sqlite', () => {
  it('keeps the file in WAL mode', async () => {
    const open = await fresh('sqlite');
    expect(open().sqlite?.pragma('journal_mode', { simple: true })).toBe('wal');
  });
});
