import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { authMessages } from '@/site/server/auth/auth-api';
import { createSmtpMailer } from '@/site/server/mail/smtp-mailer';
import { decodeQuotedPrintable, startSmtpSink } from './smtp-sink';
import { SITE, cookieOf, get, linkToken, makeAuth, post } from './auth-support';
import { dialects } from './support/test-databases';

const email = 'founder@startup.example';
const password = 'correct horse battery';

describe.each(dialects)('account API on %s: register, verify, sign in, sign out', (dialect) => {
  it('walks the whole journey with a real database and real mail files', async () => {
    const { api, mails, db } = await makeAuth({}, dialect);

    const registered = await api.register(
      post('register', { email: ' Founder@Startup.example ', password }),
    );
    expect(registered.status).toBe(202);
    expect(await registered.json()).toEqual({ success: authMessages.registered });
    const [mail] = mails();
    expect(mail).toMatch(/^To: founder@startup\.example\r$/m);
    expect(mail).toContain(`${SITE}/account/verify?token=`);
    const token = linkToken(mail);

    // The link's token is stored only as a digest; the password only as a scrypt hash.
    const dump = JSON.stringify((await sql`SELECT * FROM email_verifications`.execute(db.db)).rows);
    expect(dump).not.toContain(token);
    const [user] = (
      await sql<{ password_hash: string }>`SELECT password_hash FROM users`.execute(db.db)
    ).rows;
    const stored = user?.password_hash ?? '';
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(stored).not.toContain(password);

    const early = await api.login(post('login', { email, password }));
    expect(early.status).toBe(200);
    const body = (await early.json()) as { data: { user: Record<string, unknown> } };
    expect(body.data.user).toMatchObject({ email, email_verified_at: null });
    const earlyCookie = cookieOf(early);
    expect(earlyCookie).toMatch(/^auth\._token\.local=[\w-]{43}$/);
    expect(early.headers.get('set-cookie')).toBe(
      `${earlyCookie}; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax`,
    );

    const me = await api.user(get('user', { cookie: earlyCookie }));
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ data: { user: { email, email_verified_at: null } } });

    const verified = await api.verify(post('verify', { token }));
    expect(verified.status).toBe(200);
    // Confirming ends every session of the account: the visitor signs in afresh.
    expect((await api.user(get('user', { cookie: earlyCookie }))).status).toBe(401);
    const cookie = cookieOf(await api.login(post('login', { email, password })));
    const after = (await (await api.user(get('user', { cookie }))).json()) as {
      data: { user: { email_verified_at: string } };
    };
    expect(Date.parse(after.data.user.email_verified_at)).toBeGreaterThan(0);

    // Single use: the same link does nothing the second time.
    const again = await api.verify(post('verify', { token }));
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({
      errors: [{ field: 'token', message: authMessages.badToken }],
    });

    const logout = await api.logout(post('logout', '', { cookie }));
    expect(logout.status).toBe(200);
    expect(logout.headers.get('set-cookie')).toBe(
      'auth._token.local=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax',
    );
    // The session is gone on the server too, not only in the browser.
    const stale = await api.user(get('user', { cookie }));
    expect(stale.status).toBe(401);
    expect(stale.headers.get('set-cookie')).toContain('Max-Age=0');
  });

  it('keeps the session token out of the sign-in body: only the HttpOnly cookie carries it', async () => {
    const { api } = await makeAuth({}, dialect);
    await api.register(post('register', { email, password }));
    const login = await api.login(post('login', { email, password }));
    expect(login.status).toBe(200);
    const setCookie = login.headers.get('set-cookie') ?? '';
    const token = cookieOf(login).split('=')[1] ?? '';
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(setCookie).toContain('; HttpOnly;');
    const text = await login.text();
    expect(text).not.toContain(token);
    expect(text).not.toContain(setCookie);
    const body = JSON.parse(text) as { data: Record<string, unknown> };
    expect(Object.keys(body)).toEqual(['data']);
    expect(Object.keys(body.data)).toEqual(['user']);
    expect(body.data.user).toMatchObject({ email });
    // The cookie alone opens the session.
    expect((await api.user(get('user', { cookie: cookieOf(login) }))).status).toBe(200);
  });

  it('accepts the token as a bearer header and answers 401 without any', async () => {
    const { api } = await makeAuth({}, dialect);
    await api.register(post('register', { email, password }));
    const login = await api.login(post('login', { email, password }));
    const token = cookieOf(login).split('=')[1] ?? '';
    expect((await api.user(get('user', { authorization: `Bearer ${token}` }))).status).toBe(200);
    const anonymous = await api.user(get('user'));
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ errors: [{ message: authMessages.notSignedIn }] });
  });

  it('marks the cookie Secure when the visitor came over https', async () => {
    const { api } = await makeAuth({}, dialect);
    await api.register(post('register', { email, password }));
    const viaProxy = await api.login(
      post('login', { email, password }, { 'x-forwarded-proto': 'https' }),
    );
    expect(viaProxy.headers.get('set-cookie')).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
    const direct = await api.login(
      new Request('https://firm.example/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      }),
    );
    expect(direct.headers.get('set-cookie')).toMatch(/; Secure$/);
  });

  it('expires verification links after 24 hours', async () => {
    let clock = Date.parse('2026-01-01T00:00:00Z');
    const { api, mails } = await makeAuth({ now: () => clock }, dialect);
    await api.register(post('register', { email, password }));
    clock += 24 * 60 * 60 * 1000 + 1;
    const expired = await api.verify(post('verify', { token: linkToken(mails()[0]) }));
    expect(expired.status).toBe(400);
  });

  it('resends a link for an unverified address only, and the older link stops working', async () => {
    const { api, mails } = await makeAuth({}, dialect);
    await api.register(post('register', { email, password }));
    const first = linkToken(mails()[0]);

    const unknown = await api.resendVerification(
      post('resend-verification', { email: 'nobody@x.example' }),
    );
    const known = await api.resendVerification(post('resend-verification', { email }));
    expect(unknown.status).toBe(202);
    expect(known.status).toBe(202);
    expect(await unknown.json()).toEqual(await known.json());

    await expect.poll(() => mails().length).toBe(2);
    const second = linkToken(mails()[1]);
    expect(second).not.toBe(first);
    expect((await api.verify(post('verify', { token: first }))).status).toBe(400);
    expect((await api.verify(post('verify', { token: second }))).status).toBe(200);

    // Verified now: a further resend sends nothing.
    await api.resendVerification(post('resend-verification', { email }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(mails()).toHaveLength(2);
  });

  it('answers 503 when the SMTP server refuses, keeps the account and lets a retry send it', async () => {
    const sink = await startSmtpSink();
    try {
      sink.state.failing = true;
      const { api, errors } = await makeAuth(
        {
          mailer: createSmtpMailer({ url: sink.url, from: 'no-reply@firm.example' }),
        },
        dialect,
      );
      const failed = await api.register(post('register', { email, password }));
      expect(failed.status).toBe(503);
      expect(await failed.json()).toEqual({ errors: [{ message: authMessages.mailFailed }] });
      expect(String(errors[0])).toMatch(/451/);
      sink.state.failing = false;
      expect((await api.register(post('register', { email, password }))).status).toBe(202);
      expect(sink.messages).toHaveLength(1);
      const token = linkToken(decodeQuotedPrintable(sink.messages[0]?.data ?? ''));
      expect((await api.verify(post('verify', { token }))).status).toBe(200);
    } finally {
      await sink.close();
    }
  });
});
