import { createHash, randomBytes } from 'node:crypto';

/** A fresh bearer secret: 256 random bits, URL-safe. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of the token: finding a row needs the token itself. */
export function digestToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
