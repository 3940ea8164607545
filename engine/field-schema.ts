import * as z from 'zod/mini';
import { evaluateCondition, isEmptyAnswer } from './conditions';
import type { Answers, ResolvedChoiceStep, ResolvedField, ResolvedFlow } from './types';
import {
  DIGITS_PHONE,
  EMAIL,
  FULL_NAME,
  MASKED_PHONE,
  TEXTAREA_MAX,
  TEXT_MAX,
  describeFileTypes,
  extensionsOf,
  isHttpUrl,
  messages,
} from './field-rules';
import { numberMessages, numberProblem, parseNumber } from './number-field';

/*
 * zod schemas generated from a flow's field specs. The browser renderer feeds them to
 * react-hook-form (zodResolver) and validateAnswers runs the very same schemas on the server,
 * so both sides share one rule set and one set of messages (flows.md, "Contact fields").
 * Built on zod/mini because the browser loads them: its functions tree-shake, classic zod's
 * chainable API does not (several times the bytes for the same rules).
 */

export { messages };

/** The schema type every builder here returns: parse with `.safeParse` or zod's `safeParse`. */
export type FieldSchema = z.ZodMiniType;
export type StepSchema = z.ZodMiniObject<Record<string, FieldSchema>>;

type Check = z.core.$ZodCheck<string>;

/** A text input that must be filled (trimmed first), then the given checks. */
function requiredText(required: string, ...checks: Check[]) {
  // abort: a blank value gets only "is required", not every other rule's message too.
  return z
    .string({ error: required })
    .check(z.trim(), z.minLength(1, { error: required, abort: true }), ...checks);
}

function presentSchema(field: ResolvedField): FieldSchema {
  const label = field.label;
  const required = field.requiredMessage ?? messages.required(label);
  const values = (field.options ?? []).map((o) => o.value);
  switch (field.type) {
    case 'fullName':
      return requiredText(
        required,
        z.regex(FULL_NAME, messages.nameCharacters(label)),
        z.minLength(2, messages.nameLength(label)),
        z.maxLength(100, messages.nameLength(label)),
      );
    case 'email':
      // Trimmed as typed, then checked: the stored address has no stray spaces.
      return requiredText(required, z.regex(EMAIL, messages.invalidEmail));
    case 'phone':
      // Accepts the masked form "(555) 123-4567" or bare digits; always yields the 10 digits.
      return z.pipe(
        requiredText(
          required,
          z.refine(
            (v: string) => MASKED_PHONE.test(v) || DIGITS_PHONE.test(v),
            messages.phoneDigits(label),
          ),
        ),
        z.transform((v: string) => v.replace(/\D/g, '')),
      );
    case 'url':
      return requiredText(required, z.refine(isHttpUrl, messages.invalidUrl));
    case 'text':
      return requiredText(required, z.maxLength(TEXT_MAX, messages.tooLong(label, TEXT_MAX)));
    case 'textarea':
      return requiredText(
        required,
        z.maxLength(TEXTAREA_MAX, messages.tooLong(label, TEXTAREA_MAX)),
      );
    case 'select':
      return requiredText(
        required,
        z.refine((v: string) => values.includes(v), messages.notAnOption(label)),
      );
    case 'multiselect':
      return z.pipe(
        z.array(z.string(), { error: required }).check(
          z.minLength(1, required),
          z.refine(
            (list: string[]) => list.every((v) => values.includes(v)),
            messages.notAnOption(label),
          ),
        ),
        z.transform((list: string[]) => [...new Set(list)]),
      );
    case 'consent':
      return z.literal(true, { error: required });
    case 'number':
      return numberSchema(field, required);
    case 'file': {
      const extensions = extensionsOf(field);
      // The answer is the uploaded file's original name; the server checks the bytes.
      return requiredText(
        required,
        z.refine(
          (name: string) => extensions.some((ext) => name.toLowerCase().endsWith(ext)),
          messages.fileType(label, describeFileTypes(extensions)),
        ),
      );
    }
  }
}

/**
 * A number field (number-field.ts): the text as typed ("$12,500", or a JSON number from an API
 * client), kept as its plain decimal ("12500"); refused when it is no number, or outside the
 * field's bounds and step, with the words the visitor reads in the browser too.
 */
function numberSchema(field: ResolvedField, required: string): FieldSchema {
  return z.pipe(
    z.pipe(
      z.transform((v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v)),
      z
        .string({
          // Absent (empty, by isEmptyAnswer) is "required"; a box ticked or a list, no number.
          error: (issue) =>
            issue.input === undefined ? required : numberMessages.notANumber(field),
        })
        .check(z.trim(), z.minLength(1, { error: required, abort: true })),
    ),
    z.transform((typed: string, ctx) => {
      const value = parseNumber(field, typed);
      const problem =
        value === undefined ? numberMessages.notANumber(field) : numberProblem(field, value);
      if (problem === undefined) return value!;
      ctx.issues.push({ code: 'custom', message: problem, input: typed });
      return z.NEVER;
    }),
  );
}

/**
 * Empty input, by the engine's one rule (isEmptyAnswer), reaches the schema as `undefined`: a
 * required field or choice then gives its "required" message for every kind of emptiness (blank
 * text, no choice, unticked box, null, 0, {}), and an optional one yields `undefined`.
 */
function emptyAsAbsent(present: FieldSchema, required: boolean): FieldSchema {
  return z.pipe(
    z.transform((v: unknown) => (isEmptyAnswer(v) ? undefined : v)),
    required ? present : z.optional(present),
  );
}

// Building a zod schema costs far more than running it: schemas are made once per field/step
// of a resolved flow and reused (flows are immutable once resolved).
const fieldCache = new WeakMap<ResolvedField, FieldSchema>();
const choiceCache = new WeakMap<ResolvedChoiceStep, FieldSchema>();
const stepCache = new WeakMap<ResolvedFlow, Map<string, StepSchema>>();

/** The zod schema of one field; empty input counts as not given (see emptyAsAbsent). */
export function fieldSchema(field: ResolvedField): FieldSchema {
  let schema = fieldCache.get(field);
  if (!schema) {
    schema = emptyAsAbsent(presentSchema(field), field.required);
    fieldCache.set(field, schema);
  }
  return schema;
}

/** The zod schema of a choice step's answer (a value, or a list of values). */
export function choiceSchema(step: ResolvedChoiceStep): FieldSchema {
  let schema = choiceCache.get(step);
  if (!schema) {
    schema = buildChoiceSchema(step);
    choiceCache.set(step, schema);
  }
  return schema;
}

function buildChoiceSchema(step: ResolvedChoiceStep): FieldSchema {
  const values = step.options.map((o) => o.value);
  const inList = (v: string) => values.includes(v);
  if (step.multiple) {
    const list = z.pipe(
      z
        .array(z.string(), { error: messages.chooseAnswer })
        .check(z.refine((l: string[]) => l.every(inList), messages.notAnOption('Answer'))),
      z.transform((l: string[]) => [...new Set(l)]),
    );
    return emptyAsAbsent(list, step.required);
  }
  const one = z
    .string({ error: messages.chooseAnswer })
    .check(z.refine(inList, messages.notAnOption('Answer')));
  return emptyAsAbsent(one, step.required);
}

/** The fields of a step the visitor is shown, given the answers of the steps before it. */
export function visibleFields(fields: ResolvedField[], answersBefore: Answers): ResolvedField[] {
  return fields.filter((f) => !f.when || evaluateCondition(f.when, answersBefore));
}

/**
 * The zod object schema of one step: its choice, or its visible fields. `answersBefore` are the
 * answers of the earlier steps (they decide conditional fields such as the grant link).
 * Unknown keys are stripped (react-hook-form may keep values of hidden fields).
 */
export function stepSchema(
  flow: ResolvedFlow,
  stepId: string,
  answersBefore: Answers = {},
): StepSchema {
  const step = flow.steps.find((s) => s.id === stepId);
  if (!step) throw new Error(`Flow "${flow.id}" has no step "${stepId}"`);
  const fields = step.kind === 'choice' ? [] : visibleFields(step.fields, answersBefore);
  const key = `${step.id}\u0000${fields.map((f) => f.name).join('\u0000')}`;
  let byKey = stepCache.get(flow);
  if (!byKey) stepCache.set(flow, (byKey = new Map<string, StepSchema>()));
  let schema = byKey.get(key);
  if (!schema) {
    const shape: Record<string, FieldSchema> = {};
    if (step.kind === 'choice') shape[step.id] = choiceSchema(step);
    for (const field of fields) shape[field.name] = fieldSchema(field);
    schema = z.object(shape);
    byKey.set(key, schema);
  }
  return schema;
}
