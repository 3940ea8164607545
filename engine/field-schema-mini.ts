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

/*
 * The browser's copy of field-schema.ts, built on zod/mini: the same rules and the same
 * messages, at a fraction of the bundle (classic zod's chainable API cannot be tree-shaken,
 * zod/mini's functions can). The server keeps validating with field-schema.ts; a property test
 * (tests/unit/engine/field-schema-mini.test.ts) checks that both accept and refuse exactly the
 * same input with the same first message per field.
 */

export const miniMessages = messages;

type Check = z.core.CheckFn<string> | z.core.$ZodCheck<string>;

/** A text input that must be filled (trimmed first), then the given checks. */
function requiredText(required: string, ...checks: Check[]) {
  return z
    .string({ error: required })
    .check(z.trim(), z.minLength(1, required), ...(checks as z.core.$ZodCheck<string>[]));
}

function presentSchema(field: ResolvedField): z.core.$ZodType {
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
      return requiredText(required, z.regex(EMAIL, messages.invalidEmail));
    case 'phone':
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
    case 'file': {
      const extensions = extensionsOf(field);
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

/** Empty input reaches the schema as undefined (emptyAsAbsent in field-schema.ts). */
function emptyAsAbsent(present: z.core.$ZodType, required: boolean): z.core.$ZodType {
  return z.pipe(
    z.transform((v: unknown) => (isEmptyAnswer(v) ? undefined : v)),
    required ? present : z.optional(present as z.ZodMiniType),
  );
}

/** The zod/mini schema of one field; empty input counts as not given. */
export function fieldSchemaMini(field: ResolvedField): z.core.$ZodType {
  return emptyAsAbsent(presentSchema(field), field.required);
}

/** The zod/mini schema of a choice step's answer. */
export function choiceSchemaMini(step: ResolvedChoiceStep): z.core.$ZodType {
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
export function visibleFieldsOf(fields: ResolvedField[], answersBefore: Answers): ResolvedField[] {
  return fields.filter((f) => !f.when || evaluateCondition(f.when, answersBefore));
}

/** The zod/mini object schema of one step (see stepSchema in field-schema.ts). */
export function stepSchemaMini(
  flow: ResolvedFlow,
  stepId: string,
  answersBefore: Answers = {},
): z.ZodMiniObject<Record<string, z.core.$ZodType>> {
  const step = flow.steps.find((s) => s.id === stepId);
  if (!step) throw new Error(`Flow "${flow.id}" has no step "${stepId}"`);
  if (step.kind === 'choice') return z.object({ [step.id]: choiceSchemaMini(step) });
  const shape: Record<string, z.core.$ZodType> = {};
  for (const field of visibleFieldsOf(step.fields, answersBefore)) {
    shape[field.name] = fieldSchemaMini(field);
  }
  return z.object(shape);
}
