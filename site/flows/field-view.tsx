/**
 * The markup of one field: a visible label, the control, and its error as text (referenced by
 * aria-describedby, marked aria-invalid). The one definition of a field's markup: the server
 * renders it with the answers as default values (static-step), the browser with the control
 * bound to react-hook-form (field-input). What differs between the two is only the binding.
 */
import type { ChangeEvent, FocusEvent, ReactNode, RefCallback } from 'react';
import { numberInputMode, type ResolvedField } from '@/engine/client';
import { uploadHint, UploadView } from './upload-view';

type FormControl = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * What binds a control to its value: on the server its name and the answer as default value;
 * in the browser react-hook-form's registration (name, handlers, ref) or a controlled state.
 */
export interface ControlBinding {
  name?: string;
  defaultValue?: string;
  defaultChecked?: boolean;
  checked?: boolean;
  onChange?: (event: ChangeEvent<FormControl>) => unknown;
  onBlur?: (event: FocusEvent<FormControl>) => unknown;
  ref?: RefCallback<FormControl>;
}

export function fieldId(flowId: string, name: string): string {
  return `flow-${flowId}-${name}`;
}

/** Autofill hints (WCAG 1.3.5) for the fields the flows ask. */
function autoComplete(field: ResolvedField): string | undefined {
  const byType: Partial<Record<ResolvedField['type'], string>> = {
    fullName: 'name',
    email: 'email',
    phone: 'tel-national',
    url: 'url',
  };
  const byName: Record<string, string> = {
    firstname: 'given-name',
    lastname: 'family-name',
    company: 'organization',
    jobtitle: 'organization-title',
    city: 'address-level2',
    company_country: 'country-name',
  };
  return byType[field.type] ?? byName[field.name];
}

/** The `type` of a single-line text input for a field. */
function textInputType(field: ResolvedField): 'email' | 'url' | 'text' {
  return field.type === 'email' ? 'email' : field.type === 'url' ? 'url' : 'text';
}

function Caption({ field }: { field: ResolvedField }) {
  return (
    <>
      {field.label}
      {field.required ? null : <span className="field__optional"> (optional)</span>}
    </>
  );
}

export interface FieldViewProps {
  id: string;
  field: ResolvedField;
  /** The control's binding; for a group of checkboxes, the binding of the option `value`. */
  bind: (value?: string) => ControlBinding;
  error?: string;
  /**
   * The upload control of a file field. By default a native file input (all the server can
   * render, and a file chosen there goes with the draft); the browser puts the dropzone here.
   */
  upload?: ReactNode;
}

export function FieldView({ id, field, bind, error, upload }: FieldViewProps) {
  const errorId = `${id}-error`;
  const aria = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    'aria-required': field.required ? true : undefined,
  } as const;
  const errorText = error ? (
    <p id={errorId} className="field__error">
      {error}
    </p>
  ) : null;
  const invalid = error ? ' field--invalid' : '';
  const label = (
    <label className="field__label" htmlFor={id}>
      <Caption field={field} />
    </label>
  );

  if (field.type === 'consent') {
    return (
      <div className={`field field--consent${invalid}`}>
        <input id={id} type="checkbox" className="field__check" {...aria} {...bind()} />
        {label}
        {errorText}
      </div>
    );
  }
  if (field.type === 'multiselect') {
    return (
      <fieldset
        className={`field field--group${invalid}`}
        aria-describedby={aria['aria-describedby']}
      >
        <legend className="field__label">
          <Caption field={field} />
        </legend>
        <div className="field__options">
          {(field.options ?? []).map((option, i) => (
            <label key={option.value} className="field__option">
              <input
                type="checkbox"
                value={option.value}
                id={i === 0 ? id : undefined}
                {...bind(option.value)}
              />
              {option.label}
            </label>
          ))}
        </div>
        {errorText}
      </fieldset>
    );
  }

  let control: ReactNode;
  switch (field.type) {
    case 'phone':
      control = (
        <input
          id={id}
          type="tel"
          inputMode="tel"
          className="field__input"
          placeholder={field.placeholder}
          autoComplete={autoComplete(field)}
          {...aria}
          {...bind()}
        />
      );
      break;
    case 'number': {
      // A text input with a number keyboard, not `type="number"`: that one drops what it cannot
      // read ("$12,500"), steps on a scroll, and says nothing a screen reader can use.
      const unitId = field.unit ? `${id}-unit` : undefined;
      const describedBy = [aria['aria-describedby'], unitId].filter(Boolean).join(' ');
      control = (
        <span className="field__number">
          <input
            id={id}
            type="text"
            inputMode={numberInputMode(field)}
            className="field__input"
            placeholder={field.placeholder}
            autoComplete="off"
            {...aria}
            aria-describedby={describedBy || undefined}
            {...bind()}
          />
          {unitId ? (
            <span id={unitId} className="field__unit">
              {field.unit}
            </span>
          ) : null}
        </span>
      );
      break;
    }
    case 'file':
      control = upload ?? (
        <UploadView
          input={{
            id,
            ...bind(),
            'aria-required': aria['aria-required'],
            accept: acceptList(field),
          }}
          hint={uploadHint(field)}
        />
      );
      break;
    case 'textarea':
      control = (
        <textarea
          id={id}
          className="field__input field__input--long"
          rows={5}
          placeholder={field.placeholder}
          {...aria}
          {...bind()}
        />
      );
      break;
    case 'select':
      control = (
        <select id={id} className="field__input" {...aria} {...bind()}>
          <option value="">Choose…</option>
          {(field.options ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      );
      break;
    default:
      control = (
        <input
          id={id}
          type={textInputType(field)}
          className="field__input"
          placeholder={field.placeholder}
          autoComplete={autoComplete(field)}
          {...aria}
          {...bind()}
        />
      );
  }
  return (
    <div className={`field${invalid}`}>
      {label}
      {control}
      {errorText}
    </div>
  );
}

/** A file input's `accept`: every accepted type and extension. */
function acceptList(field: ResolvedField): string {
  return Object.entries(field.accept ?? {})
    .flatMap(([mime, extensions]) => [mime, ...extensions])
    .join(',');
}
