export function trustedProxyHops(value: string | undefined): number | 'private';
export function isPrivateAddress(address: string): boolean;
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  hops: number | 'private',
): string | undefined;
