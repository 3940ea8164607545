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
