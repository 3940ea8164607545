/**
 * A widget's `*_CSP` setting takes hosts by directive, in the form providers publish them, and
 * refuses at start, naming the variable, anything that is not a host or not a directive a widget
 * may add to.
 */
import { describe, expect, it } from 'vitest';
import { parseEnv } from '@/site/env';

const startError = (variables: Record<string, string>) => {
  try {
    parseEnv(variables);
  } catch (error) {
    return String(error);
  }
  return 'started';
};

describe('widget CSP settings', () => {
  it('take hosts by directive, with or without a scheme, ports, paths and wildcards', () => {
    const env = parseEnv({
      CHAT_CSP:
        ' script-src https://cdn.chat.example  *.chat.example ;CONNECT-SRC wss://live.chat.example:8443 https://api.chat.example/v1/;' +
        ' img-src http://127.0.0.2:4000; ',
    });
    expect(env.CHAT_CSP).toEqual({
      'script-src': ['https://cdn.chat.example', '*.chat.example'],
      'connect-src': ['wss://live.chat.example:8443', 'https://api.chat.example/v1/'],
      'img-src': ['http://127.0.0.2:4000'],
    });
  });

  it.each([
    ["script-src 'unsafe-eval'", /TAG_MANAGER_CSP: "'unsafe-eval'" in script-src is not a host/],
    ["script-src 'strict-dynamic'", /"'strict-dynamic'" in script-src is not a host/],
    ['script-src *', /"\*" in script-src is not a host/],
    ['img-src https:', /"https:" in img-src is not a host/],
    ['img-src data:', /"data:" in img-src is not a host/],
    ['frame-src wss://live.example', /wss:\/\/ hosts belong in connect-src only/],
    ['default-src https://a.example', /"default-src" is not a directive a widget may add to/],
    ['script-src', /script-src names no host/],
    ['https://a.example', /"https:\/\/a.example" is not a directive/],
    [';', /names no directive/],
  ])('refuse %j, naming the variable', (value, message) => {
    const error = startError({ TAG_MANAGER_CSP: value });
    expect(error).toMatch(/Invalid environment variables/);
    expect(error).toMatch(/TAG_MANAGER_CSP: /);
    expect(error).toMatch(message);
  });

  it('refuse a report-only switch that is not a yes or no', () => {
    expect(startError({ CSP_REPORT_ONLY: 'maybe' })).toMatch(/CSP_REPORT_ONLY: /);
    expect(parseEnv({ CSP_REPORT_ONLY: 'true' }).CSP_REPORT_ONLY).toBe(true);
  });
});
