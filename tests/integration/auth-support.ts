import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CSRF_FIELD, csrfToken } from '@/site/server/admin/admin-post';
import type { Dialect } from '@/site/server/db/database';
import { createAuthApi, type AuthApi, type AuthApiDeps } from '@/site/server/auth/auth-api';
import { createRoleStore, type StaffRole } from '@/site/server/auth/role-store';
import type { AuthTables } from '@/site/server/auth/user-store';
import type { SiteDatabase } from '@/site/server/db/database';
import { createFileMailer } from '@/site/server/mail/file-mailer';
import { linkToken, mailsIn } from './support/mail-files';
import { testDatabase } from './support/test-databases';

export { linkToken };

export const SITE = 'https://firm.example';

/**
 * A real account API over a fresh database (a SQLite file, or a database of its own in the run's
 * PostgreSQL cluster) and a mail folder in a temp directory.
 */
export async function makeAuth(overrides: Partial<AuthApiDeps> = {}, dialect: Dialect = 'sqlite') {
  const dir = mkdtempSync(path.join(tmpdir(), 'auth-'));
  const database = await testDatabase(dialect);
  const db = await database.open();
  const mailDir = path.join(dir, 'mail');
  const errors: unknown[] = [];
  const api = createAuthApi({
    db,
    mailer: createFileMailer({ dir: mailDir, from: 'no-reply@firm.example' }),
    siteUrl: SITE,
    brandName: 'Test Firm',
    limits: { loginPerClient: 20, loginPerAccount: 10 },
    logError: (_message, error) => errors.push(error),
    ...overrides,
  });
  const mails = () => mailsIn(mailDir);
  const mailsTo = (email: string) => mailsIn(mailDir, email);
  return { api, db, database, mailDir, mails, mailsTo, errors };
}

export function post(route: string, body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(`http://127.0.0.1:3000/auth/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/**
 * A form a staff page posts to `url` (on http://site.test) as the browser sends it: same-origin,
 * with the session cookie and the session's CSRF token among the fields.
 */
export function staffForm(url: string, cookie: string, fields: Record<string, string>): Request {
  const session = cookie.split('=').slice(1).join('=');
  return new Request(`http://site.test${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'http://site.test',
      'sec-fetch-site': 'same-origin',
      cookie,
    },
    body: new URLSearchParams({ [CSRF_FIELD]: csrfToken(session), ...fields }),
  });
}

export function get(route: string, headers: Record<string, string> = {}): Request {
  return new Request(`http://127.0.0.1:3000/auth/${route}`, { headers });
}

/** An account API, the database under it and the folder its mails go to (makeAuth's, or a runtime's). */
export interface AuthSite {
  api: AuthApi;
  db: SiteDatabase;
  mailDir: string;
}

/**
 * Registers `email` and follows the link mailed for it, as its owner would: only a confirmed
 * address can be given a staff role.
 */
export async function registerConfirmed(
  auth: Pick<AuthSite, 'api' | 'mailDir'>,
  email: string,
  password: string,
): Promise<void> {
  const registered = await auth.api.register(post('register', { email, password }));
  if (registered.status !== 202) throw new Error(`register ${email}: ${registered.status}`);
  const token = linkToken(mailsIn(auth.mailDir, email).at(-1));
  const verified = await auth.api.verify(post('verify', { token }));
  if (verified.status !== 200) throw new Error(`verify ${email}: ${verified.status}`);
}

/**
 * A member of staff signed in: `email` registered and confirmed (registerConfirmed), given `role`
 * and signed in with `password`. Their session cookie (`name=value`).
 */
export async function signInAsStaff(
  auth: AuthSite,
  email: string,
  password: string,
  role: StaffRole = 'staff',
): Promise<string> {
  await registerConfirmed(auth, email, password);
  const granted = await createRoleStore(auth.db.db.withTables<AuthTables>()).grant(email, role);
  if (!granted || 'refused' in granted)
    throw new Error(`grant ${email}: ${JSON.stringify(granted)}`);
  return cookieOf(await auth.api.login(post('login', { email, password })));
}

/** `name=value` of a Set-Cookie header, for sending it back. */
export function cookieOf(response: Response): string {
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}
