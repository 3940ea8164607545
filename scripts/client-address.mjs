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

const maxHops = 10;

/** TRUST_PROXY and TRUST_PROXY_HOPS set together (the same words in serve.mjs and site/env.ts). */
export const bothTrustSettings =
  'cannot be set together with TRUST_PROXY_HOPS: name the proxies or count them, not both';

function ipv4Bytes(text) {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  const bytes = [];
  for (const part of parts) {
    // No leading zeros: some parsers read 010 as octal, so its meaning is not agreed.
    if (!/^(0|[1-9]\d{0,2})$/.test(part) || Number(part) > 255) return undefined;
    bytes.push(Number(part));
  }
  return bytes;
}

/** The 16-bit words of one side of an IPv6 address's `::`; an IPv4 tail counts as two. */
function ipv6Words(side, mayEndInIpv4) {
  if (side === '') return [];
  const groups = side.split(':');
  const words = [];
  for (const [index, group] of groups.entries()) {
    if (mayEndInIpv4 && index === groups.length - 1 && group.includes('.')) {
      const tail = ipv4Bytes(group);
      if (!tail) return undefined;
      words.push(tail[0] * 256 + tail[1], tail[2] * 256 + tail[3]);
    } else if (/^[0-9a-f]{1,4}$/i.test(group)) {
      words.push(parseInt(group, 16));
    } else {
      return undefined;
    }
  }
  return words;
}

function ipv6Bytes(text) {
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const compressed = halves.length === 2;
  const head = ipv6Words(halves[0], !compressed);
  const tail = compressed ? ipv6Words(halves[1], true) : [];
  if (!head || !tail) return undefined;
  const missing = 8 - head.length - tail.length;
  if (compressed ? missing < 1 : missing !== 0) return undefined;
  const words = [...head, ...new Array(missing).fill(0), ...tail];
  return words.flatMap((word) => [word >> 8, word & 255]);
}

const isIpv4Mapped = (bytes) =>
  bytes.slice(0, 10).every((byte) => byte === 0) && bytes[10] === 255 && bytes[11] === 255;

/**
 * An address as its bytes: 4 for IPv4 (IPv4-mapped IPv6 included), 16 for IPv6, with a zone
 * (`fe80::1%eth0`) dropped. Undefined when the text is not an address.
 */
export function addressBytes(text) {
  if (typeof text !== 'string' || text.length === 0 || text.length > 64) return undefined;
  if (!text.includes(':')) return ipv4Bytes(text);
  const bytes = ipv6Bytes(text.replace(/%[\w.-]+$/, ''));
  if (!bytes) return undefined;
  return isIpv4Mapped(bytes) ? bytes.slice(12) : bytes;
}

/** Dotted IPv4, or IPv6 as RFC 5952 writes it (lower case, the longest run of zeros as `::`). */
export function formatAddress(bytes) {
  if (bytes.length === 4) return bytes.join('.');
  const words = [];
  for (let i = 0; i < 16; i += 2) words.push(bytes[i] * 256 + bytes[i + 1]);
  let best = { start: -1, length: 1 };
  for (let start = 0; start < 8;) {
    let end = start;
    while (end < 8 && words[end] === 0) end += 1;
    if (end - start > best.length) best = { start, length: end - start };
    start = Math.max(end, start + 1);
  }
  const hex = (list) => list.map((word) => word.toString(16)).join(':');
  if (best.start === -1) return hex(words);
  return `${hex(words.slice(0, best.start))}::${hex(words.slice(best.start + best.length))}`;
}

/** One address in the canonical spelling of formatAddress, or undefined when it is none. */
export function canonicalAddress(text) {
  const bytes = addressBytes(text);
  return bytes && formatAddress(bytes);
}

/**
 * One X-Forwarded-For entry (or a socket address) as bytes. Some proxies add the port:
 * `192.0.2.1:4711`, `[2001:db8::1]:4711`; the address is what counts.
 */
function entryBytes(entry) {
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(entry);
  if (bracketed) return addressBytes(bracketed[1]);
  const withPort = /^([\d.]+):\d{1,5}$/.exec(entry);
  return addressBytes(withPort ? withPort[1] : entry);
}

/** `10.0.0.0/8`, `::1`, `fd00::/8`; an IPv4-mapped range (`::ffff:10.0.0.0/104`) is IPv4. */
function parseRange(text) {
  const [address, prefixText, ...rest] = text.split('/');
  if (rest.length > 0) return undefined;
  const bytes = address.includes('%') ? undefined : addressBytes(address);
  if (!bytes) return undefined;
  const written = address.includes(':') ? 128 : 32;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return undefined;
  const prefix = prefixText === undefined ? written : Number(prefixText);
  if (prefix > written) return undefined;
  // Written as IPv6 but mapping IPv4: the prefix counts the 96 bits before the IPv4 part.
  const bits = bytes.length === 4 && written === 128 ? prefix - 96 : prefix;
  if (bits < 0) return undefined;
  return { bytes, bits };
}

function inRange(bytes, range) {
  if (bytes.length !== range.bytes.length) return false;
  for (let bit = 0; bit < range.bits; bit += 8) {
    const mask = range.bits - bit >= 8 ? 255 : (255 << (8 - (range.bits - bit))) & 255;
    if ((bytes[bit / 8] & mask) !== (range.bytes[bit / 8] & mask)) return false;
  }
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
 * TRUST_PROXY: the proxies' addresses and CIDR ranges, separated by commas (or spaces);
 * undefined when unset or empty.
 */
export function parseTrustProxy(value) {
  if (blank(value)) return undefined;
  const entries = value.split(/[\s,]+/).filter((entry) => entry !== '');
  if (entries.length === 0) throw new Error('must name at least one address or range');
  return entries.map((entry) => {
    const range = parseRange(entry);
    if (!range) {
      throw new Error(
        `must list IP addresses or CIDR ranges (10.0.0.0/8, 127.0.0.1, ::1, fd00::/8) separated by commas; "${entry}" is neither`,
      );
    }
    return range;
  });
}

/**
 * The proxy trust of the two parsed settings: `{ kind: 'socket' }` (no proxy), `{ kind: 'hops',
 * hops }` or `{ kind: 'proxies', ranges }`.
 */
export function proxyTrustOf(hops, ranges) {
  if (hops !== undefined && ranges !== undefined)
    throw new Error(`TRUST_PROXY ${bothTrustSettings}`);
  if (ranges !== undefined) return { kind: 'proxies', ranges };
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
  const ranges = read('TRUST_PROXY', parseTrustProxy);
  if (problems.length === 0 && hops !== undefined && ranges !== undefined) {
    problems.push(
      `  TRUST_PROXY: ${bothTrustSettings} (got ${JSON.stringify(source.TRUST_PROXY)})`,
    );
  }
  if (problems.length > 0) {
    throw new Error(`Invalid environment variables:\n${problems.join('\n')}`);
  }
  return proxyTrustOf(hops, ranges);
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
      const bytes = entryBytes(entry);
      return bytes !== undefined && trust.ranges.some((range) => inRange(bytes, range));
    };
    while (index > 0 && ours(reports[index])) index -= 1;
  }
  const entry = reports[index];
  const bytes = typeof entry === 'string' ? entryBytes(entry) : undefined;
  return bytes && formatAddress(bytes);
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
