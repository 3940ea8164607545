/**
 * The client's address as the nearest proxy saw it: the last `X-Forwarded-For` entry (Next's
 * server fills the header with the socket address when no proxy set it). A reverse proxy in
 * front must append the peer address, as nginx's `$proxy_add_x_forwarded_for` does.
 */
export function clientIp(headers: Headers): string | undefined {
  const forwarded = headers.get('x-forwarded-for');
  const last = forwarded?.split(',').pop()?.trim();
  if (last && /^[0-9a-fA-F:.]{2,45}$/.test(last)) return last.replace(/^::ffff:/, '');
  const real = headers.get('x-real-ip')?.trim();
  return real && /^[0-9a-fA-F:.]{2,45}$/.test(real) ? real : undefined;
}

/**
 * Whether an address is one HubSpot can place: not loopback, private, link-local, shared
 * (carrier-grade NAT) or unspecified. A lead reaching the server from such an address came
 * through a proxy that did not say who the visitor was; HubSpot gets no address then.
 */
export function isPublicAddress(ip: string): boolean {
  if (ip.includes(':')) {
    const lower = ip.toLowerCase();
    return !(lower === '::' || lower === '::1' || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower));
  }
  const parts = ip.split('.').map(Number);
  if (parts.length !== 4 || parts.some((n) => !Number.isInteger(n) || n < 0 || n > 255)) {
    return false;
  }
  const [a, b] = parts as [number, number, number, number];
  return !(
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168)
  );
}

/** The `hubspotutk` tracking cookie, when present and well formed. */
export function hubspotUtk(headers: Headers): string | undefined {
  const cookie = headers.get('cookie');
  if (!cookie) return undefined;
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === 'hubspotutk') {
      const value = rest.join('=').trim();
      return /^[A-Za-z0-9-]{1,64}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}
