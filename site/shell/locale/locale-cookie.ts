/** The locale cookie (site-spec.md §9): name, lifetime and the one locale with content. */
export const LOCALE_COOKIE = 'i18n_redirected';
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
export const DEFAULT_LOCALE = 'en';
/** Locales whose content exists; the root redirects only to one of these (none but the default today). */
export const CONTENT_LOCALES: readonly string[] = [DEFAULT_LOCALE];

/**
 * The `document.cookie` string that stores a language choice; `Secure` on a page served over
 * https, as every cookie of the site is there (the server sets it so too, locale-proxy.ts).
 */
export function localeCookieString(code: string, secure: boolean): string {
  const attributes = `Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; SameSite=Lax`;
  return `${LOCALE_COOKIE}=${encodeURIComponent(code)}; ${attributes}${secure ? '; Secure' : ''}`;
}

export function readLocaleCookie(cookieHeader: string): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === LOCALE_COOKIE) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/** Stores a language choice in the browser (client-side only). */
export function storeLocale(code: string): void {
  document.cookie = localeCookieString(code, location.protocol === 'https:');
}
