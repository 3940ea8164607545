/**
 * Every staff action is a POST of an HTML form (`application/x-www-form-urlencoded`) from a page
 * of the back office, carrying a hidden `csrf` field. A route handler starts with
 * `checkStaffPost(request)` and acts only on `{ok: true}`; otherwise it answers the response given.
 *
 * Why both an origin check and a token: the session cookie is `SameSite=Lax`, so another site's
 * form posts arrive without it; but a sibling host of the same site (same-site) would send it, and
 * an old browser may send neither `Origin` nor `Sec-Fetch-Site`. The token is a digest of the
 * session token, which a page of another origin cannot read: only a page the site rendered for
 * this session holds it. It needs no storage and ends with the session.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { cookies } from 'next/headers';
import { AUTH_COOKIE, readCookie } from '@/site/server/auth/auth-cookie';
import type { SiteDatabase } from '@/site/server/db/database';
import { fromAnotherSite, readPostBody, type Refuse } from '@/site/server/http/post-checks';
import type { ApiError } from '@/site/server/http/api-response';
import { unstorableFormField } from '@/site/server/http/storable-text';
import { siteDatabase } from '@/site/server/runtime/site-runtime';
import { staffFromRequest, type StaffUser } from './staff-guard';

/** The hidden field of every staff form. */
export const CSRF_FIELD = 'csrf';
/** A staff form holds a few short fields (a note at most): 64 KiB is far above any. */
export const MAX_STAFF_FORM_BYTES = 64 * 1024;

const formType = new Set(['application/x-www-form-urlencoded']);

// Versioned, so a change of scheme can never accept a token of the old one.
const CSRF_LABEL = 'firm-site admin csrf v1\n';

/** The form token bound to a session: SHA-256 of a fixed label and the session token, base64url. */
export function csrfToken(sessionToken: string): string {
  return createHash('sha256').update(CSRF_LABEL).update(sessionToken, 'utf8').digest('base64url');
}

/**
 * The token a server component puts in its forms' `csrf` field. Call it after `requireStaff`:
 * a page rendered without a session is a bug, and throws.
 */
export async function csrfTokenForPage(): Promise<string> {
  const session = (await cookies()).get(AUTH_COOKIE)?.value;
  if (!session) throw new Error('csrfTokenForPage: no session cookie (call requireStaff first)');
  return csrfToken(session);
}

export type StaffPost =
  { ok: true; staff: StaffUser; form: URLSearchParams } | { ok: false; response: Response };

/** The back office's refusals are plain text: a person reads them in the browser. */
const refusePlain: Refuse = (status, { message }) =>
  new Response(`${message}\n`, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });

const refuse = (status: number, message: string): { ok: false; response: Response } => ({
  ok: false,
  response: refusePlain(status, { message }),
});

function sameToken(given: string | null, expected: string): boolean {
  if (given === null) return false;
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The longest id (a lead's, a flow's, an option list's) a staff action's address may name: each is
 * far shorter, and the studio's tables key rows by the flow's id, which PostgreSQL cannot index
 * past 2,704 bytes. Counted escaped: no more bytes than characters once decoded.
 */
export const MAX_ADDRESS_ID = 200;

function overlongId(url: string): ApiError | undefined {
  const segments = new URL(url, 'http://site.invalid').pathname.split('/');
  return segments.some((segment) => segment.length > MAX_ADDRESS_ID)
    ? { field: 'path', message: `An id in the address has at most ${MAX_ADDRESS_ID} characters` }
    : undefined;
}

/**
 * The answer to a plain HTML form of the back office: back to a page (303, so the browser GETs
 * it), never kept by a cache.
 */
export function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
}

/**
 * Checks a staff action's request and reads its form (without the `csrf` field). Refusals:
 * 404 when the requester is not staff (the same answer as for a page that does not exist, and
 * given before anything else, so nothing tells a visitor the action exists); 403 when the
 * request comes from another site's page (`Origin`, `Sec-Fetch-Site`) or its `csrf` field is
 * missing or not this session's; 415 for another content type; 413 beyond `maxBytes` (64 KiB;
 * the flow studio's forms carry a flow's text and allow more), saying `tooLarge` in KiB; 400 when a field holds text no
 * database stores (storable-text.ts), or the address an id longer than any. An address holding
 * such text never gets here: proxy.ts refuses it for every address under /admin.
 */
export async function checkStaffPost(
  request: Request,
  database: () => Promise<SiteDatabase> = siteDatabase,
  maxBytes: number = MAX_STAFF_FORM_BYTES,
  tooLarge = `This form is too large to send (over ${Math.floor(maxBytes / 1024)} KiB)`,
): Promise<StaffPost> {
  const staff = await staffFromRequest(request, database);
  if (!staff) return refuse(404, 'Not Found');
  const crossSite = fromAnotherSite(
    request,
    'Staff actions are taken from this site only.',
    refusePlain,
  );
  if (crossSite) return { ok: false, response: crossSite };
  const badAddress = overlongId(request.url);
  if (badAddress) return { ok: false, response: refusePlain(400, badAddress) };
  const body = await readPostBody(
    request,
    {
      types: formType,
      typeMessage: 'Send the form as application/x-www-form-urlencoded.',
      maxBytes,
      tooLargeMessage: tooLarge,
    },
    refusePlain,
  );
  if (!body.ok) return body;
  const form = new URLSearchParams(new TextDecoder().decode(body.bytes));

  // staffFromRequest found a session, so the cookie is there.
  const session = readCookie(request.headers.get('cookie'), AUTH_COOKIE) ?? '';
  const given = form.getAll(CSRF_FIELD);
  if (given.length !== 1 || !sameToken(given[0] ?? null, csrfToken(session))) {
    return refuse(403, 'This form has expired or was not made for your session; reload the page.');
  }
  form.delete(CSRF_FIELD);
  const badField = unstorableFormField(form);
  if (badField) return { ok: false, response: refusePlain(400, badField) };
  return { ok: true, staff, form };
}
