'use client';
/**
 * One field in the browser: the field view (field-view) with its control bound to
 * react-hook-form. The phone mask and the dropzone load lazily.
 */
import { lazy, Suspense } from 'react';
import { Controller, useController, type Control, type UseFormRegister } from 'react-hook-form';
import { currencySymbol, numberDecimals, type ResolvedField } from '@/engine/client';
import { FieldView, type ControlBinding } from './field-view';
import { useInputMask, type MaskOptions } from './use-input-mask';

const FileInput = lazy(() => import('./file-input'));

type Values = Record<string, unknown>;

export interface FieldInputProps {
  id: string;
  field: ResolvedField;
  control: Control<Values>;
  register: UseFormRegister<Values>;
  error?: string;
  onFile: (name: string, file: File | undefined) => void;
}

const noBinding = (): ControlBinding => ({});

/** A field typed through an input mask (a phone number, an amount), bound to the form. */
function MaskedField({
  id,
  field,
  control,
  error,
  mask: options,
}: Omit<FieldInputProps, 'register' | 'onFile'> & { mask: MaskOptions }) {
  const { field: bound } = useController({ control, name: field.name });
  const value = typeof bound.value === 'string' ? bound.value : '';
  const mask = useInputMask(options, value, bound.onChange);
  return (
    <FieldView
      id={id}
      field={field}
      error={error}
      bind={() => ({ name: bound.name, defaultValue: value, onBlur: bound.onBlur, ...mask })}
    />
  );
}

/**
 * An amount as the visitor reads it while typing: the currency's symbol, then the number grouped
 * by thousands ("$12,500"), no more decimals than the field accepts. The form keeps that text;
 * the engine's schema reads it back as the plain number ("12500") the lead carries.
 */
function amountMask(field: ResolvedField): MaskOptions {
  // Every character of the symbol escaped: IMask reads `0`, `a`, `*`, brackets as placeholders.
  const symbol = currencySymbol(field.currency ?? 'USD').replace(/./gu, '\\$&');
  return {
    mask: `${symbol}num`,
    blocks: {
      num: {
        mask: Number,
        scale: numberDecimals(field) ?? 2,
        thousandsSeparator: ',',
        radix: '.',
        mapToRadix: ['.'],
        // No minus key unless the field takes negative amounts; the maximum is left to the
        // field's message, so a visitor sees why a bigger amount is refused.
        ...((field.min ?? 0) >= 0 ? { min: 0 } : {}),
      },
    },
  };
}

export function FieldInput({ id, field, control, register, error, onFile }: FieldInputProps) {
  if (field.type === 'phone' || (field.type === 'number' && field.format === 'currency')) {
    const mask =
      field.type === 'phone' ? { mask: field.mask ?? '(000) 000-0000' } : amountMask(field);
    return <MaskedField id={id} field={field} control={control} error={error} mask={mask} />;
  }
  if (field.type === 'file') {
    const upload = (
      <Controller
        control={control}
        name={field.name}
        render={({ field: bound }) => (
          <Suspense fallback={<p className="dropzone">Loading the upload field…</p>}>
            <FileInput
              id={id}
              field={field}
              value={typeof bound.value === 'string' ? bound.value : ''}
              onChange={bound.onChange}
              onFile={(file) => onFile(field.name, file)}
              error={error}
            />
          </Suspense>
        )}
      />
    );
    return <FieldView id={id} field={field} error={error} bind={noBinding} upload={upload} />;
  }
  const bind = (): ControlBinding => {
    const registered = register(field.name);
    if (field.type !== 'email') return registered;
    return {
      ...registered,
      // E-mail addresses are trimmed as typed (flows.md, contact fields).
      onChange: (event) => {
        event.target.value = event.target.value.trim();
        return registered.onChange(event);
      },
    };
  };
  return <FieldView id={id} field={field} error={error} bind={bind} />;
}
