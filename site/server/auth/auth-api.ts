import {
  loginSchema,
  registerSchema,
  resendSchema,
  verifySchema,
} from '@/site/auth/credentials-schema';
import type { AuthUser } from '@/site/auth/user';
import type { SiteDatabase } from '@/site/server/db/database';
import type { Mailer } from '@/site/server/mail/mailer';
import { errorResponse, jsonResponse } from '@/site/server/http/api-response';
import { clearedSessionCookie, requestToken, sessionCookie } from './auth-cookie';
import { alreadyRegisteredMail, verificationMail, type MailContext } from './auth-mail';
import { createAuthRateLimits, type AuthLimitSettings, type Limited } from './auth-rate-limits';
import { clientKey } from './client-key';
import { readJsonBody } from '@/site/server/http/json-body';
import { hashPassword, verifyPassword } from './password-hash';
import { createSessionStore } from './session-store';
import { createUserStore, toAuthUser, type AuthTables } from './user-store';
import { createVerificationStore } from './verification-store';

export interface AuthApiDeps extends MailContext {
  db: SiteDatabase;
  mailer: Mailer;
  limits: AuthLimitSettings;
  now?: () => number;
  logError?: (message: string, error: unknown) => void;
}

/** The messages a visitor reads; the same text whatever the database holds. */
export const authMessages = {
  loginFailed: 'The e-mail address or password is incorrect.',
  tooMany: (retryAfterS: number) =>
    `Too many attempts. Please try again in ${Math.max(1, Math.ceil(retryAfterS / 60))} minute(s).`,
  registered:
    'Thanks! We have sent a message to that address: follow the link in it to confirm your e-mail, then sign in.',
  resent:
    'If that address belongs to an account that still needs confirming, a new link is on its way.',
  mailFailed: 'We could not send the e-mail just now. Please try again in a few minutes.',
  badToken: 'This verification link is invalid, already used or expired. Request a new one below.',
  notSignedIn: 'You are not signed in.',
  signedOut: 'You are signed out.',
} as const;

function tooMany(limited: Limited): Response {
  return errorResponse(429, [{ message: authMessages.tooMany(limited.retryAfterS) }], {
    'retry-after': String(limited.retryAfterS),
  });
}

/**
 * The account API as plain `Request → Response` functions (no `next/*`), so the route
 * files only re-export them and tests call them with real requests and a real database.
 */
export function createAuthApi(deps: AuthApiDeps) {
  const now = deps.now ?? Date.now;
  const logError = deps.logError ?? ((message, error) => console.error(message, error));
  const db = deps.db.db.withTables<AuthTables>();
  const users = createUserStore(db);
  const sessions = createSessionStore(db);
  const verifications = createVerificationStore(db);
  const limits = createAuthRateLimits(deps.limits, deps.db);
  // Unknown addresses are checked against this hash so they cost the same time as known ones.
  const decoyHash = hashPassword(`decoy-${now()}-${Math.random()}`);

  async function userFromRequest(request: Request): Promise<AuthUser | undefined> {
    const token = requestToken(request);
    const row = token ? await sessions.userFor(token, now()) : undefined;
    return row ? toAuthUser(row) : undefined;
  }

  /** A resend: a new link for each registration of the address still waiting. */
  async function resendLinks(userId: number, email: string): Promise<void> {
    for (const link of await verifications.reissue(userId, now())) {
      await deps.mailer.send(verificationMail(email, link, deps));
    }
  }

  return {
    /** The signed-in user of a session token, for server-rendered pages. */
    async userForToken(token: string | undefined): Promise<AuthUser | undefined> {
      const row = token ? await sessions.userFor(token, now()) : undefined;
      return row ? toAuthUser(row) : undefined;
    },

    /**
     * POST /auth/login `{email, password}` → `{data: {user}}`; the session token travels only in
     * the HttpOnly cookie the answer sets, never in a body a script could read.
     */
    async login(request: Request): Promise<Response> {
      const body = await readJsonBody(request, loginSchema);
      if (!body.ok) return body.response;
      const { email, password } = body.data;
      const client = clientKey(request);
      const limited = await limits.loginAllowed(client, email);
      if (limited) return tooMany(limited);

      const row = await users.findByEmail(email);
      const matches = await verifyPassword(password, row?.password_hash ?? (await decoyHash));
      // The password may have changed while it was checked (a confirmation or a registration of
      // an unconfirmed address): then no session opens, as if it had been wrong.
      const token =
        row && matches
          ? await sessions.createIfPassword(row.id, row.password_hash, now())
          : undefined;
      if (!row || !token) {
        await limits.loginFailed(client, email);
        return errorResponse(401, [{ message: authMessages.loginFailed }]);
      }
      await limits.loginSucceeded(client, email);
      const previous = requestToken(request);
      if (previous) await sessions.revoke(previous);
      return jsonResponse(
        200,
        { data: { user: toAuthUser(row) } },
        { 'set-cookie': sessionCookie(request, token) },
      );
    },

    /** POST /auth/logout: ends the session (if any) and clears the cookie. */
    async logout(request: Request): Promise<Response> {
      const token = requestToken(request);
      if (token) await sessions.revoke(token);
      return jsonResponse(
        200,
        { data: null, message: authMessages.signedOut },
        { 'set-cookie': clearedSessionCookie(request) },
      );
    },

    /** GET /auth/user → `{data: {user}}`, or 401 (and a cleared cookie) without a session. */
    async user(request: Request): Promise<Response> {
      const user = await userFromRequest(request);
      if (user) return jsonResponse(200, { data: { user } });
      const headers: Record<string, string> = requestToken(request)
        ? { 'set-cookie': clearedSessionCookie(request) }
        : {};
      return errorResponse(401, [{ message: authMessages.notSignedIn }], headers);
    },

    /**
     * POST /auth/register `{email, password}` → 202 whether or not the address was known:
     * a new address gets an account and a verification link, a known unverified one a link of
     * its own (this registration's password replaces the earlier one and every session ends:
     * verification-store.ts), a verified one a notice. Every path hashes and sends, so they
     * cost alike.
     */
    async register(request: Request): Promise<Response> {
      const body = await readJsonBody(request, registerSchema);
      if (!body.ok) return body.response;
      const { email, password } = body.data;
      const limited = await limits.mailAllowed(clientKey(request), email);
      if (limited) return tooMany(limited);

      const passwordHash = await hashPassword(password);
      const existing = await users.findByEmail(email);
      const created = existing ? undefined : await users.create(email, passwordHash, now());
      const account = created ?? existing ?? (await users.findByEmail(email));
      try {
        if (!account) throw new Error(`user ${email} vanished during registration`);
        const link =
          account.email_verified_at === null
            ? await verifications.register(account.id, passwordHash, now())
            : undefined;
        await deps.mailer.send(
          link
            ? verificationMail(account.email, link, deps)
            : alreadyRegisteredMail(account.email, deps),
        );
      } catch (error) {
        logError('[auth] registration mail failed', error);
        return errorResponse(503, [{ message: authMessages.mailFailed }]);
      }
      return jsonResponse(202, { success: authMessages.registered });
    },

    /**
     * POST /auth/verify `{token}`: uses the link's token once (400 when it is not valid). The
     * account is confirmed with the password of the registration that link was sent for, and
     * every session of the account ends: the visitor signs in afresh.
     */
    async verify(request: Request): Promise<Response> {
      const body = await readJsonBody(request, verifySchema);
      if (!body.ok) return body.response;
      const row = await verifications.consume(body.data.token, now());
      if (!row) return errorResponse(400, [{ field: 'token', message: authMessages.badToken }]);
      return jsonResponse(200, { data: { user: toAuthUser(row) } });
    },

    /**
     * POST /auth/resend-verification `{email}` → always 202. The mail goes out in the
     * background so the answer takes as long for an unknown address as for a known one.
     */
    async resendVerification(request: Request): Promise<Response> {
      const body = await readJsonBody(request, resendSchema);
      if (!body.ok) return body.response;
      const { email } = body.data;
      const limited = await limits.mailAllowed(clientKey(request), email);
      if (limited) return tooMany(limited);
      const row = await users.findByEmail(email);
      if (row && row.email_verified_at === null) {
        resendLinks(row.id, row.email).catch((error: unknown) =>
          logError('[auth] verification mail failed', error),
        );
      }
      return jsonResponse(202, { success: authMessages.resent });
    },
  };
}

export type AuthApi = ReturnType<typeof createAuthApi>;
