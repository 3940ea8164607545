import { describe, expect, it } from 'vitest';
import { reachedOverHttps, strictTransportSecurity } from '@/site/http/transport-security';

const request = (url: string, headers: Record<string, string> = {}) =>
  new Request(url, { headers });

describe('transport security, decided by the SITE_URL the server runs with', () => {
  it('sends HSTS for two years, subdomains included, only for an https SITE_URL', () => {
    expect(strictTransportSecurity('https://firm.example')).toEqual([
      { key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' },
    ]);
    expect(strictTransportSecurity('HTTPS://firm.example')).toHaveLength(1);
    expect(strictTransportSecurity('http://localhost:3000')).toEqual([]);
  });

  it('counts every request as https under an https SITE_URL, whatever a header claims', () => {
    const site = 'https://firm.example';
    expect(reachedOverHttps(request('http://127.0.0.1/'), site)).toBe(true);
    expect(
      reachedOverHttps(request('http://127.0.0.1/', { 'x-forwarded-proto': 'http' }), site),
    ).toBe(true);
  });

  it('otherwise believes the TLS-ending proxy, then the request URL', () => {
    const site = 'http://localhost:3000';
    expect(reachedOverHttps(request('http://x/', { 'x-forwarded-proto': 'https' }), site)).toBe(
      true,
    );
    expect(
      reachedOverHttps(request('http://x/', { 'x-forwarded-proto': 'https, http' }), site),
    ).toBe(true);
    expect(reachedOverHttps(request('https://x/', { 'x-forwarded-proto': 'http' }), site)).toBe(
      false,
    );
    expect(reachedOverHttps(request('https://x/'), site)).toBe(true);
    expect(reachedOverHttps(request('http://x/'), site)).toBe(false);
  });
});
