import { describe, expect, it } from 'vitest';
import { authMessages } from '@/site/server/auth/auth-api';
import type { AuthLimitSettings } from '@/site/server/auth/auth-rate-limits';
import type { Dialect } from '@/site/server/db/database';
import { get, linkToken, makeAuth, post } from './auth-support';
import { dialects } from './support/test-databases';

const email = 'owner@firm-client.example';
const password = 'a long enough secret';

async function registered(
  dialect: Dialect,
  limits: AuthLimitSettings = { loginPerClient: 20, loginPerAccount: 10 },
) {
  const auth = await makeAuth({ limits }, dialect);
  await auth.api.register(post('register', { email, password }));
  return auth;
}

const from = (ip: string) => ({ 'x-forwarded-for': ip });

describe.each(dialects)('account API security on %s', (dialect) => {
  it('gives a wrong password and an unknown e-mail the very same answer', async () => {
    const { api } = await registered(dialect);
    const wrong = await api.login(post('login', { email, password: 'not the password' }));
    const unknown = await api.login(post('login', { email: 'stranger@else.example', password }));
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const wrongBody = await wrong.text();
    expect(wrongBody).toBe(await unknown.text());
    expect(JSON.parse(wrongBody)).toEqual({ errors: [{ message: authMessages.loginFailed }] });
    expect(wrong.headers.get('set-cookie')).toBeNull();
  });

  it('answers 429 to one client after repeated failed logins, whatever the e-mail', async () => {
    const { api } = await registered(dialect, { loginPerClient: 5, loginPerAccount: 100 });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await api.login(
        post(
          'login',
          { email: `guess${attempt}@x.example`, password: 'wrong' },
          from('203.0.113.7'),
        ),
      );
      expect(response.status).toBe(401);
    }
    const blocked = await api.login(post('login', { email, password }, from('203.0.113.7')));
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await blocked.json()).toEqual({
      errors: [{ message: expect.stringMatching(/^Too many attempts/) as string }],
    });
    // Another client is not affected.
    expect((await api.login(post('login', { email, password }, from('198.51.100.2')))).status).toBe(
      200,
    );
  });

  it('answers 429 to one client guessing one account, and the owner elsewhere signs in', async () => {
    const { api } = await registered(dialect, { loginPerClient: 100, loginPerAccount: 3 });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const wrong = await api.login(post('login', { email, password: 'wrong' }, from('192.0.2.1')));
      expect(wrong.status).toBe(401);
    }
    const blocked = await api.login(post('login', { email, password }, from('192.0.2.1')));
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(800);
    // The same client may still try another account (its own limit is not reached).
    const other = await api.login(
      post('login', { email: 'ghost@x.example', password }, from('192.0.2.1')),
    );
    expect(other.status).toBe(401);
    expect((await api.login(post('login', { email, password }, from('198.51.100.2')))).status).toBe(
      200,
    );
  });

  it("lets the owner sign in from their address at once after a stranger's 10 failures from 10 addresses", async () => {
    const { api } = await registered(dialect);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const wrong = await api.login(
        post('login', { email, password: `guess ${attempt}` }, from(`192.0.2.${attempt}`)),
      );
      expect(wrong.status).toBe(401);
    }
    const started = Date.now();
    expect((await api.login(post('login', { email, password }, from('198.51.100.2')))).status).toBe(
      200,
    );
    // No wait but the password check (the account's next turn was free).
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it(
    "slows the account down, never locks it: the owner signs in after a stranger's 100 attempts from 10 addresses",
    { timeout: 60_000 },
    async () => {
      const gapMs = 500;
      const { api } = await registered(dialect, {
        loginPerClient: 20,
        loginPerAccount: 10,
        accountSlowdown: { firstDelayMs: 125, maxDelayMs: gapMs, maxWaitMs: 1_500 },
      });
      const attack = await Promise.all(
        Array.from({ length: 100 }, (_, attempt) =>
          api.login(
            post('login', { email, password: `guess ${attempt}` }, from(`192.0.2.${attempt % 10}`)),
          ),
        ),
      );
      const statuses = attack.map((response) => response.status);
      expect(statuses.filter((status) => status === 401).length).toBeGreaterThanOrEqual(10);
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
      expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);

      const started = Date.now();
      const owners = await api.login(post('login', { email, password }, from('198.51.100.2')));
      expect(owners.status).toBe(200);
      // At most one gap to wait (plus the password check on a busy machine).
      expect(Date.now() - started).toBeLessThan(gapMs + 5_000);
    },
  );

  it(
    'bounds distributed guessing against one account, however many addresses guess at once',
    { timeout: 60_000 },
    async () => {
      const free = 5;
      const gapMs = 250;
      const { api } = await registered(dialect, {
        loginPerClient: 100,
        loginPerAccount: free,
        accountSlowdown: { firstDelayMs: gapMs, maxDelayMs: gapMs, maxWaitMs: 2_000 },
      });
      const started = Date.now();
      const attack = await Promise.all(
        Array.from({ length: 60 }, (_, attempt) =>
          api.login(
            post('login', { email, password: `guess ${attempt}` }, from(`192.0.2.${attempt % 30}`)),
          ),
        ),
      );
      const elapsed = Date.now() - started;
      // A 401 is a password checked: the free attempts, then one per gap at most.
      const checked = attack.filter((response) => response.status === 401).length;
      expect(checked).toBeGreaterThan(free);
      expect(checked).toBeLessThanOrEqual(free + 1 + Math.floor(elapsed / gapMs));
      const refused = attack.filter((response) => response.status === 429);
      expect(refused.length).toBe(60 - checked);
      for (const response of refused) {
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      }
    },
  );

  it('lets the owner at their usual address skip the queue of an ongoing attack', async () => {
    const gapMs = 8_000;
    const { api } = await registered(dialect, {
      loginPerClient: 100,
      loginPerAccount: 2,
      accountSlowdown: { firstDelayMs: gapMs, maxDelayMs: gapMs, maxWaitMs: 100 },
    });
    const home = from('198.51.100.2');
    expect((await api.login(post('login', { email, password }, home))).status).toBe(200);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await api.login(post('login', { email, password: 'wrong' }, from(`192.0.2.${attempt}`)));
    }
    // The account's turn is taken for 8 s: a new client, even with the password, must wait…
    const newcomer = await api.login(post('login', { email, password }, from('192.0.2.200')));
    expect(newcomer.status).toBe(429);
    // …while the owner, who signed in from here before, is not slowed.
    const started = Date.now();
    expect((await api.login(post('login', { email, password }, home))).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(gapMs / 2);
  });

  it('a successful sign-in clears the count of the client and account', async () => {
    const { api } = await registered(dialect, { loginPerClient: 100, loginPerAccount: 3 });
    for (let round = 0; round < 3; round += 1) {
      await api.login(post('login', { email, password: 'wrong' }));
      await api.login(post('login', { email, password: 'wrong' }));
      expect((await api.login(post('login', { email, password }))).status).toBe(200);
    }
  });

  it('registering a known address answers like a new one and changes nothing', async () => {
    const { api, mails } = await registered(dialect);
    await api.verify(post('verify', { token: linkToken(mails()[0]) }));

    const fresh = await api.register(post('register', { email: 'new@x.example', password }));
    const known = await api.register(
      post('register', { email: email.toUpperCase(), password: 'another password here' }),
    );
    expect(known.status).toBe(fresh.status);
    expect(await known.text()).toBe(await fresh.text());
    // The owner is told, and the password stays the owner's.
    expect(
      mails().find((mail) => mail.includes(`To: ${email}`) && mail.includes('already has one')),
    ).toBeTruthy();
    expect(
      (await api.login(post('login', { email, password: 'another password here' }))).status,
    ).toBe(401);
    expect((await api.login(post('login', { email, password }))).status).toBe(200);
  });

  it('refuses malformed bodies with 4xx naming the field and the reason', async () => {
    const { api } = await makeAuth({}, dialect);
    const cases: [Request, number, unknown][] = [
      [
        new Request('http://127.0.0.1/auth/login', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'email=a@b.example&password=x',
        }),
        415,
        {
          errors: [
            {
              field: 'content-type',
              message: 'Send the body as JSON (Content-Type: application/json).',
            },
          ],
        },
      ],
      [
        post('login', '{"email":'),
        400,
        { errors: [{ field: 'body', message: 'The body is not valid JSON.' }] },
      ],
      [
        post('login', '[1]'),
        400,
        { errors: [{ field: 'body', message: 'The body must be a JSON object.' }] },
      ],
      [
        post('login', { password: 'x' }),
        400,
        { errors: [{ field: 'email', message: 'Enter your e-mail address.' }] },
      ],
      [
        post('register', { email: 'not-an-address', password: 'short' }),
        400,
        {
          errors: [
            { field: 'email', message: 'Enter a valid e-mail address, like name@example.com.' },
            { field: 'password', message: 'Use at least 10 characters.' },
          ],
        },
      ],
      [
        post('verify', { token: 42 }),
        400,
        { errors: [{ field: 'token', message: 'Must be text.' }] },
      ],
      [
        post('login', 'x'.repeat(20_000)),
        413,
        { errors: [{ field: 'body', message: 'The body is larger than 16384 bytes' }] },
      ],
    ];
    for (const [request, status, body] of cases) {
      const response = await (request.url.endsWith('register')
        ? api.register(request)
        : request.url.endsWith('verify')
          ? api.verify(request)
          : api.login(request));
      expect({ status: response.status, body: (await response.json()) as unknown }).toEqual({
        status,
        body,
      });
    }
  });

  it('never accepts a forged or unknown session token', async () => {
    const { api } = await registered(dialect);
    expect((await api.user(get('user', { cookie: 'auth._token.local=forged' }))).status).toBe(401);
    expect((await api.user(get('user', { authorization: 'Bearer forged' }))).status).toBe(401);
  });
});
