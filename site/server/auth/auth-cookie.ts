import { env } from '@/site/env';
import { reachedOverHttps } from '@/site/http/transport-security';
import { SESSION_MAX_AGE_S } from './session-store';

/** The session cookie (site-spec §9: prefix `auth.`, path `/`, one year). */
export const AUTH_COOKIE = 'auth._token.local';

/**
 * True when the visitor reached us over https: always where SITE_URL (read at run time) is https,
 * else directly or through a TLS-ending proxy (site/http/transport-security.ts).
 */
export function isHttps(request: Request): boolean {
  return reachedOverHttps(request, env.SITE_URL);
}

function attributes(request: Request, maxAge: number): string {
  return `Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${isHttps(request) ? '; Secure' : ''}`;
}

/** `Set-Cookie` value carrying a session token; HttpOnly keeps it away from scripts. */
export function sessionCookie(request: Request, token: string): string {
  return `${AUTH_COOKIE}=${token}; ${attributes(request, SESSION_MAX_AGE_S)}`;
}

/** `Set-Cookie` value that makes the browser forget the session cookie. */
export function clearedSessionCookie(request: Request): string {
  return `${AUTH_COOKIE}=; ${attributes(request, 0)}`;
}

/** The session token a request carries: the cookie, or an `Authorization: Bearer` header. */
export function requestToken(request: Request): string | undefined {
  const fromCookie = readCookie(request.headers.get('cookie'), AUTH_COOKIE);
  if (fromCookie) return fromCookie;
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '');
  return bearer?.[1];
}

export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) {
      const value = part.slice(index + 1).trim();
      return value === '' ? undefined : value;
    }
  }
  return undefined;
}
