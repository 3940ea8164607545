import { describe, expect, it } from 'vitest';
import { parseEnv } from '@/site/env';

describe('account and mail variables', () => {
  it('default to files in data/mail and sane sign-in limits', () => {
    const env = parseEnv({});
    expect(env.MAIL_DIR).toBe('data/mail');
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.MAIL_FROM).toMatch(/@/);
    expect(env.AUTH_LOGIN_CLIENT_LIMIT).toBe(20);
    expect(env.AUTH_LOGIN_ACCOUNT_LIMIT).toBe(10);
  });

  it('accepts smtp and smtps URLs and names a bad one', () => {
    expect(parseEnv({ SMTP_URL: 'smtps://user:pw@mail.example.com:465' }).SMTP_URL).toBe(
      'smtps://user:pw@mail.example.com:465',
    );
    expect(() => parseEnv({ SMTP_URL: 'http://mail.example.com' })).toThrow(
      /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
    expect(() => parseEnv({ AUTH_LOGIN_CLIENT_LIMIT: '0' })).toThrow(/AUTH_LOGIN_CLIENT_LIMIT/);
  });
});
