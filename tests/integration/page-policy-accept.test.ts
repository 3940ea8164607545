/**
 * A page has one Content-Security-Policy, whatever the request accepts (issue 32, 7): shared
 * caches keep a page for up to a year under its URL alone, so the copy a script's `fetch`
 * (`Accept: *\/*`) or a crawler (no Accept) put there must carry the policy a browser's
 * navigation gets: the one listing the page's inline scripts by hash, no `'unsafe-inline'`.
 * A HEAD answer, from which a cache refreshes a stored page's headers, carries no policy at all
 * (a 304 neither: tests/unit/build/csp-html-responses.test.ts); everything that is not HTML is
 * still compressed.
 */
import { describe, expect, it } from 'vitest';
import { servedBuild } from './support/served-build';

const built = servedBuild();

const accepts = {
  browser: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'text/html': 'text/html',
  'fetch (*/*)': '*/*',
  none: undefined,
};

async function policiesOf(path: string): Promise<Record<string, string | null>> {
  const policies: Record<string, string | null> = {};
  for (const [name, accept] of Object.entries(accepts)) {
    const response = await fetch(`${built.server.url}${path}`, {
      headers: accept ? { accept } : {},
    });
    expect(response.status, name).toBe(200);
    expect(response.headers.get('content-type'), name).toMatch(/^text\/html/);
    expect(response.headers.get('vary') ?? '', name).not.toMatch(/\baccept\b(?!-)/i);
    policies[name] = response.headers.get('content-security-policy');
  }
  return policies;
}

describe('the Content-Security-Policy of a page', () => {
  it.each(['/', '/contact-us'])('is the same for every Accept header: %s', async (path) => {
    const policies = await policiesOf(path);
    const browser = policies.browser!;
    expect(browser).toMatch(/script-src [^;]*'sha256-/);
    expect(browser).not.toMatch(/script-src [^;]*'unsafe-inline'/);
    for (const [name, policy] of Object.entries(policies)) expect(policy, name).toBe(browser);
  });

  it('is the hashed one on a missing page too, asked by a script', async () => {
    const missing = await fetch(`${built.server.url}/no-such-page`, { headers: { accept: '*/*' } });
    expect(missing.status).toBe(404);
    const policy = missing.headers.get('content-security-policy');
    expect(policy).toMatch(/script-src [^;]*'sha256-/);
    expect(policy).not.toMatch(/script-src [^;]*'unsafe-inline'/);
  });

  it('is absent from a HEAD answer, which a cache merges into a stored page', async () => {
    const head = await fetch(`${built.server.url}/contact-us`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-security-policy')).toBeNull();
  });

  it('leaves what is not HTML compressed, as Next sends it', async () => {
    const html = await (await fetch(`${built.server.url}/contact-us`)).text();
    const asset = /\/_next\/static\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    for (const accept of Object.values(accepts)) {
      const response = await fetch(`${built.server.url}${asset}`, {
        headers: { 'accept-encoding': 'gzip', ...(accept ? { accept } : {}) },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe('gzip');
    }
  });
});
