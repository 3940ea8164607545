import { describe, expect, it } from 'vitest';
import { authMessages } from '@/site/server/auth/auth-api';
import type { Dialect } from '@/site/server/db/database';
import { get, linkToken, makeAuth, post } from './auth-support';
import { dialects } from './support/test-databases';

const email = 'owner@firm-client.example';
const password = 'a long enough secret';

async function registered(dialect: Dialect, limits = { loginPerClient: 20, loginPerAccount: 10 }) {
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

  it('answers 429 for one account attacked from many clients, even to the right password', async () => {
    const { api } = await registered(dialect, { loginPerClient: 100, loginPerAccount: 3 });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await api.login(post('login', { email, password: 'wrong' }, from(`192.0.2.${attempt}`)));
    }
    expect((await api.login(post('login', { email, password }, from('192.0.2.99')))).status).toBe(
      429,
    );
    // The limit is per account: an unknown address is limited just the same (no hint).
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await api.login(
        post('login', { email: 'ghost@x.example', password }, from(`192.0.2.${attempt}`)),
      );
    }
    expect(
      (await api.login(post('login', { email: 'ghost@x.example', password }, from('192.0.2.99'))))
        .status,
    ).toBe(429);
  });

  it('a successful sign-in clears the account count', async () => {
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
