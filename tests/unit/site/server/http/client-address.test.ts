import { afterEach, describe, expect, it } from 'vitest';
import {
  canonicalAddress,
  clientAddress,
  forwardedClientAddress,
  proxyTrust,
  type ProxyTrust,
} from '@/scripts/client-address.mjs';
import { parseEnv } from '@/site/env';
import { clientIp } from '@/site/server/http/client-ip';
import { runtimeSlot } from '@/site/server/runtime/process-handle.mjs';

const trust = (variables: Record<string, string>): ProxyTrust => proxyTrust(variables);
const none = trust({});

describe('the client address with no proxy setting', () => {
  it('is the connection, whatever the client writes, from loopback and private networks too', () => {
    for (const socket of [
      '127.0.0.1',
      '10.0.0.7',
      '172.18.0.3',
      '192.168.1.20',
      '::1',
      'fd00::5',
    ]) {
      expect(clientAddress(socket, '203.0.113.9', none)).toBe(socket);
      expect(clientAddress(socket, '6.6.6.6, 203.0.113.9', none)).toBe(socket);
    }
    expect(clientAddress('198.51.100.4', '203.0.113.9', none)).toBe('198.51.100.4');
    expect(clientAddress('198.51.100.4', undefined, none)).toBe('198.51.100.4');
    expect(trust({ TRUST_PROXY_HOPS: '0' })).toEqual(none);
    expect(trust({ TRUST_PROXY_HOPS: '', TRUST_PROXY: ' ' })).toEqual(none);
  });

  it('writes one address one way: IPv4-mapped as IPv4, IPv6 as RFC 5952 does', () => {
    expect(clientAddress('::ffff:127.0.0.1', 'x', none)).toBe('127.0.0.1');
    expect(clientAddress('::FFFF:7f00:1', undefined, none)).toBe('127.0.0.1');
    expect(canonicalAddress('2001:DB8:0:0:0:0:0:1')).toBe('2001:db8::1');
    expect(canonicalAddress('2001:db8:0:0:1:0:0:1')).toBe('2001:db8::1:0:0:1');
    expect(canonicalAddress('2001:db8:0:1:1:1:1:1')).toBe('2001:db8:0:1:1:1:1:1');
    expect(canonicalAddress('1:0:0:2:0:0:0:3')).toBe('1:0:0:2::3');
    expect(canonicalAddress('::')).toBe('::');
    expect(canonicalAddress('fe80::1%eth0')).toBe('fe80::1');
    for (const bad of [
      '',
      'evil<script>',
      '1.2.3',
      '1.2.3.256',
      '01.2.3.4',
      '1::2::3',
      ':::',
      'g::1',
    ]) {
      expect(canonicalAddress(bad)).toBeUndefined();
    }
  });
});

describe('TRUST_PROXY_HOPS', () => {
  it('believes exactly that many reports, right to left, and nothing the visitor wrote', () => {
    const one = trust({ TRUST_PROXY_HOPS: '1' });
    // nginx appends its peer: the last entry is the visitor, earlier ones are the visitor's claims.
    expect(clientAddress('172.18.0.5', '203.0.113.9', one)).toBe('203.0.113.9');
    expect(clientAddress('172.18.0.5', '1.2.3.4, 203.0.113.9', one)).toBe('203.0.113.9');
    expect(clientAddress('172.18.0.5', '2001:DB8::7', one)).toBe('2001:db8::7');
    // A cloud load balancer behind nginx: two proxies.
    const two = trust({ TRUST_PROXY_HOPS: '2' });
    expect(clientAddress('10.0.0.2', '1.2.3.4, 203.0.113.9, 10.0.0.3', two)).toBe('203.0.113.9');
    // Fewer entries than trusted proxies, or a malformed one: none rather than a guess.
    expect(clientAddress('10.0.0.2', undefined, one)).toBeUndefined();
    expect(clientAddress('10.0.0.2', '203.0.113.9', two)).toBeUndefined();
    expect(clientAddress('10.0.0.2', 'evil<script>', one)).toBeUndefined();
    // A proxy that adds the port.
    expect(clientAddress('10.0.0.2', '203.0.113.9:4711', one)).toBe('203.0.113.9');
    expect(clientAddress('10.0.0.2', '[2001:db8::7]:4711', one)).toBe('2001:db8::7');
  });
});

describe('TRUST_PROXY', () => {
  const proxies = trust({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1 ::1,fd00::/8' });

  it('reads past the named proxies only, IPv4 and IPv6, single addresses and ranges', () => {
    expect(clientAddress('127.0.0.1', '6.6.6.6, 203.0.113.9', proxies)).toBe('203.0.113.9');
    expect(clientAddress('::1', '203.0.113.9', proxies)).toBe('203.0.113.9');
    expect(clientAddress('fd00::9', '2001:db8::7', proxies)).toBe('2001:db8::7');
    // Two of ours: a load balancer in 10/8 reported by nginx on loopback.
    expect(clientAddress('127.0.0.1', '6.6.6.6, 203.0.113.9, 10.1.2.3', proxies)).toBe(
      '203.0.113.9',
    );
    // A dual-stack socket shows an IPv4 peer as IPv4-mapped IPv6: still 127.0.0.1.
    expect(clientAddress('::ffff:127.0.0.1', '203.0.113.9', proxies)).toBe('203.0.113.9');
    expect(clientAddress('::ffff:10.9.8.7', '203.0.113.9', proxies)).toBe('203.0.113.9');
  });

  it('ignores the header of a connection from anywhere else, loopback and private ones included', () => {
    expect(clientAddress('198.51.100.4', '203.0.113.9', proxies)).toBe('198.51.100.4');
    expect(clientAddress('127.0.0.2', '203.0.113.9', proxies)).toBe('127.0.0.2');
    expect(clientAddress('192.168.1.20', '203.0.113.9', proxies)).toBe('192.168.1.20');
    expect(clientAddress('fe80::1', '203.0.113.9', proxies)).toBe('fe80::1');
    const loopbackOnly = trust({ TRUST_PROXY: '127.0.0.1' });
    expect(clientAddress('::1', '203.0.113.9', loopbackOnly)).toBe('::1');
    // An IPv6 range holds no IPv4 peer, though ::/0 spans every IPv4-mapped address.
    expect(clientAddress('127.0.0.1', '203.0.113.9', trust({ TRUST_PROXY: '::/0' }))).toBe(
      '127.0.0.1',
    );
  });

  it('takes the leftmost when every hop is a proxy, and none past a malformed report', () => {
    expect(clientAddress('127.0.0.1', '10.1.2.3', proxies)).toBe('10.1.2.3');
    expect(clientAddress('127.0.0.1', undefined, proxies)).toBe('127.0.0.1');
    expect(clientAddress('127.0.0.1', 'evil<script>', proxies)).toBeUndefined();
    expect(clientAddress('127.0.0.1', '203.0.113.9, ', proxies)).toBeUndefined();
  });

  it('takes IPv4 ranges written as IPv4-mapped IPv6, and prefixes that are not byte-aligned', () => {
    const mapped = trust({ TRUST_PROXY: '::ffff:10.0.0.0/104' });
    expect(clientAddress('10.200.0.1', '203.0.113.9', mapped)).toBe('203.0.113.9');
    expect(clientAddress('11.0.0.1', '203.0.113.9', mapped)).toBe('11.0.0.1');
    const narrow = trust({ TRUST_PROXY: '172.16.0.0/12, 2001:db8:8000::/33' });
    expect(clientAddress('172.31.255.1', '203.0.113.9', narrow)).toBe('203.0.113.9');
    expect(clientAddress('172.32.0.1', '203.0.113.9', narrow)).toBe('172.32.0.1');
    expect(clientAddress('2001:db8:ffff::1', '203.0.113.9', narrow)).toBe('203.0.113.9');
    expect(clientAddress('2001:db8:7fff::1', '203.0.113.9', narrow)).toBe('2001:db8:7fff::1');
  });
});

describe('the settings, checked at start', () => {
  it('names the variable and the value it refuses', () => {
    const refused: [Record<string, string>, RegExp][] = [
      [{ TRUST_PROXY_HOPS: 'yes' }, /TRUST_PROXY_HOPS: must be the number .* \(got "yes"\)/],
      [{ TRUST_PROXY_HOPS: '-1' }, /TRUST_PROXY_HOPS/],
      [{ TRUST_PROXY_HOPS: '11' }, /TRUST_PROXY_HOPS/],
      [{ TRUST_PROXY_HOPS: '1.5' }, /TRUST_PROXY_HOPS/],
      [{ TRUST_PROXY: 'nginx' }, /TRUST_PROXY: must list IP addresses .*"nginx" is neither/],
      [{ TRUST_PROXY: '10.0.0.0/33' }, /"10.0.0.0\/33" is neither/],
      [{ TRUST_PROXY: '::1/129' }, /"::1\/129" is neither/],
      [{ TRUST_PROXY: '10.0.0.0/8/8' }, /TRUST_PROXY/],
      [{ TRUST_PROXY: '10.0.0.0/' }, /TRUST_PROXY/],
      [{ TRUST_PROXY: '10.0.0.1:80' }, /TRUST_PROXY/],
      [{ TRUST_PROXY: '1.2.3' }, /TRUST_PROXY/],
      [{ TRUST_PROXY: 'fe80::1%eth0' }, /TRUST_PROXY/],
      [{ TRUST_PROXY: '::ffff:10.0.0.0/80' }, /TRUST_PROXY/],
      [{ TRUST_PROXY: ',' }, /TRUST_PROXY: must name at least one/],
      [
        { TRUST_PROXY: '127.0.0.1', TRUST_PROXY_HOPS: '1' },
        /TRUST_PROXY: cannot be set together with TRUST_PROXY_HOPS/,
      ],
    ];
    for (const [variables, message] of refused) {
      // The production server's check (scripts/serve.mjs) and the site's (site/env.ts) agree.
      expect(() => proxyTrust(variables), JSON.stringify(variables)).toThrow(message);
      expect(() => parseEnv(variables), JSON.stringify(variables)).toThrow(message);
    }
    expect(parseEnv({ TRUST_PROXY_HOPS: ' 2 ' }).TRUST_PROXY_HOPS).toBe(2);
    const proxies = parseEnv({ TRUST_PROXY: '10.0.0.0/8' }).TRUST_PROXY;
    expect(proxies?.ipv4.rules).toEqual(['Subnet: IPv4 10.0.0.0/8']);
    expect(proxies?.ipv6.rules).toEqual([]);
  });
});

describe('hosts that do not show the connection (next start, next dev)', () => {
  afterEach(() => {
    runtimeSlot().clientAddresses = undefined;
  });

  it('believe nothing in the header without a setting, and read it as the setting says with one', () => {
    expect(forwardedClientAddress('203.0.113.9', none)).toBeUndefined();
    expect(forwardedClientAddress(undefined, none)).toBeUndefined();
    const one = trust({ TRUST_PROXY_HOPS: '1' });
    expect(forwardedClientAddress('6.6.6.6, 203.0.113.9', one)).toBe('203.0.113.9');
    expect(forwardedClientAddress(undefined, one)).toBeUndefined();
    const proxies = trust({ TRUST_PROXY: '10.0.0.0/8' });
    expect(forwardedClientAddress('6.6.6.6, 203.0.113.9, 10.0.0.3', proxies)).toBe('203.0.113.9');
  });

  it('give every request the shared key when no proxy is trusted, whatever the header says', () => {
    const headers = new Headers({ 'x-forwarded-for': '203.0.113.9' });
    expect(clientIp(headers)).toBe('203.0.113.9');
    runtimeSlot().clientAddresses = 'forwarded';
    expect(clientIp(headers)).toBeUndefined();
    runtimeSlot().clientAddresses = 'settled';
    expect(clientIp(headers)).toBe('203.0.113.9');
  });
});
