/**
 * The back office's door on both databases: a real account API, real sessions, roles granted
 * with the role store. `staffForPage` is `requireStaff` with the cookie already read; what Next
 * does with its redirect and 404 is Next's (its errors are checked by their digest).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoleStore } from '@/site/server/auth/role-store';
import type { AuthTables } from '@/site/server/auth/user-store';
import { staffForPage, staffFromRequest } from '@/site/server/admin/staff-guard';
import type { SiteDatabase } from '@/site/server/db/database';
import { cookieOf, makeAuth, post, registerConfirmed } from '@/tests/integration/auth-support';
import { dialects } from '@/tests/integration/support/test-databases';

const password = 'correct horse battery';

/** The error a call threw, for its digest. */
async function thrown(promise: Promise<unknown>): Promise<{ digest?: string }> {
  try {
    await promise;
  } catch (error) {
    return error as { digest?: string };
  }
  throw new Error('expected the call to throw');
}

describe.each(dialects)('staff guard on %s', (dialect) => {
  let auth: Awaited<ReturnType<typeof makeAuth>>;
  const database = () => Promise.resolve<SiteDatabase>(auth.db);
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    auth = await makeAuth({}, dialect);
    const roles = createRoleStore(auth.db.db.withTables<AuthTables>());
    for (const [email, role] of [
      ['visitor@startup.example', undefined],
      ['clerk@firm.example', 'staff'],
      ['partner@firm.example', 'admin'],
    ] as const) {
      await registerConfirmed(auth, email, password);
      if (role) await roles.grant(email, role);
      const cookie = cookieOf(await auth.api.login(post('login', { email, password })));
      tokens[email] = cookie.split('=')[1] ?? '';
    }
  });
  afterAll(() => auth.db.close());

  it('sends a visitor who is not signed in to sign in, then back to the page', async () => {
    for (const token of [undefined, 'not-a-session']) {
      const error = await thrown(staffForPage(token, '/admin/leads/L 1?tab=audit', database));
      expect(error.digest).toBe(
        'NEXT_REDIRECT;replace;/login?next=%2Fadmin%2Fleads%2FL%201%3Ftab%3Daudit;307;',
      );
    }
  });

  it('answers 404 to a signed-in account without a staff role', async () => {
    const error = await thrown(staffForPage(tokens['visitor@startup.example'], '/admin', database));
    expect(error.digest).toBe('NEXT_HTTP_ERROR_FALLBACK;404');
  });

  it('lets staff and admins in, with their role', async () => {
    const clerk = await staffForPage(tokens['clerk@firm.example'], '/admin', database);
    expect(clerk).toEqual({
      id: expect.any(Number) as number,
      email: 'clerk@firm.example',
      role: 'staff',
    });
    const partner = await staffForPage(tokens['partner@firm.example'], '/admin', database);
    expect(partner).toMatchObject({ email: 'partner@firm.example', role: 'admin' });
  });

  it('finds the staff member of a route handler request by the session cookie only', async () => {
    const request = (headers: Record<string, string>) =>
      new Request('http://127.0.0.1:3000/admin/leads/x/handled', { method: 'POST', headers });
    const token = tokens['clerk@firm.example'] ?? '';
    expect(
      await staffFromRequest(request({ cookie: `other=1; auth._token.local=${token}` }), database),
    ).toMatchObject({ email: 'clerk@firm.example', role: 'staff' });
    expect(await staffFromRequest(request({ authorization: `Bearer ${token}` }), database)).toBe(
      undefined,
    );
    expect(await staffFromRequest(request({}), database)).toBeUndefined();
    const visitor = tokens['visitor@startup.example'] ?? '';
    expect(
      await staffFromRequest(request({ cookie: `auth._token.local=${visitor}` }), database),
    ).toBeUndefined();
  });

  it('takes a revoked role away at the next request', async () => {
    const roles = createRoleStore(auth.db.db.withTables<AuthTables>());
    await roles.grant('visitor@startup.example', 'staff');
    const token = tokens['visitor@startup.example'];
    expect(await staffForPage(token, '/admin', database)).toMatchObject({ role: 'staff' });
    await roles.revoke('visitor@startup.example');
    const error = await thrown(staffForPage(token, '/admin', database));
    expect(error.digest).toBe('NEXT_HTTP_ERROR_FALLBACK;404');
  });

  it('opens nothing to a role on an unconfirmed address (one granted before grants checked)', async () => {
    const email = 'early@firm.example';
    await auth.api.register(post('register', { email, password }));
    const token = cookieOf(await auth.api.login(post('login', { email, password }))).split('=')[1];
    // Set as an older release could, before `grant` refused an unconfirmed address.
    await auth.db.db
      .withTables<AuthTables>()
      .updateTable('users')
      .set({ role: 'admin' })
      .where('email', '=', email)
      .execute();
    const error = await thrown(staffForPage(token, '/admin', database));
    expect(error.digest).toBe('NEXT_HTTP_ERROR_FALLBACK;404');
    const request = new Request('http://127.0.0.1:3000/admin/leads/x/handled', {
      method: 'POST',
      headers: { cookie: `auth._token.local=${token}` },
    });
    expect(await staffFromRequest(request, database)).toBeUndefined();
  });
});
