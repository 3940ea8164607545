import { describe, expect, it } from 'vitest';
import { parseEnv } from '@/site/env';

describe('site environment', () => {
  it('needs no variable at all: the embedded defaults apply', () => {
    const env = parseEnv({});
    expect(env.SITE_URL).toBe('http://localhost:3000');
    expect(env.PORT).toBe(3000);
    expect(env.BRAND_NAME.length).toBeGreaterThan(0);
    expect(env.INFO_EMAIL).toMatch(/@/);
  });

  it('parses defaults like set values: a boolean switched off by default is false', () => {
    const env = parseEnv({});
    expect(env.CAPTCHA_HIDE_BADGE).toBe(false);
    expect(env.PORT).toBe(3000);
    expect(parseEnv({ CAPTCHA_HIDE_BADGE: 'true' }).CAPTCHA_HIDE_BADGE).toBe(true);
  });

  it('treats empty values as unset and trims a trailing slash from SITE_URL', () => {
    const env = parseEnv({ SITE_URL: 'https://firm.example/', PORT: '' });
    expect(env.SITE_URL).toBe('https://firm.example');
    expect(env.PORT).toBe(3000);
  });

  it('names every bad variable and what it got', () => {
    expect(() => parseEnv({ SITE_URL: 'not a url', PORT: '99999', INFO_EMAIL: 'nobody' })).toThrow(
      /SITE_URL: .*\(got "not a url"\)[\s\S]*PORT: [\s\S]*INFO_EMAIL: must be an e-mail address/,
    );
  });

  it('reads LEADS_NOTIFY_TO as a list of addresses, unset when empty', () => {
    expect(parseEnv({}).LEADS_NOTIFY_TO).toBeUndefined();
    expect(parseEnv({ LEADS_NOTIFY_TO: '  ' }).LEADS_NOTIFY_TO).toBeUndefined();
    expect(
      parseEnv({ LEADS_NOTIFY_TO: 'leads@firm.example, partner@firm.example,' }).LEADS_NOTIFY_TO,
    ).toEqual(['leads@firm.example', 'partner@firm.example']);
    expect(() => parseEnv({ LEADS_NOTIFY_TO: 'leads@firm.example, nobody' })).toThrow(
      /LEADS_NOTIFY_TO: must be an e-mail address \(got "leads@firm\.example, nobody"\)/,
    );
    expect(() => parseEnv({ LEADS_NOTIFY_TO: ',' })).toThrow(
      /LEADS_NOTIFY_TO: must name at least one e-mail address/,
    );
  });

  it('reads the lead assignment settings, and stops at a rule it cannot read', () => {
    expect(parseEnv({}).LEADS_FIRST_RESPONSE_MINUTES).toBe(60);
    expect(parseEnv({}).LEADS_ASSIGN_RULES).toBeUndefined();
    expect(
      parseEnv({ LEADS_ASSIGN_RULES: '[{"flow":"careers","assignTo":"HR@firm.example"}]' })
        .LEADS_ASSIGN_RULES,
    ).toEqual([{ flow: 'careers', assignTo: 'hr@firm.example' }]);
    expect(() => parseEnv({ LEADS_ASSIGN_RULES: '[{"flow":"careers","assignTo":"hr"}]' })).toThrow(
      /LEADS_ASSIGN_RULES: at 0\.assignTo: /,
    );
    expect(() => parseEnv({ LEADS_FIRST_RESPONSE_MINUTES: '0' })).toThrow(
      /LEADS_FIRST_RESPONSE_MINUTES/,
    );
  });

  it('rejects a brand slug that is not lower-case', () => {
    expect(() => parseEnv({ BRAND_SLUG: 'My Firm' })).toThrow(/BRAND_SLUG/);
  });
});
