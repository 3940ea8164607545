/**
 * Taking over an account before its owner registers (issue 32, finding 1), on both databases: a
 * stranger registers a future member of staff's address first. Only the password chosen in the
 * registration whose link was followed may sign in after the confirmation, no session of before
 * survives it, and `npm run users -- grant` gives no role to an address nobody confirmed.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '@/site/server/auth/password-hash';
import { createRoleStore } from '@/site/server/auth/role-store';
import { digestToken } from '@/site/server/auth/secret-token';
import type { AuthTables } from '@/site/server/auth/user-store';
import { createVerificationStore } from '@/site/server/auth/verification-store';
import { migrate, openDatabase, type Dialect } from '@/site/server/db/database';
import { siteMigrations } from '@/site/server/db/site-migrations';
import { cookieOf, get, linkToken, makeAuth, post } from './auth-support';
import { runScript } from './support/run-script';
import { dialects, testDatabase } from './support/test-databases';

const address = 'new.partner@firm.example';
const strangers = 'stranger chose this one';
const owners = 'the owner chose this one';
const stranger = { 'x-forwarded-for': '203.0.113.66' };
const owner = { 'x-forwarded-for': '198.51.100.10' };

async function site(dialect: Dialect, clock?: () => number) {
  const auth = await makeAuth(clock ? { now: clock } : {}, dialect);
  const signIn = (password: string, headers: Record<string, string>) =>
    auth.api.login(post('login', { email: address, password }, headers));
  const signedIn = async (cookie: string) =>
    (await auth.api.user(get('user', { cookie }))).status === 200;
  const follow = async (mail: string | undefined) =>
    (await auth.api.verify(post('verify', { token: linkToken(mail) }))).status;
  const { url, file } = auth.database.config;
  const grant = () =>
    runScript(
      'scripts/users.ts',
      ['grant', address, 'admin'],
      url ? { DATABASE_URL: url } : { LEADS_DB: file },
    );
  return { ...auth, signIn, signedIn, follow, grant };
}

describe.each(dialects)('an address registered by a stranger first, on %s', (dialect) => {
  it(
    'belongs to whoever follows the link: the stranger keeps neither password nor session',
    { timeout: 90_000 },
    async () => {
      const s = await site(dialect);
      expect(
        (await s.api.register(post('register', { email: address, password: strangers }, stranger)))
          .status,
      ).toBe(202);
      const early = await s.signIn(strangers, stranger);
      expect(early.status).toBe(200);
      const strangersSession = cookieOf(early);

      // Before anyone confirms it, the command refuses the role and says why.
      const refused = await s.grant();
      expect(refused).toMatchObject({ code: 2, stdout: '' });
      expect(refused.stderr).toContain(`The e-mail address "${address}" is not confirmed yet`);
      expect(refused.stderr).toContain('must first follow the link in the confirmation e-mail');

      const registered = await s.api.register(
        post('register', { email: address, password: owners }, owner),
      );
      expect(registered.status).toBe(202);
      // The same answer as for the first registration: nothing tells the owner (or anyone) more.
      expect(await registered.json()).toEqual({ success: expect.any(String) as string });
      const [strangersMail, ownersMail] = s.mailsTo(address);
      expect(ownersMail).toBeDefined();
      expect(await s.signedIn(strangersSession)).toBe(false);

      expect(await s.follow(ownersMail)).toBe(200);
      expect((await s.signIn(strangers, stranger)).status).toBe(401);
      expect(await s.signedIn(strangersSession)).toBe(false);
      // The stranger's own link no longer confirms anything either.
      expect(await s.follow(strangersMail)).toBe(400);
      const ownersSignIn = await s.signIn(owners, owner);
      expect(ownersSignIn.status).toBe(200);
      expect(await s.signedIn(cookieOf(ownersSignIn))).toBe(true);

      const granted = await s.grant();
      expect(granted, granted.stderr).toMatchObject({
        code: 0,
        stdout: `${address}: no role → admin\n`,
      });
      await s.db.close();
    },
  );

  it('belongs to the owner too when the stranger registers after them', async () => {
    const s = await site(dialect);
    await s.api.register(post('register', { email: address, password: owners }, owner));
    const ownersEarly = cookieOf(await s.signIn(owners, owner));
    await s.api.register(post('register', { email: address, password: strangers }, stranger));
    // A registration ends every session of the unconfirmed account: the owner signs in again.
    expect(await s.signedIn(ownersEarly)).toBe(false);
    const strangersSession = cookieOf(await s.signIn(strangers, stranger));
    expect(await s.signedIn(strangersSession)).toBe(true);

    // The owner's link still works, and it brings the owner's password back.
    expect(await s.follow(s.mailsTo(address)[0])).toBe(200);
    expect(await s.signedIn(strangersSession)).toBe(false);
    expect((await s.signIn(strangers, stranger)).status).toBe(401);
    expect((await s.signIn(owners, owner)).status).toBe(200);
    const roles = createRoleStore(s.db.db.withTables<AuthTables>());
    expect(await roles.grant(address, 'staff')).toMatchObject({ after: 'staff' });
    await s.db.close();
  });

  it('resends one link per waiting registration, each bringing its own password', async () => {
    let clock = Date.parse('2026-03-02T09:15:00Z');
    const s = await site(dialect, () => clock);
    await s.api.register(post('register', { email: address, password: owners }, owner));
    clock += 60 * 60 * 1000;
    await s.api.register(post('register', { email: address, password: strangers }, stranger));
    // The links expire; the owner asks for new ones.
    clock += 25 * 60 * 60 * 1000;
    expect(
      (await s.api.resendVerification(post('resend-verification', { email: address }))).status,
    ).toBe(202);
    await expect.poll(() => s.mailsTo(address).length).toBe(4);
    const [first, second, ...resent] = s.mailsTo(address);
    expect(first).toContain('registration made on 2026-03-02 09:15 UTC');
    expect(second).toContain('registration made on 2026-03-02 10:15 UTC');
    expect(await s.follow(first)).toBe(400);
    const ownersNewLink = resent.find((mail) => mail.includes('2026-03-02 09:15 UTC'));
    expect(resent.find((mail) => mail.includes('2026-03-02 10:15 UTC'))).toBeDefined();
    expect(await s.follow(ownersNewLink)).toBe(200);
    expect((await s.signIn(strangers, stranger)).status).toBe(401);
    expect((await s.signIn(owners, owner)).status).toBe(200);
    await s.db.close();
  });

  it('keeps the 3 newest registrations waiting: a fourth stops the oldest link', async () => {
    const s = await site(dialect);
    for (const password of [owners, 'second choice here', 'third choice here', strangers]) {
      await s.api.register(post('register', { email: address, password }, stranger));
    }
    const [oldest, ...kept] = s.mailsTo(address);
    expect(kept).toHaveLength(3);
    expect(await s.follow(oldest)).toBe(400);
    expect(await s.follow(kept[0])).toBe(200);
    expect((await s.signIn('second choice here', owner)).status).toBe(200);
    await s.db.close();
  });

  it('lets no session opened with the old password outlive a confirmation it raced', async () => {
    const s = await site(dialect);
    await s.api.register(post('register', { email: address, password: strangers }, stranger));
    await s.api.register(post('register', { email: address, password: owners }, owner));
    // The stranger's password is the account's again until the owner's link is followed.
    await s.api.register(post('register', { email: address, password: strangers }, stranger));
    const attempts = Array.from({ length: 8 }, () => s.signIn(strangers, stranger));
    const confirmed = s.follow(s.mailsTo(address)[1]);
    const answers = await Promise.all(attempts);
    expect(await confirmed).toBe(200);
    for (const answer of answers.filter((response) => response.status === 200)) {
      expect(await s.signedIn(cookieOf(answer))).toBe(false);
    }
    expect((await s.signIn(owners, owner)).status).toBe(200);
    await s.db.close();
  });

  it('keeps a link mailed before links carried passwords working, with the password the account has', async () => {
    const database = await testDatabase(dialect);
    const site = openDatabase(database.config);
    const before = siteMigrations.findIndex((m) => m.name === 'auth-005-verification-passwords');
    await migrate(site, siteMigrations.slice(0, before));
    const hash = await hashPassword(owners);
    await sql`INSERT INTO users (email, password_hash, created_at) VALUES (${address}, ${hash}, 1)`.execute(
      site.db,
    );
    await sql`INSERT INTO email_verifications (token_hash, user_id, created_at, expires_at)
      SELECT ${digestToken('an-old-link')}, id, 1, ${Date.now() + 60_000} FROM users`.execute(
      site.db,
    );
    expect(await migrate(site, siteMigrations)).toContain('auth-005-verification-passwords');

    const confirmed = await createVerificationStore(site.db.withTables<AuthTables>()).consume(
      'an-old-link',
      Date.now(),
    );
    expect(confirmed?.email_verified_at).toBeGreaterThan(0);
    expect(await verifyPassword(owners, confirmed?.password_hash ?? '')).toBe(true);
    await site.close();
    await database.dispose();
  });
});
