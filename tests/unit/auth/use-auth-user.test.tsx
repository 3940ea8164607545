// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useAuthUser } from '@/site/auth/use-auth-user';
import { cookieOf, makeAuth, post } from '../../integration/auth-support';
import { serveAuthApi } from './auth-http-server';

/** The page's jsdom instance (vitest exposes it); only its cookie jar is used here. */
declare const jsdom: {
  cookieJar: {
    setCookieSync(cookie: string, url: string): unknown;
    getCookieStringSync(url: string): string;
    removeAllCookiesSync(): void;
  };
};

function Probe() {
  const auth = useAuthUser();
  return <p>{auth.status === 'signed-in' ? `in:${auth.user.email}` : auth.status}</p>;
}

describe('useAuthUser: initialising auth against the real account API', () => {
  let auth: Awaited<ReturnType<typeof makeAuth>>;
  let server: Awaited<ReturnType<typeof serveAuthApi>>;
  let cookie = '';

  beforeAll(async () => {
    auth = await makeAuth();
    server = await serveAuthApi(auth.api);
    // Relative API paths resolve to the loopback server, as they resolve to the site.
    const base = document.createElement('base');
    base.href = `${server.origin}/`;
    document.head.append(base);
    await auth.api.register(
      post('register', { email: 'reader@firm.example', password: 'ten or more chars' }),
    );
    cookie = cookieOf(
      await auth.api.login(
        post('login', { email: 'reader@firm.example', password: 'ten or more chars' }),
      ),
    );
  });
  afterAll(() => server.close());
  afterEach(() => {
    cleanup();
    jsdom.cookieJar.removeAllCookiesSync();
  });

  it('is signed out on 401', async () => {
    render(<Probe />);
    expect(await screen.findByText('signed-out')).toBeTruthy();
  });

  it('is signed in with the cookie the browser holds', async () => {
    jsdom.cookieJar.setCookieSync(`${cookie}; Path=/; HttpOnly`, server.origin);
    render(<Probe />);
    expect(await screen.findByText('in:reader@firm.example')).toBeTruthy();
  });

  it('logs a server failure as an auth error and keeps the session', async () => {
    jsdom.cookieJar.setCookieSync(`${cookie}; Path=/; HttpOnly`, server.origin);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await auth.db.close(); // the database goes away: GET /auth/user answers 500
    render(<Probe />);
    expect(await screen.findByText('unknown')).toBeTruthy();
    expect(logged).toHaveBeenCalledWith(
      expect.stringContaining('[auth] error while initialising auth'),
      expect.objectContaining({ response: expect.objectContaining({ status: 500 }) as unknown }),
    );
    expect(jsdom.cookieJar.getCookieStringSync(server.origin)).toBe(cookie);
    logged.mockRestore();
  });
});
