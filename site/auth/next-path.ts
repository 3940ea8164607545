import { authRoutes, type AuthUser } from './user';

// Any origin that cannot be the site's: a path that resolves elsewhere is not one of ours.
const probe = 'http://next-path.invalid';

/**
 * The page `?next=` asks to return to after signing in, when it resolves, once normalised as a
 * browser would (dot segments, escaped dots, backslashes), to a path of this site: it starts with
 * one `/` before and after (not `//` or `/\`, which browsers read as another host) and holds no
 * control character (browsers drop tabs and newlines, so `/<TAB>/evil.example` would become
 * `//…`). Anything else, another site included, is ignored: undefined. The path returned is the
 * normalised one, so what the browser is sent to is exactly what was checked.
 */
export function sameSitePath(next: string | null | undefined): string | undefined {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return undefined;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\x00-\x1f\x7f]/.test(next)) return undefined;
  let url: URL;
  try {
    url = new URL(next, probe);
  } catch {
    return undefined;
  }
  if (url.origin !== probe) return undefined;
  // Resolving dot segments can bring `//` back (`/..//evil.example`, `/.%2e//x`,
  // `/x/%2e%2e/%2e%2e//x`): a path that then starts with two slashes names another host.
  if (url.pathname.startsWith('//')) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Where a user goes once signed in: the page `?next=` names when it is in the back office (a
 * staff role is all /admin asks, and its guard answers anyone else with a 404); otherwise an
 * unconfirmed address goes to confirm it, and a confirmed one to `?next=` or the default.
 */
export function pathAfterSignIn(user: AuthUser, search: string): string {
  const next = sameSitePath(new URLSearchParams(search).get('next'));
  if (next && /^\/admin(?:[/?#]|$)/.test(next)) return next;
  if (!user.email_verified_at) return authRoutes.verify;
  return next ?? authRoutes.afterLogin;
}
