import type { Kysely } from 'kysely';
import { digestToken, newSecretToken } from './secret-token';
import type { AuthTables, UserRow } from './user-store';

/** How long an e-mail verification link works. */
export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Registrations of one unconfirmed address that wait for their link at a time: a further one drops
 * the oldest. Each is a mail, so the mail limits (auth-rate-limits.ts) bound them too.
 */
export const OPEN_REGISTRATIONS = 3;

/** A link to send: its token, and when the registration it confirms was made. */
export interface VerificationLink {
  token: string;
  registeredAt: number;
}

/**
 * E-mail verification links, each bound to one registration of an unconfirmed account and to the
 * password that registration chose. Following a link is the only way an address is confirmed,
 * and it makes that link's password the account's: so a confirmed account's password was chosen
 * by someone who reads the address's mail, whoever registered the address first.
 */
export function createVerificationStore(db: Kysely<AuthTables>) {
  return {
    /**
     * A registration of an unconfirmed account (a new one, or an address registered before but
     * never confirmed): its password replaces the account's until confirmation, every session of
     * the account ends (an earlier registrant's included), and a link bound to this password is
     * issued. Other registrations' links keep working, so a later registration by someone else
     * cannot take the owner's link away. Undefined when the account has been confirmed meanwhile.
     */
    async register(
      userId: number,
      passwordHash: string,
      now: number,
    ): Promise<VerificationLink | undefined> {
      return db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('users')
          .set({ password_hash: passwordHash })
          .where('id', '=', userId)
          .where('email_verified_at', 'is', null)
          .executeTakeFirst();
        if (updated.numUpdatedRows === 0n) return undefined;
        await trx.deleteFrom('auth_sessions').where('user_id', '=', userId).execute();
        // The newest waiting links stay, making room for this one.
        await trx
          .deleteFrom('email_verifications')
          .where('user_id', '=', userId)
          .where('used_at', 'is', null)
          .where('token_hash', 'not in', (eb) =>
            eb
              .selectFrom('email_verifications')
              .select('token_hash')
              .where('user_id', '=', userId)
              .where('used_at', 'is', null)
              .orderBy('created_at', 'desc')
              .orderBy('token_hash')
              .limit(OPEN_REGISTRATIONS - 1),
          )
          .execute();
        const token = newSecretToken();
        await trx
          .insertInto('email_verifications')
          .values({
            token_hash: digestToken(token),
            user_id: userId,
            created_at: now,
            expires_at: now + VERIFICATION_TTL_MS,
            used_at: null,
            password_hash: passwordHash,
          })
          .execute();
        return { token, registeredAt: now };
      });
    },

    /**
     * New links for every registration of the account still waiting (expired ones too), newest
     * first: each replaces that registration's earlier link, which stops working, and keeps its
     * password. Empty when the account has none (it is confirmed, or must be registered again).
     */
    async reissue(userId: number, now: number): Promise<VerificationLink[]> {
      return db.transaction().execute(async (trx) => {
        const open = await trx
          .selectFrom('email_verifications')
          .innerJoin('users', 'users.id', 'email_verifications.user_id')
          .select(['email_verifications.token_hash', 'email_verifications.created_at'])
          .where('email_verifications.user_id', '=', userId)
          .where('email_verifications.used_at', 'is', null)
          .where('users.email_verified_at', 'is', null)
          .orderBy('email_verifications.created_at', 'desc')
          .orderBy('email_verifications.token_hash')
          .limit(OPEN_REGISTRATIONS)
          .execute();
        const links: VerificationLink[] = [];
        for (const row of open) {
          const token = newSecretToken();
          await trx
            .updateTable('email_verifications')
            .set({ token_hash: digestToken(token), expires_at: now + VERIFICATION_TTL_MS })
            .where('token_hash', '=', row.token_hash)
            .execute();
          links.push({ token, registeredAt: row.created_at });
        }
        return links;
      });
    },

    /**
     * Uses a link once, in one transaction: the account is confirmed, takes the password of the
     * registration this link was sent for, every other link of the account stops working and
     * every session ends (a session opened with another registration's password must not outlive
     * the confirmation). Undefined when the token is unknown, used or expired, or when the
     * account was confirmed by another link meanwhile.
     */
    async consume(token: string, now: number): Promise<UserRow | undefined> {
      const digest = digestToken(token);
      return db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable('email_verifications')
          .set({ used_at: now })
          .where('token_hash', '=', digest)
          .where('used_at', 'is', null)
          .where('expires_at', '>', now)
          .returning(['user_id', 'password_hash'])
          .executeTakeFirst();
        if (!claimed) return undefined;
        const confirmed = await trx
          .updateTable('users')
          .set(
            claimed.password_hash === null
              ? { email_verified_at: now }
              : { email_verified_at: now, password_hash: claimed.password_hash },
          )
          .where('id', '=', claimed.user_id)
          .where('email_verified_at', 'is', null)
          .returningAll()
          .executeTakeFirst();
        if (!confirmed) return undefined;
        await trx
          .deleteFrom('email_verifications')
          .where('user_id', '=', claimed.user_id)
          .where('token_hash', '!=', digest)
          .execute();
        await trx.deleteFrom('auth_sessions').where('user_id', '=', claimed.user_id).execute();
        return confirmed;
      });
    },
  };
}

export type VerificationStore = ReturnType<typeof createVerificationStore>;
