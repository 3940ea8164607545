/**
 * The action name a flow's captcha token is made for. The browser passes it to the provider
 * when it asks for a token, and the server compares it with the action the provider's
 * siteverify answer names, so a token obtained on one form cannot be replayed on another.
 *
 * Derived from the flow id: reCAPTCHA allows letters, digits, `/` and `_` in an action, Turnstile
 * letters, digits, `_` and `-` up to 32 characters; the common ground is letters, digits and `_`.
 *
 * @example captchaAction('contactBanner') // 'contactBanner'
 */
export function captchaAction(flowId: string): string {
  return flowId.replace(/[^A-Za-z0-9_]/g, '_').slice(0, 32) || 'submit';
}
