/**
 * The client's address. The production server (scripts/serve.mjs) sets `X-Forwarded-For` to the
 * one address its proxy trust yields (`TRUST_PROXY_HOPS`, scripts/client-address.mjs); under
 * `next dev` Next fills it with the socket's address when absent. The last entry is read.
 */
export function clientIp(headers: Headers): string | undefined {
  const last = headers.get('x-forwarded-for')?.split(',').pop()?.trim();
  return last && /^[0-9a-fA-F:.]{2,45}$/.test(last) ? last.replace(/^::ffff:/, '') : undefined;
}
