import { NextResponse, type NextRequest } from 'next/server';
import { env } from '@/site/env';
import { reachedOverHttps } from '@/site/http/transport-security';
import {
  CONTENT_LOCALES,
  DEFAULT_LOCALE,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_S,
} from './locale-cookie';

/** `/en` → `/`, `/en/x` → `/x`; undefined when the path has no locale prefix. */
export function stripLocalePrefix(pathname: string): string | undefined {
  if (pathname === `/${DEFAULT_LOCALE}`) return '/';
  if (pathname.startsWith(`/${DEFAULT_LOCALE}/`)) return pathname.slice(DEFAULT_LOCALE.length + 1);
  return undefined;
}

/**
 * Locale routing (site-spec.md §2, §9): every page answers both unprefixed and under `/en`,
 * with the same content and no redirect (a rewrite). Only `/` may redirect, by the
 * `i18n_redirected` cookie, and only to a locale whose content exists (none besides the
 * default today). The cookie is set when missing: 365 days, SameSite=Lax, Secure over https.
 */
export function localeProxy(request: NextRequest): NextResponse {
  const { pathname } = request.nextUrl;
  const stored = request.cookies.get(LOCALE_COOKIE)?.value;
  let response: NextResponse;
  const unprefixed = stripLocalePrefix(pathname);
  if (unprefixed !== undefined) {
    const url = request.nextUrl.clone();
    url.pathname = unprefixed;
    response = NextResponse.rewrite(url);
  } else if (
    pathname === '/' &&
    stored &&
    stored !== DEFAULT_LOCALE &&
    CONTENT_LOCALES.includes(stored)
  ) {
    const url = request.nextUrl.clone();
    url.pathname = `/${stored}`;
    response = NextResponse.redirect(url);
  } else {
    response = NextResponse.next();
  }
  if (!stored) {
    response.cookies.set(LOCALE_COOKIE, DEFAULT_LOCALE, {
      path: '/',
      maxAge: LOCALE_COOKIE_MAX_AGE_S,
      sameSite: 'lax',
      secure: reachedOverHttps(request, env.SITE_URL),
    });
  }
  return response;
}
