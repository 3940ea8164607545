import { clientIp } from '@/site/server/http/client-ip';

/**
 * Who "one client" is for rate limits: the client's address as the proxy trust yields it
 * (clientIp), or one shared key when no address can be believed.
 */
export function clientKey(request: Request): string {
  return clientIp(request.headers) ?? 'unknown';
}
