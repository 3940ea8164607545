/**
 * Two members of staff on one flow, through the studio's actions, over PostgreSQL: a database of
 * its own in the run's cluster, named to the runtime before it reads the environment. The suite
 * is in support/conflict-actions.ts.
 */
import { rmSync } from 'node:fs';
import { vi } from 'vitest';
import { describeConflictActions } from './support/conflict-actions';

const mail = await vi.hoisted(async () => {
  const { inject } = await import('vitest');
  const { createDatabase } = await import('@/tests/integration/support/postgres-cluster');
  process.env.DATABASE_URL = await createDatabase(inject('postgresUrl'), 'conflicts');
  process.env.MAIL_DIR = `${process.env.TMPDIR ?? '/tmp'}/studio-conflicts-pg-${process.pid}-mail`;
  return process.env.MAIL_DIR;
});

describeConflictActions('postgres', () => rmSync(mail, { recursive: true, force: true }));
