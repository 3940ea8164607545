// The client's address: the connection's, or a proxy's report of it in X-Forwarded-For, as far as
// the settings say which proxies are the site's own. Each reverse proxy appends the address it
// received the request from (nginx's $proxy_add_x_forwarded_for; cloud load balancers do the
// same), so the chain read from the right holds our proxies' reports, then the visitor, then
// whatever the visitor wrote itself, which is never believed. At most one setting is set:
// - neither (the default): no proxy. The connection's address is the visitor, whatever network
//   it comes from (loopback and private ranges included), and X-Forwarded-For is ignored;
// - TRUST_PROXY_HOPS=n: exactly n proxies stand in front, so the entry n places left of the
//   connection is the visitor (0: none, as unset);
// - TRUST_PROXY=10.0.0.0/8,::1: the proxies' addresses (IPv4 or IPv6, single or CIDR ranges). The
//   chain is read leftwards from the connection past every address they hold; the first one they
//   do not hold is the visitor (when every one is a proxy, the leftmost).
// An IPv4-mapped IPv6 address (::ffff:192.0.2.1, how a dual-stack socket shows an IPv4 peer) is
// the IPv4 address it maps, in the settings as in the chain. Addresses come out in one spelling
// (dotted IPv4, RFC 5952 IPv6) so that one client is one rate-limit key.
//
// Plain JavaScript: the production server (scripts/serve.mjs) loads it as it is, before Next, and
// site/env.ts and site/server/http/client-ip.ts share it through the bundles.

import { BlockList, isIP } from 'node:net';

const maxHops = 10;

/** TRUST_PROXY and TRUST_PROXY_HOPS set together (the same words in serve.mjs and site/env.ts). */
export const bothTrustSettings =
  'cannot be set together with TRUST_PROXY_HOPS: name the proxies or count them, not both';

/** One address in one spelling, or undefined when the text is not an address. */
export function canonicalAddress(text) {
  if (typeof text !== 'string' || text.length > 64) return undefined;
  // A zone (`fe80::1%eth0`) names the interface the address is reached on: it is dropped.
  const bare = text.replace(/%[\w.-]+$/, '');
  if (bare.includes('%')) return undefined;
  // IPv4 in four decimal parts without leading zeros: some parsers read 010 as octal.
  const family = isIP(bare);
  if (family === 4) return bare === text ? text : undefined;
  if (family !== 6) return undefined;
  // The URL standard writes IPv6 as RFC 5952 does: lower case, the longest run of zeros as `::`.
  const ipv6 = new URL(`http://[${bare}]`).hostname.slice(1, -1);
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(ipv6);
  if (!mapped) return ipv6;
  const [high, low] = [parseInt(mapped[1], 16), parseInt(mapped[2], 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/**
 * One X-Forwarded-For entry (or a socket address) in canonicalAddress's spelling. Some proxies
 * add the port: `192.0.2.1:4711`, `[2001:db8::1]:4711`; the address is what counts.
 */
function entryAddress(entry) {
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(entry);
  if (bracketed) return canonicalAddress(bracketed[1]);
  const withPort = /^([\d.]+):\d{1,5}$/.exec(entry);
  return canonicalAddress(withPort ? withPort[1] : entry);
}

const familyOf = (address) => (address.includes(':') ? 'ipv6' : 'ipv4');

/**
 * Adds one TRUST_PROXY entry (`10.0.0.0/8`, `::1`, `fd00::/8`) to the list of its family; false
 * when it is none. An IPv4-mapped range (`::ffff:10.0.0.0/104`) is an IPv4 range, its prefix
 * counting the 96 bits before the IPv4 part. Each family has a list of its own: one BlockList
 * would match IPv4 addresses against IPv6 ranges too (`::/0` holds every IPv4-mapped address).
 */
function addRange(proxies, text) {
  const [address, prefixText, ...rest] = text.split('/');
  const canonical = address.includes('%') ? undefined : canonicalAddress(address);
  if (!canonical || rest.length > 0) return false;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return false;
  const written = familyOf(address) === 'ipv6' ? 128 : 32;
  const prefix = prefixText === undefined ? written : Number(prefixText);
  const family = familyOf(canonical);
  const bits = family === 'ipv4' ? prefix - (written - 32) : prefix;
  if (prefix > written || bits < 0) return false;
  proxies[family].addSubnet(canonical, bits, family);
  return true;
}

const blank = (value) => value === undefined || value.trim() === '';

/** TRUST_PROXY_HOPS: how many proxies stand in front (0 to 10); undefined when unset or empty. */
export function parseTrustProxyHops(value) {
  if (blank(value)) return undefined;
  const text = value.trim();
  if (!/^\d{1,2}$/.test(text) || Number(text) > maxHops) {
    throw new Error(`must be the number of reverse proxies in front of the site, 0 to ${maxHops}`);
  }
  return Number(text);
}

/**
 * TRUST_PROXY: the proxies' addresses and CIDR ranges, separated by commas (or spaces), as a
 * BlockList per family; undefined when unset or empty.
 */
export function parseTrustProxy(value) {
  if (blank(value)) return undefined;
  const entries = value.split(/[\s,]+/).filter((entry) => entry !== '');
  if (entries.length === 0) throw new Error('must name at least one address or range');
  const proxies = { ipv4: new BlockList(), ipv6: new BlockList() };
  for (const entry of entries) {
    if (!addRange(proxies, entry)) {
      throw new Error(
        `must list IP addresses or CIDR ranges (10.0.0.0/8, 127.0.0.1, ::1, fd00::/8) separated by commas; "${entry}" is neither`,
      );
    }
  }
  return proxies;
}

/**
 * The proxy trust of the two parsed settings: `{ kind: 'socket' }` (no proxy), `{ kind: 'hops',
 * hops }` or `{ kind: 'proxies', proxies }`.
 */
export function proxyTrustOf(hops, proxies) {
  if (hops !== undefined && proxies !== undefined)
    throw new Error(`TRUST_PROXY ${bothTrustSettings}`);
  if (proxies !== undefined) return { kind: 'proxies', proxies };
  return hops ? { kind: 'hops', hops } : { kind: 'socket' };
}

/**
 * The proxy trust of the environment (`process.env` for the production server), or an Error
 * naming each malformed variable, one line each, as site/env.ts words it.
 */
export function proxyTrust(source) {
  const problems = [];
  const read = (name, parse) => {
    try {
      return parse(source[name]);
    } catch (error) {
      problems.push(`  ${name}: ${error.message} (got ${JSON.stringify(source[name])})`);
      return undefined;
    }
  };
  const hops = read('TRUST_PROXY_HOPS', parseTrustProxyHops);
  const proxies = read('TRUST_PROXY', parseTrustProxy);
  if (problems.length === 0 && hops !== undefined && proxies !== undefined) {
    problems.push(
      `  TRUST_PROXY: ${bothTrustSettings} (got ${JSON.stringify(source.TRUST_PROXY)})`,
    );
  }
  if (problems.length > 0) {
    throw new Error(`Invalid environment variables:\n${problems.join('\n')}`);
  }
  return proxyTrustOf(hops, proxies);
}

/**
 * The visitor in `reports` (X-Forwarded-For's entries, then the nearest peer's address; `null`
 * for a nearest peer the host does not show, taken to be one of ours).
 */
function visitor(reports, trust) {
  let index = reports.length - 1;
  if (trust.kind === 'hops') {
    index -= trust.hops;
  } else if (trust.kind === 'proxies') {
    const ours = (entry) => {
      if (entry === null) return true;
      const address = entryAddress(entry);
      if (address === undefined) return false;
      const family = familyOf(address);
      return trust.proxies[family].check(address, family);
    };
    while (index > 0 && ours(reports[index])) index -= 1;
  }
  const entry = reports[index];
  return typeof entry === 'string' ? entryAddress(entry) : undefined;
}

const entries = (forwardedFor) =>
  forwardedFor ? forwardedFor.split(',').map((entry) => entry.trim()) : [];

/**
 * The visitor's address, from the connection's (`socketAddress`) and X-Forwarded-For. Undefined
 * when the chain is shorter than the trusted proxies or the entry found is malformed.
 */
export function clientAddress(socketAddress, forwardedFor, trust) {
  if (trust.kind === 'socket') return canonicalAddress(socketAddress);
  return visitor([...entries(forwardedFor), socketAddress ?? ''], trust);
}

/**
 * The visitor's address on a host that does not show the connection's (`next start`, `next
 * dev`): X-Forwarded-For alone, its nearest peer taken to be one of the trusted proxies.
 * Undefined with no trust set: the header is then whatever the client wrote (or, when it wrote
 * none, what Next filled in), and nothing the client may have chosen is believed.
 */
export function forwardedClientAddress(forwardedFor, trust) {
  if (trust.kind === 'socket') return undefined;
  return visitor([...entries(forwardedFor), null], trust);
}
