import type { Kysely } from 'kysely';
import type { AuthTables, UserRow } from './user-store';

/**
 * The roles the firm's staff hold (`users.role`, auth-004-roles). Both open the back office under
 * /admin; `admin` is for what only the firm's administrators may do. A visitor's account has none.
 */
export const staffRoles = ['staff', 'admin'] as const;
export type StaffRole = (typeof staffRoles)[number];

export function isStaffRole(value: unknown): value is StaffRole {
  return staffRoles.includes(value as StaffRole);
}

/**
 * Whether an account's role may count: its address is confirmed. Until it is, whoever registered
 * it may not own it (anyone can register any address), and a role would go to a stranger's
 * password. `grant` refuses such an account, and its session opens no staff page
 * (site/server/admin/staff-user.ts), whatever role it was given before grants checked.
 */
export function mayHoldRole(account: Pick<UserRow, 'email_verified_at'>): boolean {
  return account.email_verified_at !== null;
}

/** What a grant or a revocation did to one account. */
export interface RoleChange {
  email: string;
  before: StaffRole | null;
  after: StaffRole | null;
}

/** A grant refused: the account's address is not confirmed (see mayHoldRole). */
export interface RoleRefusal {
  email: string;
  refused: 'email-not-confirmed';
}

export interface RoleHolder {
  id: number;
  email: string;
  role: StaffRole | null;
  emailVerified: boolean;
}

/**
 * Roles are given only from the command line (`npm run users`), by someone with access to the
 * server: no request of the site can change one. Each change is one UPDATE of one row. A role
 * goes only to an account whose address is confirmed: a confirmation sets the password chosen by
 * whoever followed the link (verification-store.ts), so the role's holder owns the address.
 */
export function createRoleStore(db: Kysely<AuthTables>) {
  async function setRole(
    email: string,
    role: StaffRole | null,
  ): Promise<RoleChange | RoleRefusal | undefined> {
    return db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('users')
        .select(['id', 'email', 'role', 'email_verified_at'])
        .where('email', '=', email)
        .executeTakeFirst();
      if (!row) return undefined;
      if (role !== null && !mayHoldRole(row)) {
        return { email: row.email, refused: 'email-not-confirmed' };
      }
      if (row.role !== role) {
        await trx.updateTable('users').set({ role }).where('id', '=', row.id).execute();
      }
      return { email: row.email, before: row.role, after: role };
    });
  }

  return {
    /**
     * Gives the account of `email` a role; undefined when there is no such account, a refusal
     * when its address is not confirmed.
     */
    grant: (email: string, role: StaffRole) => setRole(email, role),
    /** Takes the account's role away (it stays a visitor's account); never refused. */
    revoke: (email: string) => setRole(email, null),
    /** Accounts holding a role (or every account with `all`), by e-mail address. */
    async list(options: { all?: boolean } = {}): Promise<RoleHolder[]> {
      let query = db
        .selectFrom('users')
        .select(['id', 'email', 'role', 'email_verified_at'])
        .orderBy('email');
      if (!options.all) query = query.where('role', 'is not', null);
      const rows = await query.execute();
      return rows.map((row) => ({
        id: row.id,
        email: row.email,
        role: row.role,
        emailVerified: row.email_verified_at !== null,
      }));
    },
  };
}

export type RoleStore = ReturnType<typeof createRoleStore>;
