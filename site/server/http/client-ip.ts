import {
  canonicalAddress,
  forwardedClientAddress,
  proxyTrustOf,
  type ProxyTrust,
} from '@/scripts/client-address.mjs';
import { env } from '@/site/env';
import { runtimeSlot } from '@/site/server/runtime/process-handle.mjs';

const proxyTrust: ProxyTrust = proxyTrustOf(env.TRUST_PROXY_HOPS, env.TRUST_PROXY);

/**
 * The client's address, or undefined when none can be believed (a rate limit then counts every
 * such request in one shared budget; a lead records no address). Who wrote X-Forwarded-For
 * decides how it is read (`runtimeSlot().clientAddresses`):
 * - the production server (scripts/serve.mjs) set it to the one address its proxy trust yields
 *   from the connection and the proxies' reports (scripts/client-address.mjs);
 * - `next start` and `next dev` pass it on as the client or its proxies sent it, fill it with the
 *   connection's address only when it is absent, and show that address through no documented
 *   API. It is read as TRUST_PROXY or TRUST_PROXY_HOPS say, the nearest peer taken to be one of
 *   those proxies; with neither set, nothing in it is believed;
 * - a request built in process (a test): the last entry, as the production server leaves it.
 */
export function clientIp(headers: Headers): string | undefined {
  const forwardedFor = headers.get('x-forwarded-for') ?? undefined;
  if (runtimeSlot().clientAddresses === 'forwarded') {
    return forwardedClientAddress(forwardedFor, proxyTrust);
  }
  return canonicalAddress(forwardedFor?.split(',').pop()?.trim());
}

/** What a host other than the production server says at start when no proxy is trusted. */
export const unsettledHostWarning =
  '[client-address] This host (next start, next dev) passes on the X-Forwarded-For a client ' +
  "writes and does not show the connection's address, and neither TRUST_PROXY nor " +
  'TRUST_PROXY_HOPS is set: no client address is believed, every visitor shares one rate-limit ' +
  'budget and leads record no address. Serve with `npm start`, or behind a proxy that appends ' +
  'to X-Forwarded-For with TRUST_PROXY_HOPS=1.';

/**
 * Called as any host starts (instrumentation.ts). Unless the production server already settled
 * the addresses, this host passes X-Forwarded-For on as it came; says so when no setting lets the
 * site believe any of it.
 */
export function noteClientAddressHost(): void {
  const slot = runtimeSlot();
  if (slot.clientAddresses === 'settled') return;
  slot.clientAddresses = 'forwarded';
  if (proxyTrust.kind === 'socket') console.warn(unsettledHostWarning);
}
