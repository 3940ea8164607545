/**
 * What the captcha widget asks of the provider's script, worked out from the public captcha
 * settings: which script to load, which global it defines, and the options of its explicit
 * render call. Plain functions, so each mode can be checked without a browser.
 */
import type { CaptchaConfig, CaptchaMode } from './renderer-types';

/** The part of `grecaptcha`, `grecaptcha.enterprise` and `turnstile` the widget calls. */
export interface CaptchaApi {
  render: (el: HTMLElement, options: Record<string, unknown>) => unknown;
  execute?: (widgetId: unknown) => unknown;
  reset?: (widgetId?: unknown) => void;
}

export interface CaptchaCallbacks {
  onToken: (token: string) => void;
  onExpired: () => void;
  onError: () => void;
}

export function captchaMode(config: CaptchaConfig): CaptchaMode {
  return config.provider === 'recaptcha' ? (config.mode ?? 'v2') : 'v2';
}

/** Invisible and Enterprise widgets get their token when the form is sent, not from a tick. */
export function executesOnSubmit(config: CaptchaConfig): boolean {
  return captchaMode(config) !== 'v2';
}

/** Whether Google's badge is hidden, so the attribution text must be shown instead. */
export function showsAttribution(config: CaptchaConfig): boolean {
  return executesOnSubmit(config) && config.hideBadge === true;
}

export function captchaScriptUrl(config: CaptchaConfig): string {
  if (config.provider === 'turnstile') {
    return 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';
  }
  const file = captchaMode(config) === 'enterprise' ? 'enterprise.js' : 'api.js';
  const url = new URL(`https://www.google.com/recaptcha/${file}`);
  url.searchParams.set('render', 'explicit');
  if (config.language) url.searchParams.set('hl', config.language);
  return url.toString();
}

/** The object whose `render` draws the widget, once the script has defined it. */
export function captchaApi(config: CaptchaConfig, scope: object): CaptchaApi | undefined {
  const globals = scope as Record<string, unknown>;
  let api: unknown;
  if (config.provider === 'turnstile') api = globals.turnstile;
  else {
    const grecaptcha = globals.grecaptcha as { enterprise?: unknown } | undefined;
    api = captchaMode(config) === 'enterprise' ? grecaptcha?.enterprise : grecaptcha;
  }
  const candidate = api as Partial<CaptchaApi> | undefined;
  return typeof candidate?.render === 'function' ? (candidate as CaptchaApi) : undefined;
}

export function captchaRenderOptions(
  config: CaptchaConfig,
  action: string,
  callbacks: CaptchaCallbacks,
): Record<string, unknown> {
  const options: Record<string, unknown> = {
    sitekey: config.siteKey,
    callback: callbacks.onToken,
    'expired-callback': callbacks.onExpired,
    'error-callback': callbacks.onError,
  };
  if (config.provider === 'turnstile') {
    options.action = action;
    if (config.language) options.language = config.language;
    return options;
  }
  const mode = captchaMode(config);
  if (mode === 'v2') return options;
  options.size = 'invisible';
  // An inline badge sits in the widget's own box, which the widget hides; `bottomright` floats.
  options.badge = config.hideBadge ? 'inline' : 'bottomright';
  // Only Enterprise carries an action through to siteverify; v2 has no such option.
  if (mode === 'enterprise') options.action = action;
  return options;
}
