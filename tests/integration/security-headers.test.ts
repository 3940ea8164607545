/**
 * The built server sends the security headers on every kind of response: a prerendered page,
 * a framework asset, a static JSON route, the health check and the lead endpoint's fast path.
 */
import { describe, expect, it } from 'vitest';
import { postLead } from './support/leads-server';
import { servedBuild } from './support/served-build';

const served = servedBuild();

function expectHeaders(response: Response) {
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  expect(response.headers.get('permissions-policy')).toContain('camera=()');
  // Served over http here: no HSTS, which would pin browsers to https.
  expect(response.headers.get('strict-transport-security')).toBeNull();
}

describe('security headers of the built server', () => {
  it('are on pages, assets, JSON routes, the health check and lead answers', async () => {
    const home = await fetch(`${served.server.url}/`);
    expect(home.status).toBe(200);
    expectHeaders(home);
    const asset = /\/_next\/static\/[^"]+\.js/.exec(await home.text())?.[0];
    expect(asset).toBeTruthy();
    expectHeaders(await fetch(`${served.server.url}${asset}`));
    expectHeaders(await fetch(`${served.server.url}/api/flows/newsletter`));
    expectHeaders(await fetch(`${served.server.url}/healthz`));
    expectHeaders(await fetch(`${served.server.url}/no-such-page`));
    const lead = await postLead(served.server, 'newsletter', {
      answers: { email: 'headers@example.com' },
      page: { uri: `${served.server.url}/`, name: 'home' },
    });
    expect(lead.status).toBe(202);
    expectHeaders(lead);
    const refused = await postLead(served.server, 'newsletter', '{not json');
    expect(refused.status).toBe(400);
    expectHeaders(refused);
  });
});
