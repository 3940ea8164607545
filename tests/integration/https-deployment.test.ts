/**
 * What https changes is decided by the SITE_URL a server starts with, never the one the site was
 * built with (issue 32, 7): HSTS on every response of the production server and on every page of
 * `next start`; Secure on the site's cookies. And the production server, behind a local TLS
 * terminator (a self-signed certificate), gets A+ from the MDN HTTP Observatory.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuild, ensureHttpsBuild } from './support/leads-build';
import { postLead, startLeadsServer, type LeadsServer } from './support/leads-server';
import { startTlsTerminator, type TlsTerminator } from './support/tls-terminator';

const HSTS = 'max-age=63072000; includeSubDomains';

let httpBuild: string;
let httpsBuild: string;
const servers: LeadsServer[] = [];

beforeAll(async () => {
  httpBuild = await ensureBuild();
  httpsBuild = await ensureHttpsBuild();
}, 1_200_000);
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
});

async function serve(
  build: string,
  siteUrl: string | undefined,
  host: 'production-server' | 'next-start' = 'production-server',
): Promise<LeadsServer> {
  const server = await startLeadsServer(
    { NEXT_DIST_DIR: build, ...(siteUrl ? { SITE_URL: siteUrl } : {}) },
    undefined,
    host,
  );
  servers.push(server);
  return server;
}

/** A page, a framework asset, a JSON route, the health check and a lead answer of `server`. */
async function responsesOf(server: LeadsServer): Promise<[string, Response][]> {
  const page = await fetch(`${server.url}/contact-us`);
  const asset = /\/_next\/static\/[^"]+\.js/.exec(await page.clone().text())?.[0];
  expect(asset).toBeTruthy();
  return [
    ['page', page],
    ['asset', await fetch(`${server.url}${asset}`)],
    ['JSON route', await fetch(`${server.url}/api/flows/newsletter`)],
    ['health check', await fetch(`${server.url}/healthz`)],
    [
      'lead',
      await postLead(server, 'newsletter', {
        answers: { email: 'https@example.com' },
        page: { uri: `${server.url}/`, name: 'home' },
      }),
    ],
  ];
}

/** The Set-Cookie lines a first visit to a page and a sign-out get (locale, session). */
async function cookiesOf(server: LeadsServer): Promise<string[]> {
  const page = await fetch(`${server.url}/`);
  const signOut = await fetch(`${server.url}/auth/logout`, {
    method: 'POST',
    headers: { origin: server.env.SITE_URL!, 'content-type': 'application/json' },
    body: '{}',
  });
  const cookies = [...page.headers.getSetCookie(), ...signOut.headers.getSetCookie()];
  const names = new Set(cookies.map((cookie) => cookie.split('=')[0]));
  expect([...names].sort()).toEqual(['auth._token.local', 'i18n_redirected']);
  return cookies;
}

describe('HSTS and Secure cookies, decided when the server starts', () => {
  it('a build made for http, served with an https SITE_URL: HSTS everywhere, Secure cookies', async () => {
    const server = await serve(httpBuild, 'https://firm.example');
    for (const [what, response] of await responsesOf(server)) {
      expect(response.status, what).toBeLessThan(300);
      expect(response.headers.get('strict-transport-security'), what).toBe(HSTS);
    }
    for (const cookie of await cookiesOf(server)) expect(cookie).toMatch(/; Secure(;|$)/i);
  }, 120_000);

  it('a build made for https, served over http: no HSTS anywhere, no Secure cookie', async () => {
    const server = await serve(httpsBuild, undefined);
    for (const [what, response] of await responsesOf(server)) {
      expect(response.status, what).toBeLessThan(300);
      expect(response.headers.get('strict-transport-security'), what).toBeNull();
    }
    for (const cookie of await cookiesOf(server)) expect(cookie).not.toMatch(/Secure/i);
  }, 120_000);

  it('`next start` decides the same on pages', async () => {
    const https = await serve(httpBuild, 'https://firm.example', 'next-start');
    const page = await fetch(`${https.url}/contact-us`);
    expect(page.headers.get('strict-transport-security')).toBe(HSTS);
    expect(page.headers.getSetCookie().join()).toMatch(/; Secure(;|$)/i);

    const http = await serve(httpsBuild, undefined, 'next-start');
    for (const url of [`${http.url}/contact-us`, `${http.url}/healthz`]) {
      expect((await fetch(url)).headers.get('strict-transport-security'), url).toBeNull();
    }
  }, 120_000);
});

interface ObservatoryResult {
  scan: { grade: string; score: number; testsFailed: number };
  tests: Record<string, { pass: boolean; result: string; scoreModifier: number }>;
}

/** The Observatory's scan of `terminator`'s host, trusting its certificate. */
function observatoryScan(terminator: TlsTerminator): Promise<ObservatoryResult> {
  const script = path.join(
    process.cwd(),
    'tests',
    'integration',
    'support',
    'observatory-scan.mjs',
  );
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [script, terminator.host],
      {
        env: {
          PATH: process.env.PATH ?? '',
          NODE_ENV: 'production',
          NODE_EXTRA_CA_CERTS: terminator.certificateFile,
        },
        timeout: 120_000,
      },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`the scan failed: ${error.message}\n${stderr}`));
        else resolve(JSON.parse(stdout) as ObservatoryResult);
      },
    );
  });
}

describe('the MDN HTTP Observatory', () => {
  const terminators: TlsTerminator[] = [];
  afterAll(async () => {
    await Promise.all(terminators.map((terminator) => terminator.close()));
  });

  // The production server behind TLS, started with the terminator's https address as SITE_URL:
  // from the build made for https, and from one made for http (a build for staging, say).
  it.each(['https', 'http'] as const)(
    'grades the production server behind TLS A+, every test passed (built for %s)',
    async (builtFor) => {
      const terminator = await startTlsTerminator();
      terminators.push(terminator);
      const server = await serve(builtFor === 'https' ? httpsBuild : httpBuild, terminator.origin);
      terminator.forwardTo(server.url);

      const { scan, tests } = await observatoryScan(terminator);
      const report = Object.entries(tests)
        .map(
          ([name, test]) =>
            `${test.pass ? 'pass' : 'FAIL'} ${name}: ${test.result} (${test.scoreModifier})`,
        )
        .join('\n');
      const summary = `${scan.grade}, score ${scan.score}:\n${report}`;
      expect(scan.grade, summary).toBe('A+');
      expect(scan.score, summary).toBeGreaterThanOrEqual(100);
      expect(scan.testsFailed, summary).toBe(0);
    },
    180_000,
  );
});
