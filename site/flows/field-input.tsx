'use client';
/**
 * One field in the browser: the field view (field-view) with its control bound to
 * react-hook-form. The phone mask and the dropzone load lazily.
 */
import { lazy, Suspense } from 'react';
import { Controller, useController, type Control, type UseFormRegister } from 'react-hook-form';
import type { ResolvedField } from '@/engine/client';
import { FieldView, type ControlBinding } from './field-view';
import { usePhoneMask } from './use-phone-mask';

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

function PhoneField({ id, field, control, error }: Omit<FieldInputProps, 'register' | 'onFile'>) {
  const { field: bound } = useController({ control, name: field.name });
  const value = typeof bound.value === 'string' ? bound.value : '';
  const mask = usePhoneMask(field.mask ?? '(000) 000-0000', value, bound.onChange);
  return (
    <FieldView
      id={id}
      field={field}
      error={error}
      bind={() => ({ name: bound.name, defaultValue: value, onBlur: bound.onBlur, ...mask })}
    />
  );
}

export function FieldInput({ id, field, control, register, error, onFile }: FieldInputProps) {
  if (field.type === 'phone') {
    return <PhoneField id={id} field={field} control={control} error={error} />;
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
