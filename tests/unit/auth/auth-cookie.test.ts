import { describe, expect, it } from 'vitest';
import { isHttps, readCookie, requestToken } from '@/site/server/auth/auth-cookie';
import { clientKey } from '@/site/server/auth/client-key';

const request = (url: string, headers: Record<string, string> = {}) =>
  new Request(url, { headers });

describe('session cookie and client identity', () => {
  it('reads the auth cookie among others, ignoring look-alike names', () => {
    const header = 'auth._token.localx=no; i18n_redirected=en; auth._token.local=tok123; other=1';
    expect(readCookie(header, 'auth._token.local')).toBe('tok123');
    expect(readCookie('auth._token.local=', 'auth._token.local')).toBeUndefined();
    expect(readCookie(null, 'auth._token.local')).toBeUndefined();
  });

  it('prefers the cookie over a bearer header', () => {
    const both = request('http://x/', { cookie: 'auth._token.local=c', authorization: 'Bearer b' });
    expect(requestToken(both)).toBe('c');
    expect(requestToken(request('http://x/', { authorization: 'bearer b' }))).toBe('b');
    expect(requestToken(request('http://x/', { authorization: 'Basic b' }))).toBeUndefined();
  });

  it('knows https from the proxy header first, then the URL', () => {
    expect(isHttps(request('http://x/', { 'x-forwarded-proto': 'https' }))).toBe(true);
    expect(isHttps(request('https://x/', { 'x-forwarded-proto': 'http' }))).toBe(false);
    expect(isHttps(request('https://x/'))).toBe(true);
    expect(isHttps(request('http://x/'))).toBe(false);
  });

  it('takes the client from the last X-Forwarded-For entry (the one our proxy added)', () => {
    expect(clientKey(request('http://x/', { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' }))).toBe(
      '203.0.113.9',
    );
    expect(clientKey(request('http://x/', { 'x-forwarded-for': '::ffff:127.0.0.1' }))).toBe(
      '127.0.0.1',
    );
    expect(clientKey(request('http://x/'))).toBe('unknown');
  });
});
