/**
 * The captcha settings as the provider's script receives them: which script each mode loads (and
 * in which language), what the explicit render call is given, and when Google's attribution text
 * stands in for a hidden badge. The settings themselves come from the environment.
 */
import { describe, expect, it } from 'vitest';
import { parseEnv } from '@/site/env';
import {
  captchaApi,
  captchaRenderOptions,
  captchaScriptUrl,
  executesOnSubmit,
  showsAttribution,
} from '@/site/flows/captcha-options';
import type { CaptchaConfig } from '@/site/flows/renderer-types';
import { captchaAction } from '@/engine/captcha-action';

const noop = { onToken: () => {}, onExpired: () => {}, onError: () => {} };
const recaptcha = (extra: Partial<CaptchaConfig> = {}): CaptchaConfig => ({
  provider: 'recaptcha',
  siteKey: 'site-key',
  ...extra,
});

describe('captcha settings from the environment', () => {
  it('defaults to the reCAPTCHA v2 checkbox, in the browser language, badge shown', () => {
    const env = parseEnv({});
    expect(env.CAPTCHA_MODE).toBe('v2');
    expect(env.CAPTCHA_LANGUAGE).toBeUndefined();
    expect(env.CAPTCHA_HIDE_BADGE).toBe(false);
  });

  it('reads the invisible and enterprise modes, a language tag and badge hiding', () => {
    const env = parseEnv({
      CAPTCHA_MODE: 'enterprise',
      CAPTCHA_LANGUAGE: 'pt-BR',
      CAPTCHA_HIDE_BADGE: 'true',
    });
    expect(env).toMatchObject({
      CAPTCHA_MODE: 'enterprise',
      CAPTCHA_LANGUAGE: 'pt-BR',
      CAPTCHA_HIDE_BADGE: true,
    });
    expect(parseEnv({ CAPTCHA_MODE: 'invisible' }).CAPTCHA_MODE).toBe('invisible');
  });

  it('names a mode or language it does not know', () => {
    expect(() => parseEnv({ CAPTCHA_MODE: 'v3' })).toThrow(/CAPTCHA_MODE/);
    expect(() => parseEnv({ CAPTCHA_LANGUAGE: 'fr"><script>' })).toThrow(
      /CAPTCHA_LANGUAGE: must be a language tag/,
    );
  });
});

describe('captcha script and render options', () => {
  it('loads api.js for v2 and invisible, enterprise.js for Enterprise, with hl when set', () => {
    expect(captchaScriptUrl(recaptcha())).toBe(
      'https://www.google.com/recaptcha/api.js?render=explicit',
    );
    expect(captchaScriptUrl(recaptcha({ mode: 'invisible', language: 'fr' }))).toBe(
      'https://www.google.com/recaptcha/api.js?render=explicit&hl=fr',
    );
    expect(captchaScriptUrl(recaptcha({ mode: 'enterprise', language: 'pt-BR' }))).toBe(
      'https://www.google.com/recaptcha/enterprise.js?render=explicit&hl=pt-BR',
    );
    expect(captchaScriptUrl({ provider: 'turnstile', siteKey: 'k', language: 'fr' })).toBe(
      'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
    );
  });

  it('renders a checkbox for v2, and an invisible widget run on submit otherwise', () => {
    const v2 = captchaRenderOptions(recaptcha(), 'contactBanner', noop);
    expect(v2).toMatchObject({ sitekey: 'site-key' });
    expect(v2).not.toHaveProperty('size');
    expect(v2).not.toHaveProperty('action');
    expect(executesOnSubmit(recaptcha())).toBe(false);

    const invisible = captchaRenderOptions(recaptcha({ mode: 'invisible' }), 'newsletter', noop);
    expect(invisible).toMatchObject({ size: 'invisible', badge: 'bottomright' });
    // reCAPTCHA v2 carries no action; Enterprise does.
    expect(invisible).not.toHaveProperty('action');
    expect(executesOnSubmit(recaptcha({ mode: 'invisible' }))).toBe(true);

    const enterprise = recaptcha({ mode: 'enterprise', hideBadge: true });
    expect(captchaRenderOptions(enterprise, 'newsletter', noop)).toMatchObject({
      size: 'invisible',
      badge: 'inline',
      action: 'newsletter',
    });
    expect(executesOnSubmit(enterprise)).toBe(true);
  });

  it('gives Turnstile its action and language; it has no reCAPTCHA mode', () => {
    const turnstile: CaptchaConfig = {
      provider: 'turnstile',
      siteKey: 'k',
      mode: 'enterprise',
      language: 'de',
    };
    expect(captchaRenderOptions(turnstile, 'careers', noop)).toMatchObject({
      action: 'careers',
      language: 'de',
    });
    expect(executesOnSubmit(turnstile)).toBe(false);
  });

  it('shows the attribution only where a badge exists and is hidden', () => {
    expect(showsAttribution(recaptcha({ mode: 'invisible', hideBadge: true }))).toBe(true);
    expect(showsAttribution(recaptcha({ mode: 'invisible' }))).toBe(false);
    // The checkbox shows Google's branding itself.
    expect(showsAttribution(recaptcha({ hideBadge: true }))).toBe(false);
  });

  it('finds grecaptcha.enterprise in Enterprise mode and grecaptcha otherwise', () => {
    const v2 = { render: () => 0 };
    const enterprise = { render: () => 1 };
    const scope = { grecaptcha: { ...v2, enterprise } };
    expect(captchaApi(recaptcha(), scope)?.render).toBe(v2.render);
    expect(captchaApi(recaptcha({ mode: 'enterprise' }), scope)).toBe(enterprise);
    expect(captchaApi(recaptcha({ mode: 'enterprise' }), { grecaptcha: v2 })).toBeUndefined();
    expect(captchaApi({ provider: 'turnstile', siteKey: 'k' }, {})).toBeUndefined();
  });
});

describe('captcha action of a flow', () => {
  it('is the flow id, within the characters and length both providers accept', () => {
    expect(captchaAction('contactBanner')).toBe('contactBanner');
    expect(captchaAction('careers-application.v2')).toBe('careers_application_v2');
    expect(captchaAction('a'.repeat(40))).toHaveLength(32);
  });
});
