/**
 * The security headers every response carries (next.config.ts for what Next serves, the
 * production server's fast lead path for the rest):
 * - the site is framed by nobody (`frame-ancestors 'none'`), or only by `FRAME_ANCESTORS`;
 * - no MIME sniffing, referrers cut to the origin across sites;
 * - the browser features the site never uses are denied (only features browsers recognise, or
 *   they log an error on every page);
 * - HSTS when the site is served over https.
 * The Content-Security-Policy here holds the directives that need no knowledge of a page's
 * scripts; an HTML page's response gets the full policy (content-security-policy.ts).
 */
/** What the headers depend on, as site/env.ts parses it. */
export interface SecurityHeaderEnv {
  SITE_URL: string;
  /** Space-separated origins allowed to frame the site; none by default. */
  FRAME_ANCESTORS?: string;
}

const deniedFeatures = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
];

/**
 * The directives every response's policy holds, whatever it serves; an HTML page's policy adds
 * its script sources to them (content-security-policy.ts).
 */
export function baseDirectives(env: SecurityHeaderEnv): string[] {
  return [
    `frame-ancestors ${env.FRAME_ANCESTORS ?? "'none'"}`,
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ];
}

export function securityHeaders(env: SecurityHeaderEnv): { key: string; value: string }[] {
  const headers = [
    { key: 'Content-Security-Policy', value: baseDirectives(env).join('; ') },
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'Permissions-Policy', value: deniedFeatures.map((f) => `${f}=()`).join(', ') },
  ];
  // Browsers that know no frame-ancestors still honour X-Frame-Options (it has no allow-list).
  if (!env.FRAME_ANCESTORS) headers.push({ key: 'X-Frame-Options', value: 'DENY' });
  if (env.SITE_URL.startsWith('https://')) {
    headers.push({
      key: 'Strict-Transport-Security',
      value: 'max-age=31536000; includeSubDomains',
    });
  }
  return headers;
}
