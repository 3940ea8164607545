/**
 * The server's captcha check against a fake siteverify on loopback: a token made for another
 * form's action is refused, the form's own passes, and a provider that names no action (reCAPTCHA
 * v2) is not held to one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaptchaVerifier } from '@/site/server/leads/captcha-verifier';
import { startFakeSiteverify, type FakeSiteverify } from '@/tests/fakes/fake-siteverify';

let siteverify: FakeSiteverify;

beforeAll(async () => {
  // Tokens read `pass:<action>` (answered with that action) or `pass` (answered with none).
  siteverify = await startFakeSiteverify('s');
});

afterAll(() => siteverify.close());

describe('captcha action check', () => {
  const verifier = () =>
    createCaptchaVerifier({ provider: 'recaptcha', secret: 's', verifyUrl: siteverify.url });

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
