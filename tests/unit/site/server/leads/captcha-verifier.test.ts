/**
 * The server's captcha check against a fake siteverify on loopback: a token made for another
 * form's action is refused, the form's own passes, and a provider that names no action (reCAPTCHA
 * v2) is not held to one.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaptchaVerifier } from '@/site/server/leads/captcha-verifier';

let server: Server;
let verifyUrl: string;

beforeAll(async () => {
  // Tokens read `pass:<action>` (answered with that action) or `pass` (answered with none).
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const token = new URLSearchParams(raw).get('response') ?? '';
      const [verdict, action] = token.split(':');
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          success: verdict === 'pass',
          hostname: 'firm.example',
          ...(action === undefined ? {} : { action, score: 0.9 }),
          'error-codes': verdict === 'pass' ? [] : ['invalid-input-response'],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  verifyUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`;
});

afterAll(() => {
  server.close();
});

describe('captcha action check', () => {
  const verifier = () => createCaptchaVerifier({ provider: 'recaptcha', secret: 's', verifyUrl });

  it("accepts a token made for the form's own action", async () => {
    expect(await verifier().verify('pass:contactBanner', undefined, 'contactBanner')).toEqual({
      ok: true,
    });
  });

  it("refuses a token made for another form's action, in plain words", async () => {
    const result = await verifier().verify('pass:newsletter', undefined, 'contactBanner');
    expect(result).toEqual({
      ok: false,
      kind: 'rejected',
      message: 'The security check was made for another form; please try again',
    });
  });

  it('accepts a token whose answer names no action (reCAPTCHA v2)', async () => {
    expect(await verifier().verify('pass', undefined, 'contactBanner')).toEqual({ ok: true });
  });

  it('still refuses a failed token whatever its action', async () => {
    expect(await verifier().verify('fail:contactBanner', undefined, 'contactBanner')).toMatchObject(
      { ok: false, kind: 'rejected' },
    );
  });
});
