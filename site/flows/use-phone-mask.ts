'use client';
/**
 * The phone field with the `(###) ###-####` mask. The input is a plain element from the first
 * render; react-imask is imported lazily (only steps with a phone field load it) and attached
 * to that same element, so digits typed while it loads are kept and focus never moves.
 */
import { useEffect, useRef, type InputHTMLAttributes } from 'react';

export interface PhoneInputProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'defaultValue'
> {
  id: string;
  mask: string;
  value: string;
  onChange: (value: string) => void;
}

interface MaskHandle {
  value: string;
  on(event: 'accept', handler: () => void): void;
  updateValue(): void;
  destroy(): void;
}

export function PhoneInput({ mask, value, onChange, ...rest }: PhoneInputProps) {
  const input = useRef<HTMLInputElement>(null);
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

  return (
    <input
      {...rest}
      ref={input}
      type="tel"
      inputMode="tel"
      defaultValue={value}
      onChange={(event) => {
        // Before the mask is attached, keep the form in step with what is typed.
        if (!handle.current) onChange(event.target.value);
      }}
    />
  );
}
