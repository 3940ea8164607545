// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LoginForm } from '@/site/auth/login-form';
import { pathAfterSignIn, sameSitePath } from '@/site/auth/next-path';
import type { AuthUser } from '@/site/auth/user';
import { linkToken, makeAuth, post } from '../../integration/auth-support';
import { serveAuthApi } from './auth-http-server';

/** The page's jsdom instance (vitest exposes it); only its cookie jar is used here. */
declare const jsdom: { cookieJar: { removeAllCookiesSync(): void } };

const password = 'ten or more chars';

describe('the page ?next= names, after signing in', () => {
  it('keeps paths of this site and refuses any other place', () => {
    expect(sameSitePath('/admin/leads?status=held#top')).toBe('/admin/leads?status=held#top');
    expect(sameSitePath('/admin/../account')).toBe('/account');
    for (const elsewhere of [
      null,
      undefined,
      '',
      'admin',
      '//evil.example/admin',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      ' /admin',
      // Dot segments that resolve to `//host`, plain and escaped.
      '/..//evil.example',
      '/admin/../..//evil.example',
      '/.%2e//evil.example',
      '/%2e%2e//evil.example',
      '/x/%2e%2e/%2e%2e//evil.example',
      '/x/%2E%2E/%2E%2E//evil.example/admin',
      '/admin/..\\/evil.example',
      '/./\\evil.example',
    ]) {
      expect(sameSitePath(elsewhere), String(elsewhere)).toBeUndefined();
    }
  });

  it('sends an unconfirmed address to confirm it, unless ?next= is in the back office', () => {
    const user: AuthUser = {
      id: 1,
      email: 'a@firm.example',
      email_verified_at: null,
      created_at: '2025-01-01T00:00:00.000Z',
    };
    // The back office asks a staff role only; its guard answers anyone else with a 404.
    expect(pathAfterSignIn(user, '?next=%2Fadmin%2Fleads%3Fstatus%3Dheld')).toBe(
      '/admin/leads?status=held',
    );
    expect(pathAfterSignIn(user, '?next=%2Fadministration')).toBe('/account/verify');
    expect(pathAfterSignIn(user, '?next=%2Faccount')).toBe('/account/verify');
    const verified = { ...user, email_verified_at: '2025-01-02T00:00:00.000Z' };
    expect(pathAfterSignIn(verified, '?next=%2Fadmin')).toBe('/admin');
    expect(pathAfterSignIn(verified, '?next=https%3A%2F%2Fevil.example')).toBe('/');
    expect(pathAfterSignIn(verified, '')).toBe('/');
    expect(pathAfterSignIn(verified, '?next=%2F..%2F%2Fevil.example')).toBe('/');
    expect(pathAfterSignIn(user, '?next=%2Fadmin%2F..%2F..%2F%2Fevil.example')).toBe(
      '/account/verify',
    );
  });
});

describe('the sign-in form against the real account API', () => {
  let auth: Awaited<ReturnType<typeof makeAuth>>;
  let server: Awaited<ReturnType<typeof serveAuthApi>>;

  beforeAll(async () => {
    auth = await makeAuth();
    server = await serveAuthApi(auth.api);
    // Relative API paths resolve to the loopback server, as they resolve to the site.
    const base = document.createElement('base');
    base.href = `${server.origin}/`;
    document.head.append(base);
    await auth.api.register(post('register', { email: 'partner@firm.example', password }));
    await auth.api.verify(post('verify', { token: linkToken(auth.mails().at(-1)) }));
    await auth.api.register(post('register', { email: 'new@startup.example', password }));
  });
  afterAll(async () => {
    await server.close();
    await auth.db.close();
  });
  afterEach(() => {
    cleanup();
    jsdom.cookieJar.removeAllCookiesSync();
  });

  async function signInAt(search: string, email: string): Promise<string> {
    cleanup();
    jsdom.cookieJar.removeAllCookiesSync();
    window.history.replaceState(null, '', `${window.location.origin}/login${search}`);
    const visited: string[] = [];
    const user = userEvent.setup();
    render(<LoginForm navigate={(path) => visited.push(path)} />);
    await user.type(screen.getByLabelText('E-mail address'), email);
    await user.type(screen.getByLabelText('Password'), password);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(visited).toHaveLength(1));
    return visited[0] ?? '';
  }

  it('returns a confirmed user to the page they were sent from', async () => {
    expect(await signInAt('?next=%2Fadmin%2Fleads%3Fstatus%3Dheld', 'partner@firm.example')).toBe(
      '/admin/leads?status=held',
    );
  });

  it('goes to the home page when ?next= names another site, or nothing', async () => {
    expect(await signInAt('?next=%2F%2Fevil.example%2Fadmin', 'partner@firm.example')).toBe('/');
    expect(await signInAt('', 'partner@firm.example')).toBe('/');
  });

  it('sends an unconfirmed address to confirm it first, but back to the back office it asked for', async () => {
    expect(await signInAt('?next=%2Faccount', 'new@startup.example')).toBe('/account/verify');
    expect(await signInAt('?next=%2Fadmin', 'new@startup.example')).toBe('/admin');
  });
});
