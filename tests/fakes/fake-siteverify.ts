/**
 * A fake captcha siteverify on loopback, speaking the contract reCAPTCHA and Turnstile share: a
 * form-encoded POST of `secret`, `response` and `remoteip`, answered `{success, "error-codes"}`,
 * plus `action`, `score` and `hostname` when the token was made for an action (reCAPTCHA v3 and
 * Enterprise, Turnstile). Tokens read `pass` or `pass:<action>`; anything else, or another
 * secret, fails. It records every form it was sent.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeSiteverify {
  /** The URL to give the server as CAPTCHA_VERIFY_URL. */
  url: string;
  calls: URLSearchParams[];
  close(): Promise<void>;
}

export async function startFakeSiteverify(secret: string): Promise<FakeSiteverify> {
  const calls: URLSearchParams[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(raw);
      calls.push(form);
      const [verdict, action] = (form.get('response') ?? '').split(':');
      const success = verdict === 'pass' && form.get('secret') === secret;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          success,
          ...(action === undefined ? {} : { action, score: 0.9, hostname: '127.0.0.1' }),
          'error-codes': success ? [] : ['invalid-input-response'],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`,
    calls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
