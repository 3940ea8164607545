/** The visual editor's edits of a step's options and fields, as edits of the flow text (visual-edits.ts). */
import type { FieldType, RawOption, RawStep } from '@/engine/client';
import { idFrom, insert, onStep, set, takenNames } from './visual-text';

// ---- Options ---------------------------------------------------------------------------------

/** An inline option of a choice step (an array item that is not a shared list), or undefined. */
function optionAt(step: RawStep, at: number): RawOption | undefined {
  const item = Array.isArray(step.options) ? step.options[at] : undefined;
  return item === undefined || (typeof item === 'object' && 'list' in item) ? undefined : item;
}

/** An option's label and the value HubSpot receives. */
export function optionParts(option: RawOption): { label: string; value: string } {
  return typeof option === 'string'
    ? { label: option, value: option }
    : { label: option.label, value: option.value ?? option.label };
}

/**
 * Sets an option's label. The value HubSpot receives stays what it was: a plain option (its text
 * is both) becomes `{"label", "value"}` with its old text as the value.
 */
export function setOptionLabel(text: string, step: number, at: number, label: string): string {
  return onStep(text, step, (s) => {
    const option = optionAt(s, at);
    if (option === undefined) return text;
    const { value } = optionParts(option);
    const path = ['steps', step, 'options', at];
    if (typeof option === 'object' && option.value !== undefined)
      return set(text, [...path, 'label'], label);
    return label === value ? text : set(text, path, { label, value });
  });
}

/** Sets the value HubSpot receives for an option, on purpose (its reports group on it). */
export function setOptionValue(text: string, step: number, at: number, value: string): string {
  return onStep(text, step, (s) => {
    const option = optionAt(s, at);
    if (option === undefined) return text;
    const path = ['steps', step, 'options', at];
    if (typeof option === 'object') return set(text, [...path, 'value'], value);
    return set(text, path, { label: option, value });
  });
}

/** Adds an option (its text is its value) after the last one. */
export function addOption(text: string, step: number, label: string): string {
  return onStep(text, step, (s) =>
    Array.isArray(s.options)
      ? insert(text, ['steps', step, 'options'], s.options.length, label)
      : text,
  );
}

/** A copy of an option after it, with a label and value of its own. */
export function duplicateOption(text: string, step: number, at: number): string {
  return onStep(text, step, (s) => {
    const option = optionAt(s, at);
    if (option === undefined) return text;
    const { label } = optionParts(option);
    return insert(text, ['steps', step, 'options'], at + 1, `${label} (copy)`);
  });
}

export function deleteOption(text: string, step: number, at: number): string {
  return onStep(text, step, (s) =>
    Array.isArray(s.options) && s.options.length > 1
      ? set(text, ['steps', step, 'options', at], undefined)
      : text,
  );
}

/** Moves an option (or a shared list inserted among them) one place up or down. */
export function moveOption(text: string, step: number, at: number, by: -1 | 1): string {
  return onStep(text, step, (s) => {
    const options = Array.isArray(s.options) ? s.options : [];
    const item = options[at];
    const to = at + by;
    if (item === undefined || to < 0 || to >= options.length) return text;
    const path = ['steps', step, 'options'];
    return insert(set(text, [...path, at], undefined), path, to, item);
  });
}

// ---- Fields ----------------------------------------------------------------------------------

/** The field types the visual editor offers (an upload field is made by an uploads step). */
export const FIELD_TYPES = [
  'text',
  'fullName',
  'email',
  'phone',
  'url',
  'textarea',
  'select',
  'multiselect',
  'consent',
  'number',
] as const satisfies readonly FieldType[];

/** What a number field says beyond its label: its bounds, step, format, currency and unit. */
const NUMBER_SETTINGS = ['min', 'max', 'step', 'format', 'currency', 'unit'] as const;
export type NumberSetting = (typeof NUMBER_SETTINGS)[number];

const withOptions = (type: FieldType) => type === 'select' || type === 'multiselect';

/** Sets a field's type; options, a mask or a consent's kind go when the new type has no use for them. */
export function setFieldType(text: string, step: number, at: number, type: FieldType): string {
  return onStep(text, step, (s) => {
    const field = s.fields?.[at];
    if (!field || field.type === type) return text;
    const path = ['steps', step, 'fields', at];
    let out = set(text, [...path, 'type'], type);
    if (withOptions(type) && field.options === undefined)
      out = set(out, [...path, 'options'], ['Yes', 'No']);
    if (!withOptions(type) && field.options !== undefined)
      out = set(out, [...path, 'options'], undefined);
    if (type !== 'phone' && field.mask !== undefined) out = set(out, [...path, 'mask'], undefined);
    if (type !== 'consent' && field.legalConsent !== undefined)
      out = set(out, [...path, 'legalConsent'], undefined);
    if (type !== 'number') {
      for (const key of NUMBER_SETTINGS)
        if (field[key] !== undefined) out = set(out, [...path, key], undefined);
    }
    if (type !== 'file') {
      if (field.accept !== undefined) out = set(out, [...path, 'accept'], undefined);
      if (field.maxBytes !== undefined) out = set(out, [...path, 'maxBytes'], undefined);
    }
    return out;
  });
}

export function setFieldLabel(text: string, step: number, at: number, label: string): string {
  return onStep(text, step, (s) =>
    s.fields?.[at] ? set(text, ['steps', step, 'fields', at, 'label'], label) : text,
  );
}

/** Required is the default: `false` is written, `true` removes the flag. */
export function setFieldRequired(
  text: string,
  step: number,
  at: number,
  required: boolean,
): string {
  return onStep(text, step, (s) =>
    s.fields?.[at]
      ? set(text, ['steps', step, 'fields', at, 'required'], required ? undefined : false)
      : text,
  );
}

/** What a consent box records for HubSpot (none removes the property). */
export function setFieldConsent(
  text: string,
  step: number,
  at: number,
  kinds: ('processing' | 'communication')[],
): string {
  return onStep(text, step, (s) =>
    s.fields?.[at]?.type === 'consent'
      ? set(
          text,
          ['steps', step, 'fields', at, 'legalConsent'],
          kinds.length > 0 ? kinds : undefined,
        )
      : text,
  );
}

/**
 * Sets one of a number field's settings; `undefined` (a blank box) removes it, so the engine's
 * default holds (min 0, no max, any step, plain). A currency goes with the plain format.
 */
export function setNumberSetting(
  text: string,
  step: number,
  at: number,
  key: NumberSetting,
  value: number | string | undefined,
): string {
  return onStep(text, step, (s) => {
    const field = s.fields?.[at];
    if (field?.type !== 'number') return text;
    const path = ['steps', step, 'fields', at];
    let out = set(text, [...path, key], value);
    if (key === 'format' && value !== 'currency' && field.currency !== undefined)
      out = set(out, [...path, 'currency'], undefined);
    return out;
  });
}

/** A new text field at the end of a step's fields, its answer key made from its label. */
export function addField(text: string, step: number, label: string): string {
  return onStep(text, step, (s, flow) => {
    if (s.kind === 'choice') return text;
    const name = idFrom(label, takenNames(flow), 'field');
    const field = { name, type: 'text', label };
    return s.fields
      ? insert(text, ['steps', step, 'fields'], s.fields.length, field)
      : set(text, ['steps', step, 'fields'], [field]);
  });
}

export function deleteField(text: string, step: number, at: number): string {
  return onStep(text, step, (s) => {
    const fields = s.fields ?? [];
    if (!fields[at]) return text;
    const last = fields.length === 1 && s.kind === 'contact';
    return set(text, ['steps', step, 'fields', ...(last ? [] : [at])], undefined);
  });
}
