/**
 * The built site served on one database, with a member of staff signed in: registered and
 * confirmed through the API and the mail folder, given the role with `npm run users`, signed in
 * through `/auth/login`. Requests leave from addresses of their own (the server trusts one proxy
 * hop, as the lead tests' servers do), so no rate limit counts one against another.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CSRF_FIELD, csrfToken } from '@/site/server/admin/admin-post';
import { AUTH_COOKIE } from '@/site/server/auth/auth-cookie';
import type { Dialect } from '@/site/server/db/database';
import { ensureBuild } from './leads-build';
import { startLeadsServer, until, type LeadsServer } from './leads-server';
import { runScript } from './run-script';
import { serverDatabase } from './test-databases';

export const WEBHOOK_SECRET = 'storable-text-webhook-secret';
export const PASSWORD = 'a sturdy passphrase';

let addresses = 0;
/** A new client address (documentation range, RFC 3849) for each request. */
export const nextAddress = () => `2001:db8::${(++addresses).toString(16)}`;

export interface StaffedSite {
  dialect: Dialect;
  server: LeadsServer;
  /** The staff member's session cookie (`name=value`) and the token of their forms. */
  cookie: string;
  csrf: string;
  /** A request to the site from a page of the site, from an address of its own. */
  fetch(pathAndQuery: string, init?: RequestInit, staff?: boolean): Promise<Response>;
  /** A staff form posted as the back office's pages post it (its CSRF token added). */
  form(pathAndQuery: string, fields: [string, string][]): Promise<Response>;
  /** The staff member's e-mail address, and the folder the site's mails are written to. */
  email: string;
  mailDir: string;
  stop(): Promise<unknown>;
}

function mailsTo(dir: string, to: string): string[] {
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  return names
    .sort()
    .map((name) => readFileSync(path.join(dir, name), 'utf8'))
    .filter((mail) => mail.includes(`\r\nTo: ${to}\r\n`));
}

export async function startStaffedSite(
  dialect: Dialect,
  env: Record<string, string> = {},
): Promise<StaffedSite> {
  const mailDir = mkdtempSync(path.join(tmpdir(), 'storable-mail-'));
  const server = await startLeadsServer(
    {
      NEXT_DIST_DIR: await ensureBuild(),
      MAIL_DIR: mailDir,
      STRAPI_WEBHOOK_SECRET: WEBHOOK_SECRET,
      ...env,
    },
    await serverDatabase(dialect),
  );
  let cookie = '';
  const headers = (staff: boolean, more: HeadersInit | undefined) => {
    const all = new Headers(more);
    all.set('origin', server.url);
    all.set('sec-fetch-site', 'same-origin');
    all.set('x-forwarded-for', nextAddress());
    if (staff && cookie) all.set('cookie', cookie);
    return all;
  };
  const email = `staff-${dialect}@firm.example`;
  const site: StaffedSite = {
    dialect,
    server,
    email,
    mailDir,
    cookie: '',
    csrf: '',
    fetch: (pathAndQuery, init = {}, staff = false) =>
      fetch(`${server.url}${pathAndQuery}`, {
        redirect: 'manual',
        ...init,
        headers: headers(staff, init.headers),
      }),
    form: (pathAndQuery, fields) =>
      site.fetch(
        pathAndQuery,
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams([[CSRF_FIELD, site.csrf], ...fields]).toString(),
        },
        true,
      ),
    stop: () => server.stop(),
  };

  const post = (route: string, body: unknown) =>
    site.fetch(route, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const registered = await post('/auth/register', { email, password: PASSWORD });
  if (registered.status !== 202) throw new Error(`register: ${registered.status}`);
  await until(() => mailsTo(mailDir, email).length > 0, 10_000, 'the verification mail');
  const token = /\/account\/verify\?token=([\w-]+)/.exec(mailsTo(mailDir, email)[0] ?? '')?.[1];
  const verified = await post('/auth/verify', { token });
  if (verified.status !== 200) throw new Error(`verify: ${verified.status}`);
  const databaseEnv: Record<string, string> = server.env.DATABASE_URL
    ? { DATABASE_URL: server.env.DATABASE_URL }
    : { LEADS_DB: server.env.LEADS_DB! };
  const granted = await runScript('scripts/users.ts', ['grant', email, 'staff'], databaseEnv);
  if (granted.code !== 0) throw new Error(`users grant: ${granted.stderr}`);
  const login = await post('/auth/login', { email, password: PASSWORD });
  const session = new RegExp(`${AUTH_COOKIE.replace(/\./g, '\\.')}=([^;]+)`).exec(
    login.headers.get('set-cookie') ?? '',
  )?.[1];
  if (login.status !== 200 || !session) throw new Error(`login: ${login.status}`);
  cookie = `${AUTH_COOKIE}=${session}`;
  site.cookie = cookie;
  site.csrf = csrfToken(session);
  return site;
}
