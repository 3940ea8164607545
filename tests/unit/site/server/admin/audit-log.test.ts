/**
 * The audit log on both databases the site runs on, through the same functions the back office
 * calls (over a fresh, migrated database instead of the process's own).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, recentAudit, recordAudit } from '@/site/server/admin/audit-log';
import type { StaffUser } from '@/site/server/admin/staff-user';
import type { SiteDatabase } from '@/site/server/db/database';
import {
  dialects,
  testDatabase,
  type TestDatabase,
} from '@/tests/integration/support/test-databases';

const clerk: StaffUser = { id: 7, email: 'clerk@firm.example', role: 'staff' };
const partner: StaffUser = { id: 3, email: 'partner@firm.example', role: 'admin' };
const t0 = Date.UTC(2025, 10, 3, 9, 30);

describe.each(dialects)('audit log on %s', (dialect) => {
  let database: TestDatabase;
  let site: SiteDatabase;
  const db = () => Promise.resolve(site);

  beforeAll(async () => {
    database = await testDatabase(dialect);
    site = await database.open();
  });
  afterAll(() => database.dispose());

  it("records staff actions and reads a lead's history, oldest first", async () => {
    const first = await recordAudit({ staff: clerk, action: 'lead.viewed', leadId: 'L-1' }, t0, db);
    expect(first).toEqual({
      id: expect.any(Number) as number,
      at: t0,
      userId: 7,
      userEmail: 'clerk@firm.example',
      action: 'lead.viewed',
      leadId: 'L-1',
      detail: null,
    });
    await recordAudit({ staff: partner, action: 'users.listed' }, t0 + 1, db);
    await recordAudit(
      { staff: partner, action: 'lead.retried', leadId: 'L-2', detail: 'held → pending' },
      t0 + 2,
      db,
    );
    // Recorded later with an earlier clock: the order is still the order of recording.
    await recordAudit(
      { staff: clerk, action: 'lead.handled', leadId: 'L-1', detail: 'Called back — €50k' },
      t0 - 60_000,
      db,
    );

    const history = await auditOf('L-1', db);
    expect(history.map((entry) => [entry.action, entry.userEmail, entry.at, entry.detail])).toEqual(
      [
        ['lead.viewed', 'clerk@firm.example', t0, null],
        ['lead.handled', 'clerk@firm.example', t0 - 60_000, 'Called back — €50k'],
      ],
    );
    expect(await auditOf('L-404', db)).toEqual([]);
  });

  it('lists the latest actions anywhere, newest first, up to the limit', async () => {
    const recent = await recentAudit(3, db);
    expect(recent.map((entry) => [entry.action, entry.leadId])).toEqual([
      ['lead.handled', 'L-1'],
      ['lead.retried', 'L-2'],
      ['users.listed', null],
    ]);
    expect(recent[2]).toMatchObject({ userId: 3, userEmail: 'partner@firm.example' });
    expect(await recentAudit(0, db)).toEqual([]);
    expect(await recentAudit(100, db)).toHaveLength(4);
  });

  it('refuses an entry without an action', async () => {
    await expect(recordAudit({ staff: clerk, action: ' ' }, t0, db)).rejects.toThrow(
      'recordAudit: an action is required',
    );
    expect(await recentAudit(100, db)).toHaveLength(4);
  });
});
