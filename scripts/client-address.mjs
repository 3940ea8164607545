// The client's address as the production server trusts it, from the socket and the
// X-Forwarded-For chain. Each reverse proxy in front appends the address it received the request
// from (nginx's $proxy_add_x_forwarded_for); with TRUST_PROXY_HOPS = n, the n nearest entries are
// our own proxies' reports and the entry before them is the visitor. Entries further left were
// written by the visitor and are never believed. With no proxy (n = 0, the default), the socket
// is the visitor and any X-Forwarded-For a visitor sends is ignored.

const maxHops = 10;

/** TRUST_PROXY_HOPS as a number of proxies (0 to 10); throws with the fix when it is not one. */
export function trustedProxyHops(value) {
  if (value === undefined || value === '') return 0;
  if (!/^\d+$/.test(value) || Number(value) > maxHops) {
    throw new Error(
      `TRUST_PROXY_HOPS must be the number of reverse proxies in front of the site (0 to ${maxHops}), not "${value}"`,
    );
  }
  return Number(value);
}

const addressPattern = /^[0-9a-fA-F:.]{2,45}$/;

/**
 * The visitor's address: the socket's when no proxy is trusted, else the entry `hops` places
 * from the right of the chain (X-Forwarded-For entries, then the socket's address, which is the
 * nearest proxy). Undefined when the chain is shorter than the trusted proxies or malformed.
 */
export function clientAddress(socketAddress, forwardedFor, hops) {
  const chain = [
    ...(hops > 0 && forwardedFor ? forwardedFor.split(',').map((entry) => entry.trim()) : []),
    socketAddress ?? '',
  ];
  const address = chain[chain.length - 1 - hops];
  if (!address || !addressPattern.test(address)) return undefined;
  return address.replace(/^::ffff:/, '');
}
