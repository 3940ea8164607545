/**
 * What a staff action's route handler gets from `checkStaffPost`, on both databases: real
 * requests as a browser's form post makes them, real sessions from the account API, roles
 * granted with the role store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CSRF_FIELD,
  MAX_STAFF_FORM_BYTES,
  checkStaffPost,
  csrfToken,
} from '@/site/server/admin/admin-post';
import { createRoleStore } from '@/site/server/auth/role-store';
import { digestToken } from '@/site/server/auth/secret-token';
import type { AuthTables } from '@/site/server/auth/user-store';
import type { SiteDatabase } from '@/site/server/db/database';
import { cookieOf, makeAuth, post, registerConfirmed } from '@/tests/integration/auth-support';
import { dialects } from '@/tests/integration/support/test-databases';

const password = 'correct horse battery';
const form = 'application/x-www-form-urlencoded';

describe('csrfToken', () => {
  it('is a digest bound to the session, never the session token or its stored digest', () => {
    const session = 'k3J9x_2Qp0aZ8mT1k3J9x_2Qp0aZ8mT1k3J9x_2Qp0a';
    const token = csrfToken(session);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(csrfToken(session)).toBe(token);
    expect(csrfToken(`${session}b`)).not.toBe(token);
    expect(token).not.toContain(session);
    expect(Buffer.from(token, 'base64url').toString('hex')).not.toBe(digestToken(session));
  });
});

describe.each(dialects)('checkStaffPost on %s', (dialect) => {
  let auth: Awaited<ReturnType<typeof makeAuth>>;
  const database = () => Promise.resolve<SiteDatabase>(auth.db);
  const sessions: Record<string, string> = {};

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
      sessions[email] = cookieOf(await auth.api.login(post('login', { email, password })))
        .split('=')
        .slice(1)
        .join('=');
    }
  });
  afterAll(() => auth.db.close());

  const clerk = () => sessions['clerk@firm.example'] ?? '';

  /** A staff form's POST as the browser sends it from the back office. */
  function action(
    fields: Record<string, string> | string,
    headers: Record<string, string | undefined> = {},
    /** The session cookie's value; null: no cookie. */
    session: string | null = clerk(),
  ): Request {
    const body =
      typeof fields === 'string'
        ? fields
        : new URLSearchParams({ [CSRF_FIELD]: csrfToken(session ?? 'none'), ...fields }).toString();
    const all: Record<string, string | undefined> = {
      'content-type': form,
      origin: 'http://site.test',
      'sec-fetch-site': 'same-origin',
      cookie: session === null ? undefined : `auth._token.local=${session}`,
      ...headers,
    };
    return new Request('http://site.test/admin/leads/L1/handled', {
      method: 'POST',
      headers: Object.fromEntries(
        Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== undefined),
      ),
      body,
    });
  }

  async function refusal(request: Request) {
    const checked = await checkStaffPost(request, database);
    if (checked.ok) throw new Error('expected a refusal');
    return { status: checked.response.status, text: await checked.response.text() };
  }

  it("gives the staff member and the form's fields, without the token", async () => {
    const checked = await checkStaffPost(
      action({ note: 'Called back — wants €50k', lead: 'L1' }),
      database,
    );
    expect(checked).toEqual({
      ok: true,
      staff: { id: expect.any(Number) as number, email: 'clerk@firm.example', role: 'staff' },
      form: new URLSearchParams({ note: 'Called back — wants €50k', lead: 'L1' }),
    });
    // A charset parameter, an old browser's missing Origin, or a proxy's X-Forwarded-Host.
    for (const headers of [
      { 'content-type': `${form}; charset=UTF-8` },
      { origin: undefined, 'sec-fetch-site': undefined },
      { origin: 'https://www.firm.example', 'x-forwarded-host': 'www.firm.example' },
    ]) {
      const ok = await checkStaffPost(action({ note: 'x' }, headers), database);
      expect(ok.ok, JSON.stringify(headers)).toBe(true);
    }
    const admin = await checkStaffPost(
      action({}, {}, sessions['partner@firm.example'] ?? ''),
      database,
    );
    expect(admin).toMatchObject({ ok: true, staff: { role: 'admin' } });
  });

  it('answers 404, as for nothing there, to anyone who is not staff', async () => {
    for (const session of [null, 'not-a-session', sessions['visitor@startup.example'] ?? '']) {
      expect(await refusal(action({ note: 'x' }, {}, session))).toEqual({
        status: 404,
        text: 'Not Found\n',
      });
    }
    // Also before any other check: a visitor learns nothing from a cross-site or JSON request.
    const visitor = sessions['visitor@startup.example'] ?? '';
    expect((await refusal(action('{}', { origin: 'https://evil.example' }, visitor))).status).toBe(
      404,
    );
    expect(
      (await refusal(action('{}', { 'content-type': 'application/json' }, visitor))).status,
    ).toBe(404);
  });

  it("refuses with 403 a post from another site's page", async () => {
    for (const headers of [
      { origin: 'https://evil.example' },
      { origin: 'http://site.test.evil.example' },
      { origin: 'null' },
      { origin: undefined, 'sec-fetch-site': 'cross-site' },
      { origin: 'http://site.test', 'sec-fetch-site': 'cross-site' },
    ]) {
      const refused = await refusal(action({ note: 'x' }, headers));
      expect(refused.status, JSON.stringify(headers)).toBe(403);
      expect(refused.text).toBe('Staff actions are taken from this site only.\n');
    }
  });

  it('refuses with 403 a form whose token is missing, wrong, doubled or of another session', async () => {
    const token = csrfToken(clerk());
    const otherSession = csrfToken(sessions['partner@firm.example'] ?? '');
    for (const body of [
      'note=x',
      `${CSRF_FIELD}=&note=x`,
      // One character changed (never to itself: a token ending in A stays wrong with B).
      `${CSRF_FIELD}=${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}&note=x`,
      `${CSRF_FIELD}=${token.slice(0, 20)}`,
      `${CSRF_FIELD}=${otherSession}`,
      `${CSRF_FIELD}=${token}&${CSRF_FIELD}=${token}`,
      `${CSRF_FIELD}=${clerk()}`,
    ]) {
      const refused = await refusal(action(body));
      expect(refused.status, body).toBe(403);
      expect(refused.text).toBe(
        'This form has expired or was not made for your session; reload the page.\n',
      );
    }
  });

  it('refuses another content type with 415', async () => {
    for (const type of ['application/json', 'multipart/form-data; boundary=x', 'text/plain', '']) {
      const refused = await refusal(action({ note: 'x' }, { 'content-type': type }));
      expect(refused.status, type).toBe(415);
    }
  });

  it('refuses a form over 64 KiB with 413, whether or not its length is declared', async () => {
    const token = csrfToken(clerk());
    const big = `${CSRF_FIELD}=${token}&note=${'x'.repeat(MAX_STAFF_FORM_BYTES)}`;
    expect((await refusal(action(big))).status).toBe(413);

    const bytes = new TextEncoder().encode(big);
    const streamed = new Request('http://site.test/admin/leads/L1/handled', {
      method: 'POST',
      headers: { 'content-type': form, cookie: `auth._token.local=${clerk()}` },
      body: new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < bytes.length; i += 8192) controller.enqueue(bytes.slice(i, i + 8192));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.headers.get('content-length')).toBeNull();
    expect((await refusal(streamed)).status).toBe(413);

    const justUnder = `${CSRF_FIELD}=${token}&note=`;
    const fits = justUnder + 'x'.repeat(MAX_STAFF_FORM_BYTES - justUnder.length);
    expect((await checkStaffPost(action(fits), database)).ok).toBe(true);
  });

  it('stops accepting the forms of a session that ended', async () => {
    const email = 'leaver@firm.example';
    await registerConfirmed(auth, email, password);
    await createRoleStore(auth.db.db.withTables<AuthTables>()).grant(email, 'staff');
    const session = cookieOf(await auth.api.login(post('login', { email, password })))
      .split('=')
      .slice(1)
      .join('=');
    expect((await checkStaffPost(action({}, {}, session), database)).ok).toBe(true);
    await auth.api.logout(
      new Request('http://site.test/auth/logout', {
        method: 'POST',
        headers: { cookie: `auth._token.local=${session}` },
      }),
    );
    expect((await refusal(action({}, {}, session))).status).toBe(404);
  });
});
