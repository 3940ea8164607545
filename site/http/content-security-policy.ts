/**
 * The Content-Security-Policy of an HTML page. Scripts run only from the site itself, from
 * inline scripts whose SHA-256 hash the page's response lists (the framework's inline bootstrap
 * and payload; computed per response by the production server, so pages stay statically
 * generated, see scripts/csp-html.mjs), and from the hosts of the third-party widgets and the
 * captcha that are configured. A widget not configured gets no host. No `unsafe-eval`, and no
 * `unsafe-inline` for scripts. Styles allow inline `style` attributes (React sets them).
 * Hosts other than the production server send the same policy with `unsafe-inline` in place of
 * the hashes (security-headers.ts), and `next dev` adds `unsafe-eval`, which React's development
 * build needs.
 * Each configured widget also brings the hosts its provider documents and those of its `*_CSP`
 * setting (widget-policy-sources.ts). Violations are reported to `POST /api/csp-reports`, which
 * logs them; with `CSP_REPORT_ONLY` the policy is only reported, not enforced (policyHeaders).
 */
import type { SecurityHeaderEnv } from './security-headers';
import { widgetPolicySources, type WidgetEnv } from './widget-policy-sources';

/** The configuration the policy depends on, as site/env.ts parses it. */
export interface CspEnv extends SecurityHeaderEnv, WidgetEnv {
  NODE_ENV?: string;
  CAPTCHA_PROVIDER?: 'none' | 'recaptcha' | 'turnstile';
  SCHEDULER_URL?: string;
  /** Send the policy as Content-Security-Policy-Report-Only (see policyHeaders). */
  CSP_REPORT_ONLY?: boolean;
}

/** Where browsers send violation reports (app/api/csp-reports/route.ts). */
export const CSP_REPORT_PATH = '/api/csp-reports';
/** The Reporting API's name for that endpoint (`Reporting-Endpoints`, `report-to`). */
export const CSP_REPORT_GROUP = 'csp-endpoint';

/**
 * Whether browsers can use the Reporting API here: Chromium takes a page's `Reporting-Endpoints`
 * only from a response over https, and a policy naming `report-to` then loses its reports
 * (`report-uri` is ignored wherever `report-to` is understood). So over plain http (a local
 * server) the policy names `report-uri` alone.
 */
const reportsToEndpoint = (env: CspEnv) => env.SITE_URL.toLowerCase().startsWith('https://');

/**
 * Where violations are reported: `report-uri` (every browser; those without the Reporting API,
 * such as Firefox, only use it), and `report-to` over https (Chromium and Safari, in batches).
 */
const reportDirectives = (env: CspEnv) => [
  `report-uri ${CSP_REPORT_PATH}`,
  ...(reportsToEndpoint(env) ? [`report-to ${CSP_REPORT_GROUP}`] : []),
];

const captchaHosts = {
  none: { scripts: [], frames: [] },
  // reCAPTCHA (v2, invisible, Enterprise) loads from www.google.com and www.gstatic.com and
  // shows its challenge in a frame of www.google.com.
  recaptcha: {
    scripts: ['https://www.google.com', 'https://www.gstatic.com'],
    frames: ['https://www.google.com'],
  },
  turnstile: {
    scripts: ['https://challenges.cloudflare.com'],
    frames: ['https://challenges.cloudflare.com'],
  },
} as const;

const origin = (url: string | undefined) => (url ? [new URL(url).origin] : []);

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

const list = (...sources: (string | readonly string[])[]) => [...new Set(sources.flat())].join(' ');

/**
 * The policy for a page whose inline scripts hash to `scriptHashes` (base64 SHA-256), or, where
 * a page's scripts cannot be known (`'any-inline'`: the header every host sends), the policy that
 * allows inline scripts and still blocks script from any host the site does not use.
 */
export function contentSecurityPolicy(
  env: CspEnv,
  scriptHashes: readonly string[] | 'any-inline',
): string {
  const widgets = widgetPolicySources(env);
  const captcha = captchaHosts[env.CAPTCHA_PROVIDER ?? 'none'];
  const hashes =
    scriptHashes === 'any-inline'
      ? ["'unsafe-inline'", ...(env.NODE_ENV === 'development' ? ["'unsafe-eval'"] : [])]
      : scriptHashes.map((hash) => `'sha256-${hash}'`);
  const frames = [...captcha.frames, ...origin(env.SCHEDULER_URL), ...widgets['frame-src']];
  return [
    "default-src 'self'",
    `script-src ${list("'self'", hashes, captcha.scripts, widgets['script-src'])}`,
    `style-src ${list("'self'", "'unsafe-inline'", widgets['style-src'])}`,
    `img-src ${list("'self'", 'data:', 'blob:', widgets['img-src'])}`,
    `font-src ${list("'self'", 'data:', widgets['font-src'])}`,
    `connect-src ${list("'self'", captcha.scripts, widgets['connect-src'])}`,
    `media-src ${list("'self'", 'blob:', widgets['media-src'])}`,
    `frame-src ${frames.length > 0 ? list(frames) : "'none'"}`,
    "worker-src 'self' blob:",
    ...baseDirectives(env),
    ...reportDirectives(env),
  ].join('; ');
}

/**
 * The response headers that carry a page's policy (`scriptHashes` as for
 * contentSecurityPolicy). Enforced by default. With `CSP_REPORT_ONLY` the policy goes out as
 * Content-Security-Policy-Report-Only, so a firm can try widget hosts and read what would be
 * blocked without breaking a page; the base directives (framing, `<base>`, form targets,
 * plugins) stay enforced all the same, since browsers ignore `frame-ancestors` in a report-only
 * policy and the site never needs the others relaxed. `Reporting-Endpoints` (over https) names
 * where `report-to` sends reports.
 */
export function policyHeaders(
  env: CspEnv,
  scriptHashes: readonly string[] | 'any-inline',
): { key: string; value: string }[] {
  const policy = contentSecurityPolicy(env, scriptHashes);
  const reporting = reportsToEndpoint(env)
    ? [{ key: 'Reporting-Endpoints', value: `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"` }]
    : [];
  if (!env.CSP_REPORT_ONLY)
    return [{ key: 'Content-Security-Policy', value: policy }, ...reporting];
  const reportOnly = policy
    .split('; ')
    .filter((directive) => !directive.startsWith('frame-ancestors '))
    .join('; ');
  return [
    {
      key: 'Content-Security-Policy',
      value: [...baseDirectives(env), ...reportDirectives(env)].join('; '),
    },
    { key: 'Content-Security-Policy-Report-Only', value: reportOnly },
    ...reporting,
  ];
}
