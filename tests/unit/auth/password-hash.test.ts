import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '@/site/server/auth/password-hash';

describe('password hashing (scrypt)', () => {
  it('accepts the password it hashed and nothing else', async () => {
    const hash = await hashPassword('pässword with ümlauts');
    expect(await verifyPassword('pässword with ümlauts', hash)).toBe(true);
    expect(await verifyPassword('pässword with umlauts', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('salts every hash and keeps its parameters in it', async () => {
    const [one, two] = await Promise.all([hashPassword('same'), hashPassword('same')]);
    expect(one).not.toBe(two);
    expect(one).toMatch(/^scrypt\$32768\$8\$1\$[\w+/=]+\$[\w+/=]+$/);
  });

  it('verifies hashes made with other parameters, so they can be raised later', async () => {
    const cheap = await hashPassword('old account', { N: 1024, r: 8, p: 1 });
    expect(cheap.startsWith('scrypt$1024$')).toBe(true);
    expect(await verifyPassword('old account', cheap)).toBe(true);
  });

  it('treats a malformed stored hash as a mismatch', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$1$2$3$4$5')).toBe(false);
  });
});
