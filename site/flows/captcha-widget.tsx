'use client';
/**
 * The captcha widget of the submitting step. Rendered only when a provider is configured, and
 * only then is the provider's script added to the page (once, in explicit-render mode).
 *
 * The step asks it for a token as the form is sent (`ref.token()`): a ticked checkbox's token,
 * or, in invisible and Enterprise mode, a new one from the provider's execute step. Tokens are
 * single use, so each is handed out once and the widget is reset for the next attempt.
 */
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import {
  captchaApi,
  captchaRenderOptions,
  captchaScriptUrl,
  executesOnSubmit,
  showsAttribution,
  type CaptchaApi,
} from './captcha-options';
import { captchaFailure } from './captcha-messages';
import type { CaptchaConfig } from './renderer-types';

export interface CaptchaHandle {
  /**
   * A token for one submission, or '' while the visitor has not ticked the checkbox. Rejects
   * with the visitor's words when the check cannot load or run.
   */
  token(): Promise<string>;
}

interface Rendered {
  api: CaptchaApi;
  id: unknown;
}

interface Waiter {
  resolve(token: string): void;
  reject(error: Error): void;
}

interface WidgetState {
  /** Loads the script and draws the widget; called again when a load failed. */
  render?: () => Promise<Rendered>;
  rendered: Promise<Rendered> | null;
  /** The ticked checkbox's token, until handed out. */
  token: string;
  /** Whether the invisible widget has run once (and must be reset before running again). */
  executed: boolean;
  /** The submission waiting for the execute step's callback. */
  waiter: Waiter | null;
}

// A challenge the visitor closes never calls back; after a token's lifetime, stop waiting.
const executeTimeoutMs = 120_000;
// After onload the script still fetches its main part before the global can render.
const apiWaitMs = 10_000;

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
        // Forgotten, so a later attempt adds the script again.
        loading.delete(src);
        script.remove();
        reject(new Error(`${src} did not load`));
      };
      document.head.appendChild(script);
    });
    loading.set(src, promise);
  }
  return promise;
}

function waitForApi(config: CaptchaConfig): Promise<CaptchaApi> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const look = () => {
      const api = captchaApi(config, window);
      if (api) resolve(api);
      else if (Date.now() - started > apiWaitMs)
        reject(new Error('the captcha script defined no API'));
      else window.setTimeout(look, 100);
    };
    look();
  });
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null)?.then === 'function';
}

export function CaptchaWidget({
  config,
  action,
  ref,
}: {
  config: CaptchaConfig;
  /** The flow's action name (engine/captcha-action), checked again by the server. */
  action: string;
  ref?: Ref<CaptchaHandle>;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const live = useRef<WidgetState | null>(null);

  useEffect(() => {
    let cancelled = false;
    // A fresh element per effect run: a provider refuses to render twice into one element.
    const host = document.createElement('div');
    box.current?.appendChild(host);
    const state: WidgetState = { rendered: null, token: '', executed: false, waiter: null };
    const takeWaiter = () => {
      const waiter = state.waiter;
      state.waiter = null;
      return waiter;
    };
    const callbacks = {
      onToken: (token: string) => {
        const waiter = takeWaiter();
        if (waiter) waiter.resolve(token);
        else state.token = token;
      },
      onExpired: () => {
        state.token = '';
      },
      onError: () => {
        const error = captchaFailure('execute');
        const waiter = takeWaiter();
        if (waiter) waiter.reject(error);
        else setProblem(error.message);
      },
    };
    state.render = () =>
      loadScript(captchaScriptUrl(config))
        .then(() => waitForApi(config))
        .catch((cause: unknown) => {
          throw captchaFailure('load', cause);
        })
        .then((api) => {
          if (cancelled) throw new Error('the form was closed');
          const id = api.render(host, captchaRenderOptions(config, action, callbacks));
          setProblem(null);
          return { api, id };
        });
    live.current = state;
    state.rendered = state.render();
    state.rendered.catch((error: Error) => {
      if (!cancelled) setProblem(error.message);
    });
    return () => {
      cancelled = true;
      host.remove();
      if (live.current === state) live.current = null;
    };
  }, [config, action]);

  useImperativeHandle(
    ref,
    () => ({
      async token() {
        const state = live.current;
        if (!state?.render || !state.rendered) throw captchaFailure('load');
        // The error the step shows now says the same; one message on screen is enough.
        setProblem(null);
        let rendered: Rendered;
        try {
          rendered = await state.rendered;
        } catch {
          // "Try again" after a failed load loads the script again.
          state.rendered = state.render();
          rendered = await state.rendered;
        }
        const { api, id } = rendered;
        if (!executesOnSubmit(config)) {
          const token = state.token;
          state.token = '';
          if (token) api.reset?.(id);
          return token;
        }
        if (state.executed) api.reset?.(id);
        state.executed = true;
        return new Promise<string>((resolve, reject) => {
          let timer = 0;
          const waiter: Waiter = {
            resolve: (token) => {
              window.clearTimeout(timer);
              resolve(token);
            },
            reject: (error) => {
              window.clearTimeout(timer);
              reject(error);
            },
          };
          const fail = (cause: unknown) => {
            if (state.waiter !== waiter) return;
            state.waiter = null;
            waiter.reject(captchaFailure('execute', cause));
          };
          state.waiter = waiter;
          timer = window.setTimeout(() => fail('no answer from the provider'), executeTimeoutMs);
          try {
            // v2 answers through the callback; Enterprise may also return a promise of the token.
            const result = api.execute?.(id);
            if (isThenable(result)) {
              result.then((token) => {
                if (typeof token !== 'string' || !token || state.waiter !== waiter) return;
                state.waiter = null;
                waiter.resolve(token);
              }, fail);
            }
          } catch (cause) {
            fail(cause);
          }
        });
      },
    }),
    [config],
  );

  const hidden = showsAttribution(config);
  return (
    <div className="flow-captcha">
      <div
        ref={box}
        // The inline badge stays in the page (the provider needs it) but out of sight.
        style={hidden ? { visibility: 'hidden', height: 0, overflow: 'hidden' } : undefined}
      />
      {hidden ? (
        <p className="flow-captcha__notice">
          This site is protected by reCAPTCHA and the Google{' '}
          <a href="https://policies.google.com/privacy">Privacy Policy</a> and{' '}
          <a href="https://policies.google.com/terms">Terms of Service</a> apply.
        </p>
      ) : null}
      {problem ? (
        <p className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
