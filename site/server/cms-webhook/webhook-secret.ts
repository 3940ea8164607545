import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether an `Authorization` header carries the webhook's shared secret as a bearer token.
 * Both sides are hashed first so the comparison takes the same time whatever the length or
 * the first differing byte of a guess (timingSafeEqual alone needs equal lengths).
 */
export function matchesBearerSecret(header: string | null, secret: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header?.trim() ?? '');
  if (!match?.[1]) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(match[1]), digest(secret));
}
