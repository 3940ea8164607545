import type { AuthUser } from '@/site/auth/user';
import type { Db } from '@/site/server/db/database';

export interface UserRow {
  id: number;
  email: string;
  password_hash: string;
  email_verified_at: number | null;
  created_at: number;
}

export function toAuthUser(row: UserRow): AuthUser {
  return {
    id: row.id,
    email: row.email,
    email_verified_at:
      row.email_verified_at === null ? null : new Date(row.email_verified_at).toISOString(),
    created_at: new Date(row.created_at).toISOString(),
  };
}

export function createUserStore(db: Db) {
  const byEmail = db.prepare<[string], UserRow>('SELECT * FROM users WHERE email = ?');
  const byId = db.prepare<[number], UserRow>('SELECT * FROM users WHERE id = ?');
  const insert = db.prepare<[string, string, number]>(
    'INSERT INTO users (email, password_hash, created_at) VALUES (?, ?, ?) ON CONFLICT (email) DO NOTHING',
  );
  return {
    findByEmail: (email: string) => byEmail.get(email),
    findById: (id: number) => byId.get(id),
    /** Inserts a user; undefined when the address is taken (also by a concurrent request). */
    create(email: string, passwordHash: string, now: number): UserRow | undefined {
      const result = insert.run(email, passwordHash, now);
      return result.changes === 1 ? byId.get(Number(result.lastInsertRowid)) : undefined;
    },
  };
}

export type UserStore = ReturnType<typeof createUserStore>;
