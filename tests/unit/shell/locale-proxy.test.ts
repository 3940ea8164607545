import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { localeCookieString } from '@/site/shell/locale/locale-cookie';
import { localeProxy, stripLocalePrefix } from '@/site/shell/locale/locale-proxy';

const request = (path: string, cookie?: string) =>
  new NextRequest(new URL(path, 'http://127.0.0.1:3000'), {
    headers: cookie ? { cookie } : {},
  });

describe('locale proxy', () => {
  it('strips only a whole /en segment', () => {
    expect(stripLocalePrefix('/en')).toBe('/');
    expect(stripLocalePrefix('/en/careers')).toBe('/careers');
    expect(stripLocalePrefix('/enterprise')).toBeUndefined();
    expect(stripLocalePrefix('/careers')).toBeUndefined();
  });

  it('serves /en/x as /x by a rewrite, never a redirect, keeping the query', () => {
    const response = localeProxy(request('/en/search?search=sba', 'i18n_redirected=en'));
    expect(response.status).toBe(200);
    expect(response.headers.get('location')).toBeNull();
    expect(new URL(response.headers.get('x-middleware-rewrite')!).pathname).toBe('/search');
    expect(new URL(response.headers.get('x-middleware-rewrite')!).search).toBe('?search=sba');
  });

  it('sets the locale cookie for a year, SameSite=Lax, when it is missing', () => {
    const cookie = localeProxy(request('/careers')).headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/i18n_redirected=en/);
    expect(cookie).toMatch(/Max-Age=31536000/);
    expect(cookie).toMatch(/SameSite=lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(
      localeProxy(request('/careers', 'i18n_redirected=en')).headers.get('set-cookie'),
    ).toBeNull();
  });

  it('makes the locale cookie Secure when the visitor came over https', () => {
    const overHttps = new NextRequest(new URL('/careers', 'http://127.0.0.1:3000'), {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(localeProxy(overHttps).headers.get('set-cookie')).toMatch(/; Secure(;|$)/i);
    expect(localeProxy(request('/careers')).headers.get('set-cookie')).not.toMatch(/Secure/i);
    expect(localeCookieString('en', true)).toMatch(/; Secure$/);
    expect(localeCookieString('en', false)).not.toMatch(/Secure/);
  });

  it('does not redirect the root to a language without content', () => {
    const response = localeProxy(request('/', 'i18n_redirected=fr'));
    expect(response.headers.get('location')).toBeNull();
    expect(response.headers.get('x-middleware-rewrite')).toBeNull();
  });
});
