import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { authRoutes, type AuthUser } from '@/site/auth/user';
import { AUTH_COOKIE } from './auth-cookie';
import { siteRuntime } from '@/site/server/runtime/site-runtime';

/** The signed-in user of the current page request, if any. */
export async function currentUser(): Promise<AuthUser | undefined> {
  const token = (await cookies()).get(AUTH_COOKIE)?.value;
  return (await siteRuntime().auth()).userForToken(token);
}

/**
 * The `email-verified` guard (site-spec §6) for pages that need an account: a visitor
 * goes to /login, a signed-in user whose address is not confirmed to /account/verify.
 */
export async function emailVerified(): Promise<AuthUser> {
  const user = await currentUser();
  if (!user) redirect(authRoutes.login);
  if (!user.email_verified_at) redirect(authRoutes.verify);
  return user;
}
