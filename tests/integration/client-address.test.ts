/**
 * Who "one client" is, through the built site as a visitor reaches it over loopback. With no
 * proxy setting, a client that writes its own X-Forwarded-For still gets its connection's budget
 * of leads and failed sign-ins, under the production server (scripts/serve.mjs) and under
 * `next start`; with TRUST_PROXY naming loopback, or TRUST_PROXY_HOPS=1, each address the proxy
 * (here: the test) reports gets its own. Both settings at once stop the server at start.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuild } from './support/leads-build';
import {
  postLead,
  startLeadsServer,
  type LeadsServer,
  type ServerHost,
} from './support/leads-server';

const LIMIT = 3;
const limits = {
  LEADS_RATE_LIMIT: String(LIMIT),
  AUTH_LOGIN_CLIENT_LIMIT: String(LIMIT),
  AUTH_LOGIN_ACCOUNT_LIMIT: '100',
};
/** The lead servers trust one proxy unless told otherwise; '' unsets a variable. */
const noSetting = { TRUST_PROXY_HOPS: '', TRUST_PROXY: '' };
const page = { uri: 'http://127.0.0.1/', name: 'home' };

let sent = 0;
/** A lead's status, sent with the X-Forwarded-For given (none: without the header). */
async function lead(server: LeadsServer, forwardedFor?: string): Promise<number> {
  const answers = { email: `visitor-${++sent}@example.com` };
  const headers: Record<string, string> = forwardedFor ? { 'x-forwarded-for': forwardedFor } : {};
  const response = await postLead(server, 'newsletter', { answers, page }, headers);
  await response.body?.cancel();
  return response.status;
}

/** A failed sign-in's status (an unknown e-mail each time: only the client's count grows). */
async function failedSignIn(server: LeadsServer, forwardedFor: string): Promise<number> {
  const response = await fetch(`${server.url}/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: server.url,
      'sec-fetch-site': 'same-origin',
      'x-forwarded-for': forwardedFor,
    },
    body: JSON.stringify({ email: `nobody-${++sent}@example.com`, password: 'not the password' }),
  });
  await response.body?.cancel();
  return response.status;
}

/** Statuses of `count` calls of `send` (given the call's index), one after another. */
async function statuses(count: number, send: (i: number) => Promise<number>): Promise<number[]> {
  const all: number[] = [];
  for (let i = 0; i < count; i += 1) all.push(await send(i));
  return all;
}

const accepted = Array<number>(LIMIT).fill(202);
const refused = Array<number>(LIMIT).fill(401);

describe.each<ServerHost>(['production-server', 'next-start'])('under %s', (host) => {
  let bare: LeadsServer;
  let byAddress: LeadsServer;
  let byHops: LeadsServer;

  beforeAll(async () => {
    await ensureBuild();
    [bare, byAddress, byHops] = await Promise.all([
      startLeadsServer({ ...limits, ...noSetting }, undefined, host),
      startLeadsServer(
        { ...limits, TRUST_PROXY_HOPS: '', TRUST_PROXY: '127.0.0.1,::1' },
        undefined,
        host,
      ),
      startLeadsServer({ ...limits, TRUST_PROXY_HOPS: '1' }, undefined, host),
    ]);
  }, 600_000);

  afterAll(async () => {
    await Promise.all([bare?.stop(), byAddress?.stop(), byHops?.stop()]);
  });

  it('with no setting, a client naming a new address in every lead gets 429 past the limit', async () => {
    const forged = await statuses(LIMIT + 1, (i) => lead(bare, `203.0.113.${i + 1}`));
    // One budget, the connection's: the start-up probe (startLeadsServer) may have used some.
    expect(forged.filter((status) => status === 202).length).toBeLessThanOrEqual(LIMIT);
    expect(forged.at(-1)).toBe(429);
    expect(await lead(bare)).toBe(429);
  });

  it('with no setting, failed sign-ins from forged addresses get 429 past the limit', async () => {
    expect(await statuses(LIMIT + 1, (i) => failedSignIn(bare, `198.51.100.${i + 1}`))).toEqual([
      ...refused,
      429,
    ]);
  });

  it('under the production server, says nothing at start; under next start, warns', () => {
    const warning = /neither TRUST_PROXY nor TRUST_PROXY_HOPS is set/;
    if (host === 'production-server') expect(bare.output()).not.toMatch(warning);
    else expect(bare.output()).toMatch(warning);
    expect(byHops.output()).not.toMatch(warning);
  });

  for (const [setting, server] of [
    ['TRUST_PROXY=127.0.0.1,::1', () => byAddress],
    ['TRUST_PROXY_HOPS=1', () => byHops],
  ] as const) {
    it(`with ${setting}, each address the proxy reports has its own budget`, async () => {
      const site = server();
      // What a visitor writes left of the proxy's report changes nothing.
      expect(await statuses(LIMIT + 1, (i) => lead(site, `6.6.6.${i}, 203.0.113.50`))).toEqual([
        ...accepted,
        429,
      ]);
      expect(await lead(site, '203.0.113.51')).toBe(202);
      expect(await lead(site, '2001:db8::51')).toBe(202);
      expect(await statuses(LIMIT + 1, () => failedSignIn(site, '198.51.100.50'))).toEqual([
        ...refused,
        429,
      ]);
      expect(await failedSignIn(site, '198.51.100.51')).toBe(401);
    });
  }
});

describe('the settings at start', () => {
  it('refuses TRUST_PROXY and TRUST_PROXY_HOPS together, and a malformed value, naming it', async () => {
    for (const [variables, message] of [
      [{ TRUST_PROXY: '127.0.0.1', TRUST_PROXY_HOPS: '1' }, /TRUST_PROXY: cannot be set together/],
      [{ TRUST_PROXY: 'localhost', TRUST_PROXY_HOPS: '' }, /TRUST_PROXY: must list IP addresses/],
      [{ TRUST_PROXY_HOPS: 'one' }, /TRUST_PROXY_HOPS: must be the number/],
    ] as const) {
      await expect(startLeadsServer(variables)).rejects.toThrow(message);
    }
  }, 60_000);
});
