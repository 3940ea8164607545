/**
 * The security headers every response carries (next.config.ts for what Next serves, the
 * production server's fast lead path for the rest):
 * - the site is framed by nobody (`frame-ancestors 'none'`), or only by `FRAME_ANCESTORS`;
 * - no MIME sniffing, referrers cut to the origin across sites;
 * - the browser features the site never uses are denied (only features browsers recognise, or
 *   they log an error on every page).
 * next.config.ts fixes these when the site is built; HSTS depends on where the site runs, so it is
 * added at run time instead (transport-security.ts).
 * The Content-Security-Policy here is the one every host can send (`next start`, `next dev`,
 * the standalone server): scripts only from the site and the hosts of the configured widgets and
 * captcha, inline scripts allowed since it cannot know a page's. The production server replaces
 * it on HTML pages with the policy that lists each page's inline scripts by hash instead
 * (content-security-policy.ts, scripts/csp-html.mjs).
 */
import { policyHeadersFor, type CspEnv } from './content-security-policy';

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

export function securityHeaders(env: CspEnv): { key: string; value: string }[] {
  const headers = [
    // Content-Security-Policy (or -Report-Only with CSP_REPORT_ONLY) and Reporting-Endpoints.
    ...policyHeadersFor(env)('any-inline'),
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'Permissions-Policy', value: deniedFeatures.map((f) => `${f}=()`).join(', ') },
  ];
  // Browsers that know no frame-ancestors still honour X-Frame-Options (it has no allow-list).
  if (!env.FRAME_ANCESTORS) headers.push({ key: 'X-Frame-Options', value: 'DENY' });
  return headers;
}
