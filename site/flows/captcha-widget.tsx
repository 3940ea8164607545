'use client';
/**
 * The captcha widget of the submitting step. Rendered only when a provider is configured, and
 * only then is the provider's script added to the page (once, in explicit-render mode).
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { CaptchaConfig } from './renderer-types';

interface WidgetApi {
  render: (el: HTMLElement, options: Record<string, unknown>) => unknown;
}

const scripts: Record<CaptchaConfig['provider'], { src: string; global: string }> = {
  recaptcha: {
    src: 'https://www.google.com/recaptcha/api.js?render=explicit',
    global: 'grecaptcha',
  },
  turnstile: {
    src: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
    global: 'turnstile',
  },
};

const loading = new Map<string, Promise<void>>();

function loadScript(src: string): Promise<void> {
  let promise = loading.get(src);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loading.delete(src);
        reject(new Error('captcha script failed'));
      };
      document.head.appendChild(script);
    });
    loading.set(src, promise);
  }
  return promise;
}

function widgetApi(global: string): WidgetApi | undefined {
  const api = (window as unknown as Record<string, unknown>)[global] as
    (WidgetApi & { ready?: (cb: () => void) => void }) | undefined;
  return api && typeof api.render === 'function' ? api : undefined;
}

export function CaptchaWidget({
  config,
  onToken,
}: {
  config: CaptchaConfig;
  onToken: (token: string) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  useEffect(() => {
    const { src, global } = scripts[config.provider];
    let cancelled = false;
    const render = () => {
      const api = widgetApi(global);
      if (cancelled || !box.current || !api) return false;
      api.render(box.current, {
        sitekey: config.siteKey,
        callback: (token: string) => onToken(token),
        'expired-callback': () => onToken(''),
      });
      return true;
    };
    loadScript(src)
      .then(() => {
        // The script defines its global a moment after load; poll briefly.
        let tries = 0;
        const timer = window.setInterval(() => {
          if (render() || ++tries > 50 || cancelled) window.clearInterval(timer);
        }, 100);
      })
      .catch(() =>
        setProblem('The captcha could not be loaded. Check your connection and reload the page.'),
      );
    return () => {
      cancelled = true;
    };
  }, [config.provider, config.siteKey, onToken]);
  return (
    <div className="flow-captcha">
      <div ref={box} id={`captcha-${id}`} />
      {problem ? (
        <p className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
