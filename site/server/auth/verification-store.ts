import type { Db } from '@/site/server/db/database';
import { digestToken, newSecretToken } from './secret-token';
import type { UserRow } from './user-store';

/** How long an e-mail verification link works. */
export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;

export function createVerificationStore(db: Db) {
  const dropUnused = db.prepare<[number]>(
    'DELETE FROM email_verifications WHERE user_id = ? AND used_at IS NULL',
  );
  const insert = db.prepare<[string, number, number, number]>(
    'INSERT INTO email_verifications (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
  );
  const claim = db.prepare<[number, string, number], { user_id: number }>(
    `UPDATE email_verifications SET used_at = ?
     WHERE token_hash = ? AND used_at IS NULL AND expires_at > ? RETURNING user_id`,
  );
  const verifyUser = db.prepare<[number, number]>(
    'UPDATE users SET email_verified_at = ? WHERE id = ? AND email_verified_at IS NULL',
  );
  const byId = db.prepare<[number], UserRow>('SELECT * FROM users WHERE id = ?');

  return {
    /** Issues a new link token for a user; earlier unused links stop working. */
    issue: db.transaction((userId: number, now: number): string => {
      const token = newSecretToken();
      dropUnused.run(userId);
      insert.run(digestToken(token), userId, now, now + VERIFICATION_TTL_MS);
      return token;
    }),
    /**
     * Uses a token once: marks it used and the user verified in one transaction.
     * Undefined when the token is unknown, used or expired.
     */
    consume: db.transaction((token: string, now: number): UserRow | undefined => {
      const row = claim.get(now, digestToken(token), now);
      if (!row) return undefined;
      verifyUser.run(now, row.user_id);
      return byId.get(row.user_id);
    }),
  };
}

export type VerificationStore = ReturnType<typeof createVerificationStore>;
