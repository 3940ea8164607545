// The client's address as the production server trusts it, from the socket and the
// X-Forwarded-For chain. Each reverse proxy in front appends the address it received the request
// from (nginx's $proxy_add_x_forwarded_for). TRUST_PROXY_HOPS says which proxies are ours:
// - a number n: the n nearest entries are our proxies' reports and the entry before them is the
//   visitor (0: no proxy, the socket is the visitor, any X-Forwarded-For is ignored);
// - unset (the default): every proxy on a loopback or private address is ours (a proxy on the
//   same machine or network, as in compose.yaml); the chain is read from the right up to the
//   first address that is not, which is the visitor. A visitor who connects from the internet
//   cannot set its own address this way: its socket address is public, so nothing it writes is
//   read.
// Entries further left than the visitor were written by the visitor and are never believed.

const maxHops = 10;

/** TRUST_PROXY_HOPS: a number of proxies (0 to 10), or 'private' when unset. */
export function trustedProxyHops(value) {
  if (value === undefined || value === '') return 'private';
  if (!/^\d+$/.test(value) || Number(value) > maxHops) {
    throw new Error(
      `TRUST_PROXY_HOPS must be the number of reverse proxies in front of the site (0 to ${maxHops}), not "${value}"`,
    );
  }
  return Number(value);
}

const addressPattern = /^[0-9a-fA-F:.]{2,45}$/;
const plain = (address) => address.replace(/^::ffff:/i, '');

/** Loopback, private (RFC 1918), carrier-grade NAT, link-local or IPv6 unique-local. */
export function isPrivateAddress(address) {
  const ip = plain(address).toLowerCase();
  if (ip.includes(':')) return ip === '::1' || /^f[cd]/.test(ip) || /^fe[89ab]/.test(ip);
  const parts = ip.split('.').map(Number);
  if (parts.length !== 4 || parts.some((n) => !Number.isInteger(n) || n < 0 || n > 255)) {
    return false;
  }
  const [a, b] = parts;
  return (
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168)
  );
}

/**
 * The visitor's address, or undefined when the chain is shorter than the trusted proxies or the
 * entry found is malformed.
 */
export function clientAddress(socketAddress, forwardedFor, hops) {
  const chain = [
    ...(hops !== 0 && forwardedFor ? forwardedFor.split(',').map((entry) => entry.trim()) : []),
    socketAddress ?? '',
  ];
  let index = chain.length - 1;
  if (hops === 'private') {
    while (index > 0 && addressPattern.test(chain[index]) && isPrivateAddress(chain[index])) {
      index -= 1;
    }
  } else {
    index -= hops;
  }
  const address = chain[index];
  if (!address || !addressPattern.test(address)) return undefined;
  return plain(address);
}
