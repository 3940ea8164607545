import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '@/site/server/db/database';

describe('database', () => {
  it('applies each migration once, in WAL mode, and keeps data across reopen', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'db-')), 'nested', 'site.sqlite');
    const migrations = [{ name: 'test-001', sql: 'CREATE TABLE notes (body TEXT NOT NULL)' }];
    const first = openDatabase(file, migrations);
    expect(first.pragma('journal_mode', { simple: true })).toBe('wal');
    first.prepare('INSERT INTO notes (body) VALUES (?)').run('kept');
    first.close();

    const second = openDatabase(file, [
      ...migrations,
      { name: 'test-002', sql: 'ALTER TABLE notes ADD COLUMN tag TEXT' },
    ]);
    const rows = second.prepare('SELECT body, tag FROM notes').all();
    expect(rows).toEqual([{ body: 'kept', tag: null }]);
    const names = second.prepare('SELECT name FROM schema_migrations ORDER BY name').all();
    expect(names).toEqual([{ name: 'test-001' }, { name: 'test-002' }]);
    second.close();
  });

  it('rolls back a failing migration as a whole', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'db-')), 'site.sqlite');
    expect(() =>
      openDatabase(file, [{ name: 'bad', sql: 'CREATE TABLE a (x); CREATE TABLE a (y);' }]),
    ).toThrow(/already exists/);
    const db = openDatabase(file, []);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'a'").all()).toEqual([]);
    db.close();
  });
});
