'use client';
/**
 * One field of a step: a visible label, the control, and its error as text (referenced by
 * aria-describedby, marked aria-invalid). The phone mask and the dropzone load lazily.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { PhoneInput } from './phone-input';
import { Controller, type Control, type FieldError, type UseFormRegister } from 'react-hook-form';
import type { ResolvedField } from '@/engine/client';
import { autoComplete, FieldLabel, FieldLegend, textInputType } from './field-markup';

const FileInput = lazy(() => import('./file-input'));

type Values = Record<string, unknown>;

export interface FieldInputProps {
  id: string;
  field: ResolvedField;
  control: Control<Values>;
  register: UseFormRegister<Values>;
  error?: FieldError;
  onFile: (name: string, file: File | undefined) => void;
}

export function FieldInput({ id, field, control, register, error, onFile }: FieldInputProps) {
  const errorId = `${id}-error`;
  const aria = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    'aria-required': field.required ? true : undefined,
  } as const;
  const errorText = error?.message ? (
    <p id={errorId} className="field__error">
      {error.message}
    </p>
  ) : null;

  if (field.type === 'multiselect' || field.type === 'consent') {
    if (field.type === 'consent') {
      return (
        <div className={`field field--consent${error ? ' field--invalid' : ''}`}>
          <input
            id={id}
            type="checkbox"
            className="field__check"
            {...aria}
            {...register(field.name)}
          />
          <FieldLabel id={id} field={field} />
          {errorText}
        </div>
      );
    }
    return (
      <fieldset
        className={`field field--group${error ? ' field--invalid' : ''}`}
        aria-describedby={error ? errorId : undefined}
      >
        <FieldLegend field={field} />
        <div className="field__options">
          {(field.options ?? []).map((option, i) => (
            <label key={option.value} className="field__option">
              <input
                type="checkbox"
                value={option.value}
                id={i === 0 ? id : undefined}
                {...register(field.name)}
              />
              {option.label}
            </label>
          ))}
        </div>
        {errorText}
      </fieldset>
    );
  }

  let control_: ReactNode;
  switch (field.type) {
    case 'phone':
      control_ = (
        <Controller
          control={control}
          name={field.name}
          render={({ field: f }) => {
            const common = {
              id,
              name: f.name,
              value: typeof f.value === 'string' ? f.value : '',
              onBlur: f.onBlur,
              placeholder: field.placeholder,
              autoComplete: autoComplete(field),
              className: 'field__input',
              ...aria,
            };
            return (
              <PhoneInput {...common} mask={field.mask ?? '(000) 000-0000'} onChange={f.onChange} />
            );
          }}
        />
      );
      break;
    case 'file':
      control_ = (
        <Controller
          control={control}
          name={field.name}
          render={({ field: f }) => (
            <Suspense fallback={<p className="dropzone">Loading the upload field…</p>}>
              <FileInput
                id={id}
                field={field}
                value={typeof f.value === 'string' ? f.value : ''}
                onChange={f.onChange}
                onFile={(file) => onFile(field.name, file)}
                describedBy={error ? errorId : undefined}
                invalid={Boolean(error)}
              />
            </Suspense>
          )}
        />
      );
      break;
    case 'textarea':
      control_ = (
        <textarea
          id={id}
          className="field__input field__input--long"
          rows={5}
          placeholder={field.placeholder}
          {...aria}
          {...register(field.name)}
        />
      );
      break;
    case 'select':
      control_ = (
        <select id={id} className="field__input" {...aria} {...register(field.name)}>
          <option value="">Choose…</option>
          {(field.options ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      );
      break;
    default: {
      const registered = register(field.name);
      control_ = (
        <input
          id={id}
          type={textInputType(field)}
          className="field__input"
          placeholder={field.placeholder}
          autoComplete={autoComplete(field)}
          {...aria}
          {...registered}
          onChange={(event) => {
            // E-mail addresses are trimmed as typed (flows.md, contact fields).
            if (field.type === 'email') event.target.value = event.target.value.trim();
            return registered.onChange(event);
          }}
        />
      );
    }
  }
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <FieldLabel id={id} field={field} />
      {control_}
      {errorText}
    </div>
  );
}
