/** An address range of TRUST_PROXY: the leading `bits` of `bytes` (4 bytes IPv4, 16 IPv6). */
export interface AddressRange {
  bytes: number[];
  bits: number;
}

/** Which X-Forwarded-For reports the site believes (see client-address.mjs). */
export type ProxyTrust =
  { kind: 'socket' } | { kind: 'hops'; hops: number } | { kind: 'proxies'; ranges: AddressRange[] };

export const bothTrustSettings: string;
export function addressBytes(text: string | undefined): number[] | undefined;
export function formatAddress(bytes: number[]): string;
export function canonicalAddress(text: string | undefined): string | undefined;
export function parseTrustProxyHops(value: string | undefined): number | undefined;
export function parseTrustProxy(value: string | undefined): AddressRange[] | undefined;
export function proxyTrustOf(
  hops: number | undefined,
  ranges: AddressRange[] | undefined,
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
