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
 */
import type { SecurityHeaderEnv } from './security-headers';

/** The configuration the policy depends on, as site/env.ts parses it. */
export interface CspEnv extends SecurityHeaderEnv {
  NODE_ENV?: string;
  CAPTCHA_PROVIDER?: 'none' | 'recaptcha' | 'turnstile';
  SCHEDULER_URL?: string;
  VIDEO_SCRIPT_URL?: string;
  TAG_MANAGER_SCRIPT_URL?: string;
  ADS_TRACKING_SCRIPT_URL?: string;
  FEEDBACK_SCRIPT_URL?: string;
  CHAT_SCRIPT_URL?: string;
  CHAT_WIDGET_SCRIPT_URL?: string;
  LEAD_TRACKING_SCRIPT_URL?: string;
}

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

/** The origins of the configured third-party widgets (script, their requests and frames). */
function widgetOrigins(env: CspEnv): string[] {
  return [
    env.VIDEO_SCRIPT_URL,
    env.TAG_MANAGER_SCRIPT_URL,
    env.ADS_TRACKING_SCRIPT_URL,
    env.FEEDBACK_SCRIPT_URL,
    env.CHAT_SCRIPT_URL,
    env.CHAT_WIDGET_SCRIPT_URL,
    env.LEAD_TRACKING_SCRIPT_URL,
  ].flatMap(origin);
}

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
  const widgets = widgetOrigins(env);
  const captcha = captchaHosts[env.CAPTCHA_PROVIDER ?? 'none'];
  const hashes =
    scriptHashes === 'any-inline'
      ? ["'unsafe-inline'", ...(env.NODE_ENV === 'development' ? ["'unsafe-eval'"] : [])]
      : scriptHashes.map((hash) => `'sha256-${hash}'`);
  const frames = [...captcha.frames, ...origin(env.SCHEDULER_URL), ...widgets];
  return [
    "default-src 'self'",
    `script-src ${list("'self'", hashes, captcha.scripts, widgets)}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src ${list("'self'", 'data:', 'blob:', widgets)}`,
    `font-src 'self' data:`,
    `connect-src ${list("'self'", captcha.scripts, widgets)}`,
    `media-src ${list("'self'", 'blob:', widgets)}`,
    `frame-src ${frames.length > 0 ? list(frames) : "'none'"}`,
    "worker-src 'self' blob:",
    ...baseDirectives(env),
  ].join('; ');
}
