/**
 * The captcha verifier: `none` (default) accepts every lead; `recaptcha` and `turnstile` check
 * the visitor's token with the provider's siteverify endpoint (same form-encoded request and
 * `{success, "error-codes", action?}` answer for both; reCAPTCHA Enterprise keys answer on the
 * same endpoint with their legacy secret key).
 *
 * When the answer names the action the token was made for (reCAPTCHA Enterprise and v3,
 * Turnstile), it must be the form's own: a token obtained on one form is refused on another.
 * reCAPTCHA v2 names no action, and is not held to one.
 */
export type CaptchaProvider = 'none' | 'recaptcha' | 'turnstile';

export type CaptchaResult =
  | { ok: true }
  | { ok: false; kind: 'rejected'; message: string }
  | { ok: false; kind: 'unavailable'; message: string };

export interface CaptchaVerifier {
  readonly provider: CaptchaProvider;
  verify(
    token: string | undefined,
    remoteIp: string | undefined,
    /** The form's action name (engine/captcha-action). */
    expectedAction?: string,
  ): Promise<CaptchaResult>;
}

const siteverifyUrls: Record<Exclude<CaptchaProvider, 'none'>, string> = {
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
};

export const noCaptcha: CaptchaVerifier = {
  provider: 'none',
  verify: () => Promise.resolve({ ok: true }),
};

export function createCaptchaVerifier(config: {
  provider: CaptchaProvider;
  secret?: string;
  verifyUrl?: string;
  timeoutMs?: number;
}): CaptchaVerifier {
  const { provider } = config;
  if (provider === 'none') return noCaptcha;
  const secret = config.secret;
  if (!secret) throw new Error(`CAPTCHA_PROVIDER=${provider} needs CAPTCHA_SECRET`);
  const url = config.verifyUrl ?? siteverifyUrls[provider];

  return {
    provider,
    async verify(token, remoteIp, expectedAction) {
      if (!token) return { ok: false, kind: 'rejected', message: 'Please complete the captcha' };
      const form = new URLSearchParams({ secret, response: token });
      if (remoteIp) form.set('remoteip', remoteIp);
      try {
        const response = await fetch(url, {
          method: 'POST',
          body: form,
          signal: AbortSignal.timeout(config.timeoutMs ?? 5000),
        });
        const answer = (await response.json()) as {
          success?: unknown;
          action?: unknown;
          'error-codes'?: unknown;
        };
        const action = typeof answer.action === 'string' ? answer.action : '';
        if (answer.success === true && expectedAction && action && action !== expectedAction) {
          return {
            ok: false,
            kind: 'rejected',
            message: 'The security check was made for another form; please try again',
          };
        }
        if (answer.success === true) return { ok: true };
        const codes = Array.isArray(answer['error-codes']) ? answer['error-codes'].join(', ') : '';
        return {
          ok: false,
          kind: 'rejected',
          message: `The captcha was not accepted${codes ? ` (${codes})` : ''}; please try again`,
        };
      } catch {
        return {
          ok: false,
          kind: 'unavailable',
          message: 'The captcha could not be checked; please try again',
        };
      }
    },
  };
}
