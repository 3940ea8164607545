'use client';
/**
 * The input masks of the fields: a phone field's `(###) ###-####` and an amount's `$12,500`. The
 * input is the field view's plain element from the first render; react-imask is imported lazily
 * (only steps with a phone or amount field load it) and attached to that same element, so digits
 * typed while it loads are kept and focus never moves.
 */
import { useCallback, useEffect, useRef, type ChangeEvent } from 'react';

interface MaskHandle {
  value: string;
  on(event: 'accept', handler: () => void): void;
  updateValue(): void;
  destroy(): void;
}

/**
 * IMask's options, as data (a number block's `mask` is the `Number` constructor). The mask is
 * made again only when they change.
 */
export type MaskOptions = Record<string, unknown>;

/** The ref and change handler that bind an input to `value` through an IMask mask. */
export function useInputMask(
  options: MaskOptions,
  value: string,
  onChange: (value: string) => void,
) {
  const input = useRef<HTMLInputElement | null>(null);
  const key = JSON.stringify(options);
  const latestOptions = useRef(options);
  const handle = useRef<MaskHandle | null>(null);
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
    latestOptions.current = options;
  });

  useEffect(() => {
    let cancelled = false;
    void import('react-imask').then(({ IMask }) => {
      const el = input.current;
      if (cancelled || !el) return;
      const masked = IMask(el, latestOptions.current as never) as unknown as MaskHandle;
      masked.on('accept', () => latest.current(masked.value));
      handle.current = masked;
      // Formats what was typed before the mask arrived.
      if (el.value !== masked.value) latest.current(masked.value);
    });
    return () => {
      cancelled = true;
      handle.current?.destroy();
      handle.current = null;
    };
  }, [key]);

  // A value set from outside (restored answers) goes through the mask too.
  useEffect(() => {
    const masked = handle.current;
    if (masked && input.current && input.current.value !== value) {
      input.current.value = value;
      masked.updateValue();
    }
  }, [value]);

  const ref = useCallback(
    (el: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | null) => {
      input.current = el instanceof HTMLInputElement ? el : null;
    },
    [],
  );
  return {
    ref,
    // Before the mask is attached, keep the form in step with what is typed.
    onChange: (event: ChangeEvent<{ value: string }>) => {
      if (!handle.current) latest.current(event.target.value);
    },
  };
}
