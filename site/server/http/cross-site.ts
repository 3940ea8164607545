/**
 * Whether a request comes from another site's page: the browser says so (`Sec-Fetch-Site:
 * cross-site`), or its `Origin` names a host other than the one the request was sent to. The
 * host is `Host`, or `X-Forwarded-Host` when a proxy rewrote `Host` (the rule Next applies to
 * server actions). A request with neither header (curl, a test) is not a browser's, so not refused.
 */
export function isCrossSite(request: Request): boolean {
  const headers = request.headers;
  if (headers.get('sec-fetch-site')?.trim().toLowerCase() === 'cross-site') return true;
  const origin = headers.get('origin');
  if (origin === null) return false;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return true; // `Origin: null` (a sandboxed or privacy-hidden page) names no site of ours
  }
  const hosts = [
    headers.get('host') ?? new URL(request.url).host,
    headers.get('x-forwarded-host')?.split(',')[0],
  ].map((host) => host?.trim().toLowerCase());
  return originHost === '' || !hosts.includes(originHost);
}
