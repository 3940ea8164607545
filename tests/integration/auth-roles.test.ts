/**
 * Staff roles (auth-004-roles) on both databases: only 'staff' or 'admin' can be stored, the
 * role store grants, revokes and lists them, and the account API's public answers keep their
 * shape whatever the role.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createRoleStore } from '@/site/server/auth/role-store';
import type { AuthTables } from '@/site/server/auth/user-store';
import { migrate, openDatabase } from '@/site/server/db/database';
import { siteMigrations } from '@/site/server/db/site-migrations';
import { cookieOf, get, makeAuth, post, registerConfirmed } from './auth-support';
import { dialects, testDatabase } from './support/test-databases';

const password = 'correct horse battery';

describe.each(dialects)('staff roles on %s', (dialect) => {
  it('leaves the accounts of a database made before roles without one', async () => {
    const database = await testDatabase(dialect);
    const site = openDatabase(database.config);
    const before = siteMigrations.findIndex((m) => m.name === 'auth-004-roles');
    await migrate(site, siteMigrations.slice(0, before));
    await sql`INSERT INTO users (email, password_hash, created_at)
      VALUES ('early@startup.example', 'scrypt$unused', 1)`.execute(site.db);
    expect(await migrate(site, siteMigrations)).toContain('auth-004-roles');
    const rows = await sql<{ email: string; role: string | null }>`
      SELECT email, role FROM users`.execute(site.db);
    expect(rows.rows).toEqual([{ email: 'early@startup.example', role: null }]);
    await site.close();
    await database.dispose();
  });

  it('keeps visitors without a role and refuses a role other than staff or admin', async () => {
    const { api, db } = await makeAuth({}, dialect);
    await api.register(post('register', { email: 'visitor@startup.example', password }));
    const rows = await sql<{ role: string | null }>`SELECT role FROM users`.execute(db.db);
    expect(rows.rows).toEqual([{ role: null }]);

    await expect(
      sql`UPDATE users SET role = 'owner' WHERE email = 'visitor@startup.example'`.execute(db.db),
    ).rejects.toThrow(/users_role_known|CHECK constraint/i);
    await sql`UPDATE users SET role = 'staff'`.execute(db.db);
    await sql`UPDATE users SET role = 'admin'`.execute(db.db);
    await sql`UPDATE users SET role = NULL`.execute(db.db);
    await db.close();
  });

  it('grants, revokes and lists roles', async () => {
    const auth = await makeAuth({}, dialect);
    const { db } = auth;
    for (const email of ['b@firm.example', 'a@firm.example', 'c@startup.example']) {
      await registerConfirmed(auth, email, password);
    }
    const roles = createRoleStore(db.db.withTables<AuthTables>());
    expect(await roles.grant('b@firm.example', 'staff')).toEqual({
      email: 'b@firm.example',
      before: null,
      after: 'staff',
    });
    expect(await roles.grant('a@firm.example', 'admin')).toMatchObject({ after: 'admin' });
    expect(await roles.grant('b@firm.example', 'admin')).toMatchObject({
      before: 'staff',
      after: 'admin',
    });
    expect(await roles.grant('nobody@firm.example', 'staff')).toBeUndefined();
    expect((await roles.list()).map((user) => [user.email, user.role])).toEqual([
      ['a@firm.example', 'admin'],
      ['b@firm.example', 'admin'],
    ]);
    expect(await roles.revoke('a@firm.example')).toEqual({
      email: 'a@firm.example',
      before: 'admin',
      after: null,
    });
    expect(await roles.revoke('nobody@firm.example')).toBeUndefined();
    expect((await roles.list({ all: true })).map((user) => [user.email, user.role])).toEqual([
      ['a@firm.example', null],
      ['b@firm.example', 'admin'],
      ['c@startup.example', null],
    ]);
    await db.close();
  });

  it('refuses a role to an address nobody confirmed, and revokes one whatever the address', async () => {
    const { api, db } = await makeAuth({}, dialect);
    await api.register(post('register', { email: 'new@firm.example', password }));
    const roles = createRoleStore(db.db.withTables<AuthTables>());
    expect(await roles.grant('new@firm.example', 'admin')).toEqual({
      email: 'new@firm.example',
      refused: 'email-not-confirmed',
    });
    // A role given before confirmations were required can still be taken away.
    await sql`UPDATE users SET role = 'staff'`.execute(db.db);
    expect(await roles.revoke('new@firm.example')).toEqual({
      email: 'new@firm.example',
      before: 'staff',
      after: null,
    });
    await db.close();
  });

  it("never shows a staff member's role in the account API's answers", async () => {
    const auth = await makeAuth({}, dialect);
    const { api, db } = auth;
    const email = 'partner@firm.example';
    await registerConfirmed(auth, email, password);
    await createRoleStore(db.db.withTables<AuthTables>()).grant(email, 'admin');

    const login = await api.login(post('login', { email, password }));
    const body = (await login.json()) as { data: { user: Record<string, unknown> } };
    expect(Object.keys(body.data.user).sort()).toEqual([
      'created_at',
      'email',
      'email_verified_at',
      'id',
    ]);
    const me = (await (await api.user(get('user', { cookie: cookieOf(login) }))).json()) as {
      data: { user: Record<string, unknown> };
    };
    expect(me.data.user).toEqual(body.data.user);
    await db.close();
  });
});
