'use client';
/**
 * The phone field with the `(###) ###-####` mask. Loaded lazily (React.lazy) so only steps
 * that ask for a phone number pull react-imask into the page.
 */
import { IMaskInput } from 'react-imask';
import type { InputHTMLAttributes } from 'react';

export interface PhoneInputProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'defaultValue'
> {
  id: string;
  mask: string;
  value: string;
  onChange: (value: string) => void;
}

export default function PhoneInput({ mask, value, onChange, onBlur, ...rest }: PhoneInputProps) {
  return (
    <IMaskInput
      {...rest}
      type="tel"
      inputMode="tel"
      mask={mask}
      value={value}
      unmask={false}
      onAccept={(masked: string) => onChange(masked)}
      onBlur={onBlur}
    />
  );
}
