/**
 * Who "one client" is for rate limits: the address the nearest proxy saw. Next's server
 * fills `X-Forwarded-For` with the socket address when the request has none, and a
 * reverse proxy appends the address it saw, so the last entry is the one to trust.
 * Exposed without a proxy, a client could pick its own entry; the per-account limit
 * still holds then. Run behind a proxy that sets or appends `X-Forwarded-For`.
 */
export function clientKey(request: Request): string {
  const entries = (request.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.at(-1)?.replace(/^::ffff:/, '') ?? 'unknown';
}
