'use client';
/**
 * A step's options (a choice) or fields (a form) in the visual editor. An option shows its label
 * to edit and, apart, the value HubSpot receives: renaming keeps that value, and changing it is a
 * separate, deliberate action. A field shows its label, type, required flag, what a consent box
 * records, and the HubSpot field that receives it.
 */
import { useState } from 'react';
import type { FieldType } from '@/engine/client';
import type { StepProps } from './visual-context';
import { Labelled, LabelledInput } from './visual-labelled';
import { VisualHubSpotField } from './visual-hubspot-field';
import {
  addField,
  addOption,
  deleteField,
  deleteOption,
  duplicateOption,
  FIELD_TYPES,
  moveOption,
  optionParts,
  setFieldConsent,
  setFieldLabel,
  setFieldRequired,
  setFieldType,
  setNumberSetting,
  setOptionLabel,
  setOptionValue,
} from './visual-item-edits';
import styles from './visual-editor.module.css';

const TYPE_NAMES: Record<FieldType, string> = {
  text: 'Short text',
  fullName: 'Full name',
  email: 'E-mail address',
  phone: 'Phone number',
  url: 'Web address',
  textarea: 'Long text',
  select: 'Dropdown',
  multiselect: 'Several choices',
  consent: 'Consent box',
  file: 'File upload',
  number: 'Number or amount',
};

/** A number typed in a settings box: blank (or not a number) removes the setting. */
const settingNumber = (text: string) =>
  text.trim() === '' || !Number.isFinite(Number(text)) ? undefined : Number(text);

export function VisualOptions({ ctx, step, at }: StepProps) {
  const [valueOf, setValueOf] = useState<number | null>(null);
  const options = step.options;
  if (typeof options === 'string')
    return <p>The options are the shared list “{options}” (edited on its own page).</p>;
  const items = options ?? [];
  return (
    <fieldset className={styles.items}>
      <legend>Options</legend>
      <ol>
        {items.map((item, i) => {
          const n = i + 1;
          const move = (
            <>
              <button
                type="button"
                disabled={i === 0}
                onClick={() => ctx.change(moveOption(ctx.text, at, i, -1))}
              >
                Up {n}
              </button>
              <button
                type="button"
                disabled={i === items.length - 1}
                onClick={() => ctx.change(moveOption(ctx.text, at, i, 1))}
              >
                Down {n}
              </button>
            </>
          );
          if (typeof item === 'object' && 'list' in item)
            return (
              <li key={i} className={styles.item}>
                <span>
                  Option {n}: the shared list “{item.list}”
                </span>{' '}
                {move}
              </li>
            );
          const { label, value } = optionParts(item);
          return (
            <li key={i} className={styles.item}>
              <LabelledInput
                label={<>Option {n} label</>}
                value={label}
                onChange={(v) => ctx.change(setOptionLabel(ctx.text, at, i, v))}
              />
              {valueOf === i ? (
                <LabelledInput
                  label={<>Option {n} HubSpot value</>}
                  autoFocus
                  value={value}
                  onChange={(v) => ctx.change(setOptionValue(ctx.text, at, i, v))}
                  onBlur={() => setValueOf(null)}
                />
              ) : (
                <span className={styles.value}>
                  HubSpot value: <code>{value}</code>{' '}
                  <button type="button" onClick={() => setValueOf(i)}>
                    Change value {n}
                  </button>
                </span>
              )}
              {move}
              <button type="button" onClick={() => ctx.change(duplicateOption(ctx.text, at, i))}>
                Copy {n}
              </button>
              <button
                type="button"
                disabled={items.length < 2}
                onClick={() => ctx.change(deleteOption(ctx.text, at, i))}
              >
                Remove {n}
              </button>
            </li>
          );
        })}
      </ol>
      <AddItem
        label="New option"
        button="Add option"
        onAdd={(label) => ctx.change(addOption(ctx.text, at, label))}
      />
    </fieldset>
  );
}

export function VisualFields({ ctx, step, at }: StepProps) {
  const fields = step.fields ?? [];
  return (
    <fieldset className={styles.items}>
      <legend>Fields</legend>
      {step.kind === 'contact' && (
        <div className={styles.item}>
          <p>Full name, phone number and e-mail address are asked first.</p>
          <VisualHubSpotField ctx={ctx} answer="full_name" name="Full name" />
          <VisualHubSpotField ctx={ctx} answer="phone" name="Phone number" />
          <VisualHubSpotField ctx={ctx} answer="email" name="E-mail address" />
        </div>
      )}
      <ol>
        {fields.map((field, i) => {
          const n = i + 1;
          const types = FIELD_TYPES.includes(field.type as never)
            ? FIELD_TYPES
            : [...FIELD_TYPES, field.type];
          const consent = field.legalConsent ?? [];
          const toggle = (kind: 'processing' | 'communication', on: boolean) =>
            ctx.change(
              setFieldConsent(
                ctx.text,
                at,
                i,
                on ? [...consent, kind] : consent.filter((k) => k !== kind),
              ),
            );
          return (
            <li key={i} className={styles.item}>
              <LabelledInput
                label={<>Field {n} label</>}
                value={field.label}
                onChange={(v) => ctx.change(setFieldLabel(ctx.text, at, i, v))}
              />
              <Labelled label={<>Field {n} type</>}>
                {(id) => (
                  <select
                    id={id}
                    value={field.type}
                    onChange={(e) =>
                      ctx.change(setFieldType(ctx.text, at, i, e.target.value as FieldType))
                    }
                  >
                    {types.map((t) => (
                      <option key={t} value={t}>
                        {TYPE_NAMES[t]}
                      </option>
                    ))}
                  </select>
                )}
              </Labelled>
              <label>
                <input
                  type="checkbox"
                  checked={field.required !== false}
                  onChange={(e) => ctx.change(setFieldRequired(ctx.text, at, i, e.target.checked))}
                />{' '}
                Field {n} required
              </label>
              {field.type === 'consent' && (
                <>
                  <label>
                    <input
                      type="checkbox"
                      checked={consent.includes('processing')}
                      onChange={(e) => toggle('processing', e.target.checked)}
                    />{' '}
                    Records consent to process data
                  </label>
                  <label>
                    <input
                      type="checkbox"
                      checked={consent.includes('communication')}
                      onChange={(e) => toggle('communication', e.target.checked)}
                    />{' '}
                    Records a subscription
                  </label>
                </>
              )}
              {field.type === 'number' && (
                <>
                  <Labelled label={<>Field {n} shows</>}>
                    {(id) => (
                      <select
                        id={id}
                        value={field.format ?? (field.currency ? 'currency' : 'plain')}
                        onChange={(e) =>
                          ctx.change(
                            setNumberSetting(
                              ctx.text,
                              at,
                              i,
                              'format',
                              e.target.value === 'currency' ? 'currency' : undefined,
                            ),
                          )
                        }
                      >
                        <option value="plain">A number</option>
                        <option value="currency">
                          An amount of money ({field.currency ?? 'USD'})
                        </option>
                      </select>
                    )}
                  </Labelled>
                  {(['min', 'max'] as const).map((key) => (
                    <LabelledInput
                      key={key}
                      label={
                        <>
                          Field {n} {key === 'min' ? 'smallest' : 'largest'} number
                        </>
                      }
                      inputMode="decimal"
                      placeholder={key === 'min' ? '0' : 'none'}
                      value={field[key] === undefined ? '' : String(field[key])}
                      onChange={(v) =>
                        ctx.change(setNumberSetting(ctx.text, at, i, key, settingNumber(v)))
                      }
                    />
                  ))}
                </>
              )}
              <VisualHubSpotField ctx={ctx} answer={field.name} name={field.label} />
              <button type="button" onClick={() => ctx.change(deleteField(ctx.text, at, i))}>
                Remove field {n}
              </button>
            </li>
          );
        })}
      </ol>
      <AddItem
        label="New field label"
        button="Add field"
        onAdd={(label) => ctx.change(addField(ctx.text, at, label))}
      />
    </fieldset>
  );
}

/** The form under a list that adds an item worded in it (blank words add nothing). */
function AddItem({
  label,
  button,
  onAdd,
}: {
  label: string;
  button: string;
  onAdd: (words: string) => void;
}) {
  const [adding, setAdding] = useState('');
  return (
    <form
      className={styles.add}
      onSubmit={(e) => {
        e.preventDefault();
        if (!adding.trim()) return;
        onAdd(adding.trim());
        setAdding('');
      }}
    >
      <LabelledInput label={label} value={adding} onChange={setAdding} />{' '}
      <button type="submit">{button}</button>
    </form>
  );
}
