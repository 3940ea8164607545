/**
 * The captcha's two failures in two voices: plain words for the visitor, and the spec's exact
 * texts for the console, where whoever investigates a lost lead searches for them.
 */
export const captchaMessages = {
  load: {
    visitor: 'The security check could not be loaded. Check your connection and reload the page.',
    log: 'ReCaptcha error: Failed to load script',
  },
  execute: {
    visitor: 'The security check could not be completed. Please try again.',
    log: 'ReCaptcha error: Failed to execute',
  },
} as const;

export type CaptchaFailure = keyof typeof captchaMessages;

/** Logs the failure's spec text and returns an Error that carries the visitor's words. */
export function captchaFailure(kind: CaptchaFailure, cause?: unknown): Error {
  console.error(captchaMessages[kind].log, ...(cause === undefined ? [] : [cause]));
  return new Error(captchaMessages[kind].visitor);
}
