/**
 * Who a session belongs to, as the back office sees it: nobody, an account without a staff role
 * (a visitor), or one of the firm's staff. No `next/*` here, so route handlers, pages and tests
 * share one definition.
 */
import { createSessionStore } from '@/site/server/auth/session-store';
import { isStaffRole, mayHoldRole, type StaffRole } from '@/site/server/auth/role-store';
import type { AuthTables } from '@/site/server/auth/user-store';
import type { SiteDatabase } from '@/site/server/db/database';

/** A signed-in member of the firm's staff. */
export interface StaffUser {
  id: number;
  email: string;
  role: StaffRole;
}

export type SessionStaff =
  { kind: 'signed-out' } | { kind: 'not-staff' } | { kind: 'staff'; staff: StaffUser };

/**
 * The staff member a session token opens, if any: a staff role on an account whose address is
 * confirmed. `npm run users -- grant` refuses an unconfirmed address, and a role granted before
 * it did opens nothing until the address is confirmed, since until then whoever chose the
 * password may not own the address. Role and confirmation are read on every request, so a
 * revocation takes effect at the next one.
 */
export async function sessionStaff(
  site: SiteDatabase,
  token: string | undefined,
  now: number = Date.now(),
): Promise<SessionStaff> {
  if (!token) return { kind: 'signed-out' };
  const row = await createSessionStore(site.db.withTables<AuthTables>()).userFor(token, now);
  if (!row) return { kind: 'signed-out' };
  if (!isStaffRole(row.role) || !mayHoldRole(row)) return { kind: 'not-staff' };
  return { kind: 'staff', staff: { id: row.id, email: row.email, role: row.role } };
}
