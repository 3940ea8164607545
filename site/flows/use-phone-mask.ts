'use client';
/**
 * The `(###) ###-####` mask of a phone field. The input is the field view's plain element from
 * the first render; react-imask is imported lazily (only steps with a phone field load it) and
 * attached to that same element, so digits typed while it loads are kept and focus never moves.
 */
import { useCallback, useEffect, useRef, type ChangeEvent } from 'react';

interface MaskHandle {
  value: string;
  on(event: 'accept', handler: () => void): void;
  updateValue(): void;
  destroy(): void;
}

/** The ref and change handler that bind a phone input to `value` through the mask. */
export function usePhoneMask(mask: string, value: string, onChange: (value: string) => void) {
  const input = useRef<HTMLInputElement | null>(null);
  const handle = useRef<MaskHandle | null>(null);
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });

  useEffect(() => {
    let cancelled = false;
    void import('react-imask').then(({ IMask }) => {
      const el = input.current;
      if (cancelled || !el) return;
      const masked = IMask(el, { mask }) as unknown as MaskHandle;
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
  }, [mask]);

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
