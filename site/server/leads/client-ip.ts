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
