/**
 * The door of the back office under /admin. A page calls `requireStaff(itsPath)` first thing:
 * a visitor who is not signed in is sent to sign in and brought back (`/login?next=…`); a
 * signed-in account without a staff role gets the site's ordinary 404, so nothing tells it that
 * /admin exists. A route handler asks `staffFromRequest(request)` (admin-post.ts does, for every
 * staff action). A staff role is all it takes (see `sessionStaff`).
 */
import { cookies } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import { authRoutes } from '@/site/auth/user';
import { AUTH_COOKIE, readCookie } from '@/site/server/auth/auth-cookie';
import type { SiteDatabase } from '@/site/server/db/database';
import { siteDatabase } from '@/site/server/runtime/site-runtime';
import { sessionStaff, type StaffUser } from './staff-user';

export type { StaffUser } from './staff-user';

type Database = () => Promise<SiteDatabase>;

/** The staff member viewing the page at `path` (e.g. `/admin/leads/L123`), or a redirect or a 404. */
export async function requireStaff(path: string): Promise<StaffUser> {
  return staffForPage((await cookies()).get(AUTH_COOKIE)?.value, path);
}

/** `requireStaff` for a session token already read (tests call it outside a request). */
export async function staffForPage(
  token: string | undefined,
  path: string,
  database: Database = siteDatabase,
): Promise<StaffUser> {
  const found = await sessionStaff(await database(), token);
  if (found.kind === 'signed-out') redirect(`${authRoutes.login}?next=${encodeURIComponent(path)}`);
  if (found.kind === 'not-staff') notFound();
  return found.staff;
}

/**
 * The staff member a route handler's request comes from, or undefined. Only the session cookie
 * counts (not an `Authorization` header): the back office is used from a browser.
 */
export async function staffFromRequest(
  request: Request,
  database: Database = siteDatabase,
): Promise<StaffUser | undefined> {
  const token = readCookie(request.headers.get('cookie'), AUTH_COOKIE);
  const found = await sessionStaff(await database(), token);
  return found.kind === 'staff' ? found.staff : undefined;
}
