import type { BlockList } from 'node:net';

/** The proxies TRUST_PROXY names: its IPv4 ranges and its IPv6 ranges. */
export interface ProxyRanges {
  ipv4: BlockList;
  ipv6: BlockList;
}

/** Which X-Forwarded-For reports the site believes (see client-address.mjs). */
export type ProxyTrust =
  { kind: 'socket' } | { kind: 'hops'; hops: number } | { kind: 'proxies'; proxies: ProxyRanges };

export const bothTrustSettings: string;
export function canonicalAddress(text: string | undefined): string | undefined;
export function parseTrustProxyHops(value: string | undefined): number | undefined;
export function parseTrustProxy(value: string | undefined): ProxyRanges | undefined;
export function proxyTrustOf(
  hops: number | undefined,
  proxies: ProxyRanges | undefined,
): ProxyTrust;
export function proxyTrust(source: Record<string, string | undefined>): ProxyTrust;
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  trust: ProxyTrust,
): string | undefined;
export function forwardedClientAddress(
  forwardedFor: string | undefined,
  trust: ProxyTrust,
): string | undefined;
