/**
 * `npm run users -- grant | revoke | list`: the real CLI in a child process, on a SQLite file
 * (`LEADS_DB`) holding three visitors' accounts, one of them not confirmed yet.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserStore, type AuthTables } from '@/site/server/auth/user-store';
import { openMigrated } from '@/site/server/db/database';
import { siteMigrations } from '@/site/server/db/site-migrations';
import { runScript } from '@/tests/integration/support/run-script';

const dir = mkdtempSync(path.join(tmpdir(), 'users-cli-'));
const file = path.join(dir, 'site.sqlite');

const cli = (...args: string[]) => runScript('scripts/users.ts', args, { LEADS_DB: file });

async function roles(): Promise<Record<string, string | null>> {
  const site = await openMigrated({ file }, siteMigrations);
  try {
    const rows = await sql<{ email: string; role: string | null }>`
      SELECT email, role FROM users ORDER BY email`.execute(site.db);
    return Object.fromEntries(rows.rows.map((row) => [row.email, row.role]));
  } finally {
    await site.close();
  }
}

beforeAll(async () => {
  const site = await openMigrated({ file }, siteMigrations);
  const users = createUserStore(site.db.withTables<AuthTables>());
  await users.create('partner@firm.example', 'scrypt$unused', Date.UTC(2025, 0, 1));
  await users.create('visitor@startup.example', 'scrypt$unused', Date.UTC(2025, 0, 2));
  await users.create('newcomer@startup.example', 'scrypt$unused', Date.UTC(2025, 0, 3));
  await site.db
    .withTables<AuthTables>()
    .updateTable('users')
    .set({ email_verified_at: Date.UTC(2025, 0, 1) })
    .where('email', 'in', ['partner@firm.example', 'visitor@startup.example'])
    .execute();
  await site.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run users', { timeout: 90_000 }, () => {
  it('grants, changes and revokes a role, printing each change', async () => {
    const granted = await cli('grant', 'Partner@Firm.example', 'admin');
    expect(granted, granted.stderr).toMatchObject({ code: 0 });
    expect(granted.stdout).toBe('partner@firm.example: no role → admin\n');

    const again = await cli('grant', 'partner@firm.example', 'admin');
    expect(again.stdout).toBe('partner@firm.example: unchanged (admin)\n');

    const staff = await cli('grant', 'visitor@startup.example', 'staff');
    expect(staff.stdout).toBe('visitor@startup.example: no role → staff\n');
    expect(await roles()).toEqual({
      'newcomer@startup.example': null,
      'partner@firm.example': 'admin',
      'visitor@startup.example': 'staff',
    });

    const list = await cli('list');
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toBe(
      [
        'admin    partner@firm.example',
        'staff    visitor@startup.example',
        '2 account(s) with a role',
        '',
      ].join('\n'),
    );

    const revoked = await cli('revoke', 'visitor@startup.example');
    expect(revoked.stdout).toBe('visitor@startup.example: staff → no role\n');
    expect(await roles()).toEqual({
      'newcomer@startup.example': null,
      'partner@firm.example': 'admin',
      'visitor@startup.example': null,
    });
    const all = await cli('list', '--all');
    expect(all.stdout).toBe(
      [
        'no role  newcomer@startup.example  (e-mail not confirmed)',
        'admin    partner@firm.example',
        'no role  visitor@startup.example',
        '3 account(s)',
        '',
      ].join('\n'),
    );
  });

  it('refuses a role to an address that is not confirmed, saying why and what to do', async () => {
    const refused = await cli('grant', 'newcomer@startup.example', 'staff');
    expect(refused).toMatchObject({ code: 2, stdout: '' });
    expect(refused.stderr).toBe(
      'The e-mail address "newcomer@startup.example" is not confirmed yet, so it gets no role: ' +
        'anyone can register an address that is not theirs. Its owner must first follow the link ' +
        'in the confirmation e-mail (or ask for a new one at /account/verify), then run this again.\n',
    );
    expect((await roles())['newcomer@startup.example']).toBeNull();
  });

  it('exits 2 with a clear message for an unknown address, role or command', async () => {
    const [unknownEmail, unknownRole, noRole, unknownCommand, unknownRevoke] = await Promise.all([
      cli('grant', 'nobody@firm.example', 'staff'),
      cli('grant', 'partner@firm.example', 'owner'),
      cli('grant', 'partner@firm.example'),
      cli('promote', 'partner@firm.example'),
      cli('revoke', 'nobody@firm.example'),
    ]);
    expect(unknownEmail).toMatchObject({ code: 2, stdout: '' });
    expect(unknownEmail.stderr).toContain(
      'There is no account with the e-mail address "nobody@firm.example"; it must be registered at /login first.',
    );
    expect(unknownRole).toMatchObject({ code: 2, stdout: '' });
    expect(unknownRole.stderr).toContain('Unknown role "owner": use "staff" or "admin".');
    expect(noRole).toMatchObject({ code: 2, stdout: '' });
    expect(noRole.stderr).toContain('usage: npm run users');
    expect(unknownCommand).toMatchObject({ code: 2, stdout: '' });
    expect(unknownCommand.stderr).toContain('usage: npm run users');
    expect(unknownRevoke).toMatchObject({ code: 2, stdout: '' });
    // Nothing changed by the refused commands.
    expect((await roles())['partner@firm.example']).toBe('admin');
  });

  it('marks a staff member as taking leads, and refuses an account without a role', async () => {
    const on = await cli('takes-leads', 'Partner@firm.example', 'on');
    expect(on, on.stderr).toMatchObject({ code: 0 });
    expect(on.stdout).toBe('partner@firm.example: takes no leads → takes leads\n');
    const again = await cli('takes-leads', 'partner@firm.example', 'on');
    expect(again.stdout).toBe('partner@firm.example: unchanged (takes leads)\n');

    const [visitor, noSwitch] = await Promise.all([
      cli('takes-leads', 'visitor@startup.example', 'on'),
      cli('takes-leads', 'partner@firm.example', 'maybe'),
    ]);
    expect(visitor).toMatchObject({ code: 2, stdout: '' });
    expect(visitor.stderr).toBe(
      'visitor@startup.example has no staff role, so it takes no leads: grant it one first.\n',
    );
    expect(noSwitch).toMatchObject({ code: 2, stdout: '' });
    expect(noSwitch.stderr).toContain('takes-leads <email> on|off');

    const off = await cli('takes-leads', 'partner@firm.example', 'off');
    expect(off.stdout).toBe('partner@firm.example: takes leads → takes no leads\n');
  });
});
