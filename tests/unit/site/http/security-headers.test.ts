import { describe, expect, it } from 'vitest';
import { securityHeaders } from '@/site/http/security-headers';

const asMap = (env: Parameters<typeof securityHeaders>[0]) =>
  Object.fromEntries(securityHeaders(env).map((h) => [h.key, h.value]));

describe('security headers', () => {
  it('forbid framing, sniffing and unused features; no HSTS over plain http', () => {
    const headers = asMap({ SITE_URL: 'http://localhost:3000' });
    expect(headers['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    expect(headers['X-Frame-Options']).toBe('DENY');
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['Permissions-Policy']).toMatch(/(^|, )camera=\(\)/);
    expect(headers['Permissions-Policy']).toMatch(/(^|, )geolocation=\(\)/);
    expect(headers).not.toHaveProperty('Strict-Transport-Security');
  });

  it('leave HSTS to run time and let the configured origins frame the site', () => {
    const headers = asMap({
      SITE_URL: 'https://firm.example',
      FRAME_ANCESTORS: 'https://partner.example https://other.example',
    });
    // Fixed at build by next.config.ts: HSTS follows the SITE_URL a server starts with instead
    // (transport-security.ts).
    expect(headers).not.toHaveProperty('Strict-Transport-Security');
    expect(headers['Content-Security-Policy']).toContain(
      'frame-ancestors https://partner.example https://other.example;',
    );
    expect(headers).not.toHaveProperty('X-Frame-Options');
  });
});
