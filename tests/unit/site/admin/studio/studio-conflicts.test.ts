/**
 * Two members of staff on one flow, through the studio's actions, over SQLite: the suite is in
 * support/conflict-actions.ts (studio-conflicts-postgres.test.ts runs it over PostgreSQL).
 */
import { rmSync } from 'node:fs';
import { vi } from 'vitest';
import { describeConflictActions } from './support/conflict-actions';

// This file's own SQLite database and mail folder (site/env.ts reads them once, on import).
const files = vi.hoisted(() => {
  const base = `${process.env.TMPDIR ?? '/tmp'}/studio-conflicts-${process.pid}-${Date.now()}`;
  process.env.LEADS_DB = `${base}.sqlite`;
  process.env.MAIL_DIR = `${base}-mail`;
  return base;
});

describeConflictActions('sqlite', () => {
  for (const suffix of ['.sqlite', '.sqlite-wal', '.sqlite-shm'])
    rmSync(`${files}${suffix}`, { force: true });
  rmSync(`${files}-mail`, { recursive: true, force: true });
});
