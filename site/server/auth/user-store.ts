import type { Generated, Kysely } from 'kysely';
import type { AuthUser } from '@/site/auth/user';
import type { StaffRole } from './role-store';

export interface UserTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  email_verified_at: number | null;
  created_at: number;
  /** Only the firm's staff have one (auth-004-roles); visitors' accounts keep NULL. */
  role: StaffRole | null;
}

export interface SessionTable {
  token_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
}

export interface VerificationTable {
  token_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  /**
   * The scrypt hash of the password the registration that asked for this link chose
   * (auth-005-verification-passwords); NULL for links sent before: they keep the account's.
   */
  password_hash: string | null;
}

/** A type, not an interface: Kysely wants the table map indexable. */
export type AuthTables = {
  users: UserTable;
  auth_sessions: SessionTable;
  email_verifications: VerificationTable;
};

export interface UserRow {
  id: number;
  email: string;
  password_hash: string;
  email_verified_at: number | null;
  created_at: number;
  role: StaffRole | null;
}

/** The public user record: the role stays on the server (the answer's shape predates it). */
export function toAuthUser(row: UserRow): AuthUser {
  return {
    id: row.id,
    email: row.email,
    email_verified_at:
      row.email_verified_at === null ? null : new Date(row.email_verified_at).toISOString(),
    created_at: new Date(row.created_at).toISOString(),
  };
}

export function createUserStore(db: Kysely<AuthTables>) {
  const byEmail = async (email: string): Promise<UserRow | undefined> =>
    db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  return {
    findByEmail: byEmail,
    /** Inserts a user; undefined when the address is taken (also by a concurrent request). */
    async create(email: string, passwordHash: string, now: number): Promise<UserRow | undefined> {
      return db
        .insertInto('users')
        .values({ email, password_hash: passwordHash, email_verified_at: null, created_at: now })
        .onConflict((oc) => oc.column('email').doNothing())
        .returningAll()
        .executeTakeFirst();
    },
  };
}

export type UserStore = ReturnType<typeof createUserStore>;
