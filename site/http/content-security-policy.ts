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
 * Each configured widget also brings the hosts its provider documents
 * (widget-provider-sources.ts) and those of its `*_CSP` setting (widget-sources.ts). Violations
 * are reported to `POST /api/csp-reports`, which logs them; with `CSP_REPORT_ONLY` the policy is
 * only reported, not enforced (policyHeadersFor).
 * All but a page's inline scripts follows from the configuration, so it is worked out once per
 * configuration (policyHeadersFor), not once per page.
 */
import type { SecurityHeaderEnv } from './security-headers';
import { servedOverHttps } from './transport-security';
import { widgetProvider } from './widget-provider-sources';
import type { WidgetDirective, WidgetSources } from './widget-sources';

/** Each widget: the variables of its scripts (the chat has two), and of its `*_CSP` setting. */
const widgets = [
  { scripts: ['VIDEO_SCRIPT_URL'], setting: 'VIDEO_CSP' },
  { scripts: ['TAG_MANAGER_SCRIPT_URL'], setting: 'TAG_MANAGER_CSP' },
  { scripts: ['ADS_TRACKING_SCRIPT_URL'], setting: 'ADS_TRACKING_CSP' },
  { scripts: ['FEEDBACK_SCRIPT_URL'], setting: 'FEEDBACK_CSP' },
  { scripts: ['CHAT_SCRIPT_URL', 'CHAT_WIDGET_SCRIPT_URL'], setting: 'CHAT_CSP' },
  { scripts: ['LEAD_TRACKING_SCRIPT_URL'], setting: 'LEAD_TRACKING_CSP' },
] as const;
type Widget = (typeof widgets)[number];
/** Those variables, as site/env.ts parses them. */
type WidgetEnv = { [name in Widget['scripts'][number]]?: string } & {
  [name in Widget['setting']]?: WidgetSources;
};

/** The configuration the policy depends on, as site/env.ts parses it. */
export interface CspEnv extends SecurityHeaderEnv, WidgetEnv {
  NODE_ENV?: string;
  CAPTCHA_PROVIDER?: 'none' | 'recaptcha' | 'turnstile';
  SCHEDULER_URL?: string;
  /** Send the policy as Content-Security-Policy-Report-Only (see policyHeadersFor). */
  CSP_REPORT_ONLY?: boolean;
}

type Header = { key: string; value: string };
/** A page's inline scripts: their base64 SHA-256 hashes, or `'any-inline'` (see policyFor). */
type ScriptHashes = readonly string[] | 'any-inline';

/** Where browsers send violation reports (app/api/csp-reports/route.ts). */
const CSP_REPORT_PATH = '/api/csp-reports';
/** The Reporting API's name for that endpoint (`Reporting-Endpoints`, `report-to`). */
const CSP_REPORT_GROUP = 'csp-endpoint';

/**
 * Whether browsers can use the Reporting API here: Chromium takes a page's `Reporting-Endpoints`
 * only from a response over https, and a policy naming `report-to` then loses its reports
 * (`report-uri` is ignored wherever `report-to` is understood). So over plain http (a local
 * server) the policy names `report-uri` alone.
 */
const reportsToEndpoint = (env: CspEnv) => servedOverHttps(env.SITE_URL);

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
 * A widget script's own origin, for its script, its requests, images, media and frames (as before
 * any host was listed: many widgets use one host for all of them).
 */
function ownOrigin(url: string): WidgetSources {
  const own = origin(url);
  return {
    'script-src': own,
    'connect-src': own,
    'img-src': own,
    'media-src': own,
    'frame-src': own,
  };
}

/**
 * What the configured widgets add, in order: for each script URL set, its origin and the hosts its
 * provider documents; then the widget's setting. A widget not configured adds nothing, whatever
 * its setting says.
 */
function widgetSources(env: CspEnv): WidgetSources[] {
  return widgets.flatMap((widget) => {
    const urls = widget.scripts.flatMap((name) => env[name] ?? []);
    if (urls.length === 0) return [];
    const fromScripts = urls.flatMap((url) => [ownOrigin(url), widgetProvider(url)?.sources ?? {}]);
    return [...fromScripts, env[widget.setting] ?? {}];
  });
}

/**
 * The directives every response's policy holds, whatever it serves: framing first, then the
 * others. An HTML page's policy adds its script sources to them.
 */
const framing = (env: SecurityHeaderEnv) => `frame-ancestors ${env.FRAME_ANCESTORS ?? "'none'"}`;
const otherBaseDirectives = ["base-uri 'self'", "form-action 'self'", "object-src 'none'"];

/** Each source once, in the order first named. */
const list = (...sources: (string | readonly string[])[]) => [...new Set(sources.flat())].join(' ');

/**
 * The policy of any page under `env`, given its inline scripts' hashes; or, where a page's scripts
 * cannot be known (`'any-inline'`: the header every host sends), the policy that allows inline
 * scripts and still blocks script from any host the site does not use. `withFraming: false`
 * leaves frame-ancestors out (the report-only policy, see policyHeadersFor).
 */
function policyFor(env: CspEnv, withFraming = true): (scriptHashes: ScriptHashes) => string {
  const added = widgetSources(env);
  const widget = (directive: WidgetDirective) => added.flatMap((s) => s[directive] ?? []);
  const captcha = captchaHosts[env.CAPTCHA_PROVIDER ?? 'none'];
  const scriptHosts = [...captcha.scripts, ...widget('script-src')];
  const inline = ["'unsafe-inline'", ...(env.NODE_ENV === 'development' ? ["'unsafe-eval'"] : [])];
  const frames = [...captcha.frames, ...origin(env.SCHEDULER_URL), ...widget('frame-src')];
  const afterScripts = [
    `style-src ${list("'self'", "'unsafe-inline'", widget('style-src'))}`,
    `img-src ${list("'self'", 'data:', 'blob:', widget('img-src'))}`,
    `font-src ${list("'self'", 'data:', widget('font-src'))}`,
    `connect-src ${list("'self'", captcha.scripts, widget('connect-src'))}`,
    `media-src ${list("'self'", 'blob:', widget('media-src'))}`,
    `frame-src ${frames.length > 0 ? list(frames) : "'none'"}`,
    "worker-src 'self' blob:",
    ...(withFraming ? [framing(env)] : []),
    ...otherBaseDirectives,
    ...reportDirectives(env),
  ].join('; ');
  return (scriptHashes) => {
    const scripts =
      scriptHashes === 'any-inline' ? inline : scriptHashes.map((hash) => `'sha256-${hash}'`);
    const scriptSrc = `script-src ${list("'self'", scripts, scriptHosts)}`;
    return `default-src 'self'; ${scriptSrc}; ${afterScripts}`;
  };
}

/**
 * The response headers that carry a page's policy under `env`, worked out once: the function
 * returned takes a page's hashes (as policyFor). Enforced by default. With `CSP_REPORT_ONLY` the
 * policy goes out as Content-Security-Policy-Report-Only, so a firm can try widget hosts and read
 * what would be blocked without breaking a page; the base directives (framing, `<base>`, form
 * targets, plugins) stay enforced all the same, since browsers ignore `frame-ancestors` in a
 * report-only policy and the site never needs the others relaxed. `Reporting-Endpoints` (over
 * https) names where `report-to` sends reports.
 */
export function policyHeadersFor(env: CspEnv): (scriptHashes: ScriptHashes) => Header[] {
  const reporting: Header[] = reportsToEndpoint(env)
    ? [{ key: 'Reporting-Endpoints', value: `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"` }]
    : [];
  if (!env.CSP_REPORT_ONLY) {
    const policy = policyFor(env);
    return (scriptHashes) => [
      { key: 'Content-Security-Policy', value: policy(scriptHashes) },
      ...reporting,
    ];
  }
  const reportOnly = policyFor(env, false);
  const enforced = [framing(env), ...otherBaseDirectives, ...reportDirectives(env)].join('; ');
  return (scriptHashes) => [
    { key: 'Content-Security-Policy', value: enforced },
    { key: 'Content-Security-Policy-Report-Only', value: reportOnly(scriptHashes) },
    ...reporting,
  ];
}
