export function trustedProxyHops(value: string | undefined): number;
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  hops: number,
): string | undefined;
