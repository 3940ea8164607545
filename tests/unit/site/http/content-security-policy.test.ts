/**
 * The page policy a firm's widget settings compose: each configured widget's script origin, the
 * hosts its provider documents (Google Tag Manager, HubSpot) and the hosts of its `*_CSP`
 * setting, each in its directive; an unconfigured widget adds nothing; CSP_REPORT_ONLY moves the
 * policy to the report-only header but keeps framing refused; every policy says where to report.
 */
import { describe, expect, it } from 'vitest';
import { policyHeadersFor, type CspEnv } from '@/site/http/content-security-policy';
import { parseEnv } from '@/site/env';

const site = { SITE_URL: 'https://firm.example' };

/** The policy's directives by name, each a list of its sources. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split('; ').map((directive) => {
      const [name = '', ...sources] = directive.split(' ');
      return [name, sources];
    }),
  );
}

/** The headers of a page whose one inline script hashes to `aGFzaA==`. */
const headersOf = (env: CspEnv) => policyHeadersFor(env)(['aGFzaA==']);
const policyOf = (env: CspEnv) => directives(headersOf(env)[0]!.value);
/** From the variables as a firm writes them, parsed as the server parses them. */
const policyFromVariables = (variables: Record<string, string>) =>
  policyOf(parseEnv({ ...variables, SITE_URL: site.SITE_URL }));

const gtm = 'https://www.googletagmanager.com/gtm.js?id=GTM-ABC123';
const hubspotTracking = 'https://js.hs-scripts.com/4242.js';

describe('page policy: third-party widgets', () => {
  it('an unconfigured widget adds nothing, whatever its setting says', () => {
    const bare = policyOf(site);
    const withSettings = policyFromVariables({
      TAG_MANAGER_CSP: 'script-src https://cdn.example; frame-src https://frames.example',
      CHAT_CSP: 'connect-src wss://chat.example',
    });
    expect(withSettings).toEqual(bare);
    expect(bare['script-src']).toEqual(["'self'", "'sha256-aGFzaA=='"]);
    expect(bare['frame-src']).toEqual(["'none'"]);
    expect(bare['connect-src']).toEqual(["'self'"]);
  });

  it("Google Tag Manager brings Google's documented hosts, in their directives", () => {
    const policy = policyFromVariables({ TAG_MANAGER_SCRIPT_URL: gtm });
    expect(policy['script-src']).toEqual(
      expect.arrayContaining([
        'https://www.googletagmanager.com',
        'https://*.googletagmanager.com',
      ]),
    );
    expect(policy['connect-src']).toEqual(
      expect.arrayContaining([
        'https://*.google-analytics.com',
        'https://*.analytics.google.com',
        'https://*.g.doubleclick.net',
      ]),
    );
    expect(policy['img-src']).toEqual(expect.arrayContaining(['https://*.google-analytics.com']));
    expect(policy['frame-src']).toEqual(['https://www.googletagmanager.com']);
    // Nothing of HubSpot's.
    expect(JSON.stringify(policy)).not.toMatch(/hubspot|hs-scripts/);
  });

  it("HubSpot's tracking code and chat bring HubSpot's hosts, websockets in connect-src", () => {
    const policy = policyFromVariables({ LEAD_TRACKING_SCRIPT_URL: hubspotTracking });
    expect(policy['script-src']).toEqual(
      expect.arrayContaining([
        'https://js.hs-scripts.com',
        'https://*.hs-analytics.net',
        'https://*.hs-banner.com',
        'https://*.hscollectedforms.net',
        'https://*.usemessages.com',
      ]),
    );
    expect(policy['connect-src']).toEqual(
      expect.arrayContaining(['https://*.hubspot.com', 'wss://*.hubspot.com']),
    );
    expect(policy['frame-src']).toEqual(expect.arrayContaining(['https://*.hubspot.com']));
    expect(policy['img-src']).toEqual(expect.arrayContaining(['https://*.hubspot.com']));
    expect(JSON.stringify(policy)).not.toMatch(/googletagmanager/);
    // HubSpot's chat script alone brings the same hosts.
    const chat = policyFromVariables({
      CHAT_SCRIPT_URL: 'https://js.usemessages.com/conversations-embed.js',
    });
    expect(chat['connect-src']).toEqual(expect.arrayContaining(['wss://*.hubspot.com']));
  });

  it("a provider the site does not know gets its script's origin and its setting's hosts", () => {
    const policy = policyFromVariables({
      TAG_MANAGER_SCRIPT_URL: 'https://tags.example.com/tm.js',
      TAG_MANAGER_CSP:
        'script-src https://cdn.tags.example; frame-src https://frames.tags.example; ' +
        'connect-src https://collect.tags.example wss://live.tags.example; img-src https://*.pixel.example',
    });
    // Each list exactly, in order (toMatchObject compares arrays whole).
    const own = 'https://tags.example.com';
    expect(policy).toMatchObject({
      'script-src': ["'self'", "'sha256-aGFzaA=='", own, 'https://cdn.tags.example'],
      'frame-src': [own, 'https://frames.tags.example'],
      'connect-src': ["'self'", own, 'https://collect.tags.example', 'wss://live.tags.example'],
      'img-src': ["'self'", 'data:', 'blob:', own, 'https://*.pixel.example'],
    });
    // A host for one directive is not allowed in another.
    expect(policy['script-src']).not.toContain('https://frames.tags.example');
  });

  it("each widget's setting counts only while that widget is configured; the chat's for both scripts", () => {
    const policy = policyFromVariables({
      CHAT_WIDGET_SCRIPT_URL: 'https://chat.example.com/widget.js',
      CHAT_CSP: 'frame-src https://rooms.chat.example',
      VIDEO_CSP: 'frame-src https://player.video.example',
    });
    expect(policy['frame-src']).toEqual(['https://chat.example.com', 'https://rooms.chat.example']);
  });

  it('settings add to the provider hosts, and no source is listed twice', () => {
    const policy = policyFromVariables({
      TAG_MANAGER_SCRIPT_URL: gtm,
      TAG_MANAGER_CSP: 'script-src https://*.googletagmanager.com https://connect.facebook.net',
      ADS_TRACKING_SCRIPT_URL: 'https://www.googletagmanager.com/gtag/js?id=AW-1',
    });
    const scripts = policy['script-src'] ?? [];
    expect(scripts).toContain('https://connect.facebook.net');
    expect(scripts).toContain('https://tagmanager.google.com');
    expect(new Set(scripts).size).toBe(scripts.length);
  });
});

describe('page policy: reports and report-only', () => {
  it('every policy reports to the site, and the Reporting API is told where', () => {
    const headers = headersOf(site);
    const byName = Object.fromEntries(headers.map((h) => [h.key, h.value]));
    const policy = directives(byName['Content-Security-Policy'] ?? '');
    expect(policy['report-uri']).toEqual(['/api/csp-reports']);
    expect(policy['report-to']).toEqual(['csp-endpoint']);
    expect(byName['Reporting-Endpoints']).toBe('csp-endpoint="/api/csp-reports"');
    expect(byName).not.toHaveProperty('Content-Security-Policy-Report-Only');
  });

  it('over plain http, the policy names report-uri alone (Chromium loses report-to reports there)', () => {
    const headers = headersOf({ SITE_URL: 'http://localhost:3000' });
    expect(headers.map((h) => h.key)).toEqual(['Content-Security-Policy']);
    const policy = directives(headers[0]!.value);
    expect(policy['report-uri']).toEqual(['/api/csp-reports']);
    expect(policy).not.toHaveProperty('report-to');
  });

  it('CSP_REPORT_ONLY=1 only reports the policy, but still refuses framing and plugins', () => {
    const env = parseEnv({ SITE_URL: site.SITE_URL, CSP_REPORT_ONLY: '1' });
    const byName = Object.fromEntries(headersOf(env).map((h) => [h.key, h.value]));
    const reportOnly = directives(byName['Content-Security-Policy-Report-Only'] ?? '');
    expect(reportOnly['script-src']).toEqual(["'self'", "'sha256-aGFzaA=='"]);
    expect(reportOnly['report-to']).toEqual(['csp-endpoint']);
    // Browsers ignore frame-ancestors in a report-only policy: it stays in the enforced one.
    expect(reportOnly).not.toHaveProperty('frame-ancestors');
    const enforced = directives(byName['Content-Security-Policy'] ?? '');
    expect(enforced['frame-ancestors']).toEqual(["'none'"]);
    expect(enforced['object-src']).toEqual(["'none'"]);
    expect(enforced['report-uri']).toEqual(['/api/csp-reports']);
    expect(enforced).not.toHaveProperty('script-src');
    expect(parseEnv({ CSP_REPORT_ONLY: 'false' }).CSP_REPORT_ONLY).toBe(false);
    expect(parseEnv({}).CSP_REPORT_ONLY).toBe(false);
  });
});
