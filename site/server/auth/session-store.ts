import type { Kysely } from 'kysely';
import { digestToken, newSecretToken } from './secret-token';
import type { AuthTables, UserRow } from './user-store';

/** Token lifetime and cookie max age (site-spec §9): one year, in seconds. */
export const SESSION_MAX_AGE_S = 31_536_000;

export function createSessionStore(db: Kysely<AuthTables>) {
  return {
    /** Opens a session and returns its token; only the token's digest is stored. */
    async create(userId: number, now: number): Promise<string> {
      const token = newSecretToken();
      await db
        .insertInto('auth_sessions')
        .values({
          token_hash: digestToken(token),
          user_id: userId,
          created_at: now,
          expires_at: now + SESSION_MAX_AGE_S * 1000,
        })
        .execute();
      await db.deleteFrom('auth_sessions').where('expires_at', '<=', now).execute();
      return token;
    },
    /**
     * Opens a session only while the account's password is still `passwordHash`, the one just
     * checked. The no-op UPDATE holds the account's row until the session is stored (SQLite has
     * no FOR SHARE; PostgreSQL re-reads the row after a concurrent change): a confirmation or a
     * registration, which changes the password and ends every session, cannot slip between the
     * check and the new session. Undefined when the password changed meanwhile.
     */
    async createIfPassword(
      userId: number,
      passwordHash: string,
      now: number,
    ): Promise<string | undefined> {
      return db.transaction().execute(async (trx) => {
        const held = await trx
          .updateTable('users')
          .set({ password_hash: passwordHash })
          .where('id', '=', userId)
          .where('password_hash', '=', passwordHash)
          .executeTakeFirst();
        if (held.numUpdatedRows === 0n) return undefined;
        return createSessionStore(trx).create(userId, now);
      });
    },
    async userFor(token: string, now: number): Promise<UserRow | undefined> {
      return db
        .selectFrom('auth_sessions')
        .innerJoin('users', 'users.id', 'auth_sessions.user_id')
        .selectAll('users')
        .where('auth_sessions.token_hash', '=', digestToken(token))
        .where('auth_sessions.expires_at', '>', now)
        .executeTakeFirst();
    },
    async revoke(token: string): Promise<void> {
      await db.deleteFrom('auth_sessions').where('token_hash', '=', digestToken(token)).execute();
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
