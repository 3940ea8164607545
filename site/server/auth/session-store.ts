import type { Db } from '@/site/server/db/database';
import { digestToken, newSecretToken } from './secret-token';
import type { UserRow } from './user-store';

/** Token lifetime and cookie max age (site-spec §9): one year, in seconds. */
export const SESSION_MAX_AGE_S = 31_536_000;

export function createSessionStore(db: Db) {
  const insert = db.prepare<[string, number, number, number]>(
    'INSERT INTO auth_sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
  );
  const userOf = db.prepare<[string, number], UserRow>(
    `SELECT users.* FROM auth_sessions JOIN users ON users.id = auth_sessions.user_id
     WHERE auth_sessions.token_hash = ? AND auth_sessions.expires_at > ?`,
  );
  const remove = db.prepare<[string]>('DELETE FROM auth_sessions WHERE token_hash = ?');
  const purge = db.prepare<[number]>('DELETE FROM auth_sessions WHERE expires_at <= ?');
  return {
    /** Opens a session and returns its token; only the token's digest is stored. */
    create(userId: number, now: number): string {
      const token = newSecretToken();
      insert.run(digestToken(token), userId, now, now + SESSION_MAX_AGE_S * 1000);
      purge.run(now);
      return token;
    },
    userFor(token: string, now: number): UserRow | undefined {
      return userOf.get(digestToken(token), now);
    },
    revoke(token: string): void {
      remove.run(digestToken(token));
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
