/**
 * What a flow sends, held against HubSpot's own forms before it goes live: the covering paths'
 * bodies (what visitors' leads will carry) and every value a submission field can take, compared
 * with the definition of each form key's HubSpot form. Each finding is a leads-refused warning at
 * the submission field it concerns, naming the path or the step, the field and the fix:
 * - a field the form lacks (HubSpot refuses the whole lead, even when the value is empty);
 * - a hidden field the form does not declare (refused whenever a visit brings the value);
 * - a value a dropdown, radio, checkboxes or checkbox field does not list;
 * - a value of the wrong type (text to a number, date or e-mail field);
 * - a field HubSpot requires that some submitting path never sends or leaves empty.
 * Pure and browser-safe: the studio runs it on the flow being edited, the CLI on every flow.
 */
import { computedType } from './check-computed';
import { guessName } from './did-you-mean';
import { LIST_SEPARATOR } from './build-submissions';
import { coveringPaths } from './covering-paths';
import type { FlowPath } from './flow-paths';
import { findAnswer } from './flow-lookup';
import {
  ATTRIBUTION_FIELDS,
  allowedValues,
  type HubSpotFormDefinition,
  type HubSpotFormField,
  type HubSpotForms,
} from './hubspot-forms';
import type { Diagnostic, FlowOption, ResolvedFlow, SubmissionField } from './types';

/** One value a submission field can send, and where it comes from in the visitor's words. */
interface Sent {
  value: string;
  /** `option "Retail" of step "industry"`, `the constant`, … */
  from: string;
}

/** What one submission field's value source produces. */
type Source =
  | { kind: 'values'; values: Sent[]; multiple: boolean; step: string }
  | { kind: 'text'; what: string; email: boolean; number?: boolean; step?: string }
  | { kind: 'hidden'; name: string };

const describePath = (path: FlowPath, n: number) =>
  `path ${n}: ${[...path.steps.map((s) => s.step), path.ending].join(' › ')}`;

const isNumber = (value: string) => /^-?\d+(\.\d+)?$/.test(value.trim());
const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) || /^\d{10,13}$/.test(value);
const isEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

const quoteList = (values: readonly string[], max = 6) =>
  values.length === 0
    ? 'none'
    : values
        .slice(0, max)
        .map((v) => `"${v}"`)
        .join(', ') + (values.length > max ? `, … (${values.length} in all)` : '');

function optionValues(options: readonly FlowOption[], step: string): Sent[] {
  return options.map((o) => ({ value: o.value, from: `option "${o.label}" of step "${step}"` }));
}

/** What a submission field's value can be, read from the flow. */
function sourceOf(flow: ResolvedFlow, field: SubmissionField): Source {
  const value = field.value;
  if ('constant' in value) {
    return {
      kind: 'values',
      values: [{ value: value.constant, from: 'the constant' }],
      multiple: false,
      step: '',
    };
  }
  if ('hidden' in value) return { kind: 'hidden', name: value.hidden };
  if ('transcript' in value)
    return { kind: 'text', what: 'the transcript of the answers', email: false };
  if ('file' in value)
    return { kind: 'text', what: `the link to the file of "${value.file}"`, email: false };
  if ('computed' in value) {
    // A number (a score) fits a number field; a text with known values (a band's labels) is
    // checked against a dropdown's options like a choice's values.
    const what = `the computed value "${value.computed}"`;
    const type = computedType(flow, value.computed);
    if (type.t === 'number') return { kind: 'text', what, email: false, number: true };
    if (type.t === 'text' && type.values) {
      const from = `a value of computed value "${value.computed}"`;
      return {
        kind: 'values',
        values: type.values.map((v) => ({ value: v, from })),
        multiple: false,
        step: '',
      };
    }
    return { kind: 'text', what, email: false };
  }
  const key = value.answer;
  const notAsked: Sent[] =
    value.whenNotAsked !== undefined && value.whenNotAsked !== ''
      ? [{ value: value.whenNotAsked, from: `"whenNotAsked" (step "${key}" not asked)` }]
      : [];
  const owner = findAnswer(flow, key);
  if (!owner) return { kind: 'text', what: `the answer "${key}"`, email: false };
  const { step, field: asked } = owner;
  if (!asked) {
    return {
      kind: 'values',
      values: [...optionValues(step.options, key), ...notAsked],
      multiple: step.multiple,
      step: key,
    };
  }
  if (asked.type === 'select' || asked.type === 'multiselect') {
    return {
      kind: 'values',
      values: [...optionValues(asked.options ?? [], step.id), ...notAsked],
      multiple: asked.type === 'multiselect',
      step: step.id,
    };
  }
  if (asked.type === 'consent') {
    return {
      kind: 'values',
      values: [
        { value: 'Yes', from: `box "${key}" of step "${step.id}" ticked` },
        { value: 'No', from: `box "${key}" of step "${step.id}" left empty` },
      ],
      multiple: false,
      step: step.id,
    };
  }
  return {
    kind: 'text',
    what: `the answer to "${key}" at step "${step.id}"`,
    email: asked.type === 'email',
    // A number field's answer is a plain decimal ("12500"): what a HubSpot number field reads.
    number: asked.type === 'number',
    step: step.id,
  };
}

/** The first path whose body for this form key sends `name` (with `value`, when given). */
function pathSending(
  paths: readonly { path: FlowPath; n: number }[],
  formKey: string,
  name: string,
  value?: string,
) {
  return paths.find(({ path }) =>
    path.submissions.some(
      (s) =>
        s.formKey === formKey &&
        s.fields.some(
          (f) =>
            f.name === name &&
            (value === undefined ||
              f.value === value ||
              f.value.split(LIST_SEPARATOR).includes(value)),
        ),
    ),
  );
}

/** What a HubSpot field is, as a noun: `dropdown`, `number field`, … */
const typeNouns: Partial<Record<HubSpotFormField['fieldType'], string>> = {
  number: 'number field',
  datepicker: 'date field',
  email: 'e-mail field',
  single_checkbox: 'checkbox (true or false)',
  dropdown: 'dropdown',
  radio: 'radio field',
  multiple_checkboxes: 'checkboxes field',
};

const typeNoun = (field: HubSpotFormField) =>
  typeNouns[field.fieldType] ?? field.fieldType.replaceAll('_', ' ') + ' field';

/** `a dropdown`, `an e-mail field`. */
const withArticle = (noun: string) => (/^[aeiou]/i.test(noun) ? `an ${noun}` : `a ${noun}`);

export interface CheckHubSpotOptions {
  /** The flow's file name, as diagnostics name it. */
  file: string;
  /** The covering paths, when the caller has them already (they are the costly part). */
  paths?: FlowPath[];
}

/**
 * The flow's submissions against the forms HubSpot declares, one warning per finding (see the
 * module comment). A form key with no definition is not checked.
 */
export function checkHubSpot(
  flow: ResolvedFlow,
  forms: HubSpotForms,
  options: CheckHubSpotOptions,
): Diagnostic[] {
  const { file } = options;
  if (!flow.submissions.some((s) => forms[s.formKey])) return [];
  const numbered = (options.paths ?? coveringPaths(flow)).map((path, i) => ({ path, n: i + 1 }));
  const out: Diagnostic[] = [];
  const warn = (pointer: string, message: string, hint: string, replace?: string, by?: string) =>
    out.push({
      file,
      pointer,
      severity: 'warning',
      message,
      hint,
      ...(replace !== undefined && by !== undefined ? { fix: { replace, with: by } } : {}),
    });

  flow.submissions.forEach((submission, s) => {
    const form = forms[submission.formKey];
    if (!form) return;
    const formKey = submission.formKey;
    const submitting = numbered.filter(({ path }) =>
      path.submissions.some((b) => b.formKey === formKey),
    );
    if (submitting.length === 0) return;
    const formName = `HubSpot form "${form.name}" (form key "${formKey}")`;
    const addFields = `npm run hubspot -- add-fields ${formKey}, or "Add missing fields" in the studio's HubSpot panel`;
    submission.fields.forEach((field, j) => {
      const pointer = `/submissions/${s}/fields/${j}`;
      const declared = form.fields.find((f) => f.name === field.name);
      const source = sourceOf(flow, field);
      if (!declared) {
        checkUndeclared(field, source, form, formName, addFields, pointer, submitting);
        return;
      }
      checkValues(field, declared, source, formKey, pointer, submitting);
    });
    checkRequired(submission.fields, form, formName, formKey, s, submitting);
  });
  return out;

  function checkUndeclared(
    field: SubmissionField,
    source: Source,
    form: HubSpotFormDefinition,
    formName: string,
    addFields: string,
    pointer: string,
    submitting: { path: FlowPath; n: number }[],
  ) {
    const suggestion = guessName(
      field.name,
      form.fields.map((f) => f.name),
    ).fix?.with;
    const or = suggestion ? ` Or did you mean "${suggestion}"?` : '';
    if (source.kind === 'hidden') {
      const attribution = ATTRIBUTION_FIELDS.includes(field.name)
        ? ' (the attribution of paid campaigns)'
        : '';
      warn(
        `${pointer}/name`,
        `${formName} does not declare the hidden field "${field.name}": HubSpot refuses every lead whose visit brought it${attribution}`,
        `Add "${field.name}" to the HubSpot form as a hidden field (${addFields}).${or}`,
        suggestion ? field.name : undefined,
        suggestion,
      );
      return;
    }
    const first = pathSending(submitting, form.formKey, field.name) ?? submitting[0]!;
    warn(
      `${pointer}/name`,
      `${formName} has no field "${field.name}": HubSpot refuses every lead of this form key, even when the value is empty (${describePath(first.path, first.n)})`,
      `Add "${field.name}" to the HubSpot form (${addFields}), or send the value under a field the form has.${or}`,
      suggestion ? field.name : undefined,
      suggestion,
    );
  }

  function checkValues(
    field: SubmissionField,
    declared: HubSpotFormField,
    source: Source,
    key: string,
    pointer: string,
    submitting: { path: FlowPath; n: number }[],
  ) {
    const allowed = allowedValues(declared);
    const noun = typeNoun(declared);
    const is = `HubSpot's field "${field.name}" is ${withArticle(noun)}`;
    const where = (value: string) => {
      const found = pathSending(submitting, key, field.name, value);
      return found ? ` (${describePath(found.path, found.n)})` : '';
    };
    if (source.kind === 'hidden') {
      if (allowed || declared.fieldType === 'number' || declared.fieldType === 'datepicker') {
        warn(
          `${pointer}/value`,
          `${is}, but it gets the visit's hidden value "${source.name}", which may be any text: HubSpot refuses such leads`,
          `Make "${field.name}" a single-line text field in HubSpot`,
        );
      }
      return;
    }
    if (source.kind === 'text') {
      const mismatch =
        allowed !== undefined ||
        (declared.fieldType === 'number' && !source.number) ||
        declared.fieldType === 'datepicker' ||
        (declared.fieldType === 'email' && !source.email);
      if (mismatch) {
        warn(
          `${pointer}/value`,
          `${is}, but it gets free text (${source.what}): HubSpot refuses a lead whose text is not one of its values`,
          allowed
            ? `Send the answer of a choice whose values are HubSpot's options (${quoteList(allowed)}), or make "${field.name}" a text field in HubSpot`
            : `Make "${field.name}" a single-line text field in HubSpot, or send it ${withArticle(noun.replace(' field', ''))}`,
        );
      }
      return;
    }
    if (allowed) {
      if (declared.fieldType === 'multiple_checkboxes' && source.multiple) {
        warn(
          `${pointer}/value`,
          `${is}, which reads several choices separated by ";", but step "${source.step}" sends them joined by "${LIST_SEPARATOR}": HubSpot refuses a lead with two or more choices`,
          `Map the answer to a multi-line text field in HubSpot`,
        );
      }
      const refused = source.values.filter((v) => v.value !== '' && !allowed.includes(v.value));
      if (refused.length === 0) return;
      const first = refused[0]!;
      const suggestion =
        refused.length === 1 ? guessName(first.value, allowed).fix?.with : undefined;
      const what =
        refused.length === 1
          ? `"${first.value}", sent for ${first.from}${where(first.value)}`
          : `${refused.length} of the values sent: ${quoteList(refused.map((r) => r.value))} (the first for ${first.from}${where(first.value)})`;
      warn(
        `${pointer}/value`,
        `HubSpot's ${noun} "${field.name}" does not list ${what}: HubSpot refuses every lead that sends one`,
        `Add ${refused.length === 1 ? `"${first.value}"` : 'them'} to the options of "${field.name}" in HubSpot, or give the option${refused.length === 1 ? '' : 's'} a value HubSpot lists (${quoteList(allowed)})${suggestion ? `: did you mean "${suggestion}"?` : ''}`,
      );
      return;
    }
    const test =
      declared.fieldType === 'number'
        ? isNumber
        : declared.fieldType === 'datepicker'
          ? isDate
          : declared.fieldType === 'email'
            ? isEmail
            : undefined;
    if (!test) return;
    const wrong = source.values.find((sent) => sent.value !== '' && !test(sent.value));
    if (!wrong) return;
    const example =
      declared.fieldType === 'number'
        ? '"250000"'
        : declared.fieldType === 'datepicker'
          ? '"2026-01-31"'
          : '"name@example.com"';
    warn(
      `${pointer}/value`,
      `${is}, but ${wrong.from} sends "${wrong.value}"${where(wrong.value)}: HubSpot refuses such a lead`,
      `Send values HubSpot reads as its type (like ${example}), or make "${field.name}" a text field in HubSpot`,
    );
  }

  function checkRequired(
    fields: readonly SubmissionField[],
    form: HubSpotFormDefinition,
    formName: string,
    key: string,
    s: number,
    submitting: { path: FlowPath; n: number }[],
  ) {
    for (const wanted of form.fields.filter((f) => f.required)) {
      const j = fields.findIndex((f) => f.name === wanted.name);
      if (j < 0) {
        warn(
          `/submissions/${s}/fields`,
          `${formName} requires "${wanted.name}", which this form key never sends: HubSpot refuses every lead of it`,
          `Send "${wanted.name}" in this submission's fields, or make it optional in HubSpot`,
        );
        continue;
      }
      const field = fields[j]!;
      if ('hidden' in field.value) {
        warn(
          `/submissions/${s}/fields/${j}`,
          `${formName} requires "${wanted.name}", which is sent only when the visit brought the hidden value "${field.value.hidden}": HubSpot refuses every other lead`,
          `Make "${wanted.name}" optional in HubSpot`,
        );
        continue;
      }
      const empty = submitting.find(({ path }) =>
        path.submissions.some(
          (b) =>
            b.formKey === key && !b.fields.some((f) => f.name === wanted.name && f.value !== ''),
        ),
      );
      if (empty) {
        warn(
          `/submissions/${s}/fields/${j}`,
          `${formName} requires "${wanted.name}", which ${describePath(empty.path, empty.n)} leaves empty: HubSpot refuses the leads of that path`,
          `Ask "${wanted.name}" on every path that submits (or give it a "whenNotAsked" value), or make it optional in HubSpot`,
        );
      }
    }
  }
}

/** A field a form key sends that its HubSpot form lacks, as `add-fields` adds it. */
export interface MissingField {
  name: string;
  label: string;
  objectTypeId: string;
}

/**
 * The fields these flows send under `formKey` that its HubSpot form does not declare: the
 * attribution set first (the leads of paid campaigns), then the others in the flows' order.
 * Each is added as a hidden text field, so visitors of HubSpot's own form see nothing new.
 */
export function missingFields(
  flows: readonly ResolvedFlow[],
  form: Pick<HubSpotFormDefinition, 'formKey' | 'fields'>,
): MissingField[] {
  const declared = new Set(form.fields.map((f) => f.name));
  const found = new Map<string, MissingField>();
  for (const flow of flows) {
    for (const submission of flow.submissions) {
      if (submission.formKey !== form.formKey) continue;
      for (const field of submission.fields) {
        if (declared.has(field.name) || found.has(field.name)) continue;
        const owner = 'answer' in field.value ? findAnswer(flow, field.value.answer) : undefined;
        found.set(field.name, {
          name: field.name,
          label: owner?.field?.label ?? owner?.step.question ?? field.name,
          objectTypeId: field.objectTypeId,
        });
      }
    }
  }
  const rank = (name: string) => {
    const i = ATTRIBUTION_FIELDS.indexOf(name);
    return i < 0 ? ATTRIBUTION_FIELDS.length : i;
  };
  return [...found.values()]
    .map((field, order) => ({ field, order }))
    .sort((a, b) => rank(a.field.name) - rank(b.field.name) || a.order - b.order)
    .map(({ field }) => field);
}
