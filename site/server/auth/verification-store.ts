import type { Kysely } from 'kysely';
import { digestToken, newSecretToken } from './secret-token';
import type { AuthTables, UserRow } from './user-store';

/** How long an e-mail verification link works. */
export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;

export function createVerificationStore(db: Kysely<AuthTables>) {
  return {
    /** Issues a new link token for a user; earlier unused links stop working. */
    async issue(userId: number, now: number): Promise<string> {
      const token = newSecretToken();
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('email_verifications')
          .where('user_id', '=', userId)
          .where('used_at', 'is', null)
          .execute();
        await trx
          .insertInto('email_verifications')
          .values({
            token_hash: digestToken(token),
            user_id: userId,
            created_at: now,
            expires_at: now + VERIFICATION_TTL_MS,
            used_at: null,
          })
          .execute();
      });
      return token;
    },
    /**
     * Uses a token once: marks it used and the user verified in one transaction.
     * Undefined when the token is unknown, used or expired.
     */
    async consume(token: string, now: number): Promise<UserRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable('email_verifications')
          .set({ used_at: now })
          .where('token_hash', '=', digestToken(token))
          .where('used_at', 'is', null)
          .where('expires_at', '>', now)
          .returning('user_id')
          .executeTakeFirst();
        if (!claimed) return undefined;
        await trx
          .updateTable('users')
          .set({ email_verified_at: now })
          .where('id', '=', claimed.user_id)
          .where('email_verified_at', 'is', null)
          .execute();
        return trx
          .selectFrom('users')
          .selectAll()
          .where('id', '=', claimed.user_id)
          .executeTakeFirst();
      });
    },
  };
}

export type VerificationStore = ReturnType<typeof createVerificationStore>;
