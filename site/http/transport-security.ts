/**
 * What follows from the site being served over https, decided where it runs, never where it was
 * built (a build made for staging may serve production): the `SITE_URL` the server starts with.
 * - Strict-Transport-Security, when that `SITE_URL` is https: two years (browsers and the HTTP
 *   Observatory ask for at least six months), subdomains included. The production server sends
 *   it on every response (scripts/serve.mjs), every host on every page (proxy.ts).
 * - Whether a response goes to its visitor over https, so the cookies it sets are Secure.
 *
 * HSTS is not inferred from a request (X-Forwarded-Proto): it binds browsers to https for the
 * whole domain for two years, a choice an operator makes by naming an https `SITE_URL`, not one a
 * proxy's or a visitor's header should make for them. Browsers ignore it over plain http anyway.
 */

/** Two years, the HSTS preload list's recommendation. */
export const HSTS_MAX_AGE_S = 2 * 365 * 24 * 60 * 60;

/** Whether the site at `siteUrl` is served over https (for HSTS, cookies and CSP reports alike). */
export const servedOverHttps = (siteUrl: string) => siteUrl.toLowerCase().startsWith('https://');

/** The Strict-Transport-Security header for a site served from `siteUrl`: one, or none. */
export function strictTransportSecurity(siteUrl: string): { key: string; value: string }[] {
  if (!servedOverHttps(siteUrl)) return [];
  return [
    { key: 'Strict-Transport-Security', value: `max-age=${HSTS_MAX_AGE_S}; includeSubDomains` },
  ];
}

/**
 * True when the visitor reached the site over https: always when `siteUrl` is https (a TLS-ending
 * proxy in front need not say so); otherwise as X-Forwarded-Proto reports, or the request's own
 * URL. A visitor who forges `https` over plain http only gets Secure cookies, which their browser
 * then refuses to store: nobody else's cookie is weakened by a header.
 */
export function reachedOverHttps(request: Request, siteUrl: string): boolean {
  if (servedOverHttps(siteUrl)) return true;
  const forwarded = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  if (forwarded) return forwarded === 'https';
  return new URL(request.url).protocol === 'https:';
}
