import { visibleFields } from './field-schema';
import { numberSample } from './number-field';
import type { Answers, ResolvedField, ResolvedStep } from './types';

/** Sample contact details and field values used where a path needs them. */
export function sampleValue(field: ResolvedField): Answers[string] {
  switch (field.type) {
    case 'fullName':
      return 'Alex Sample';
    case 'email':
      return 'alex.sample@example.com';
    case 'phone':
      return '5551234567';
    case 'url':
      return 'https://example.com/grant';
    case 'text':
      return `Sample ${field.label.toLowerCase()}`;
    case 'textarea':
      return 'A sample description of the project.';
    case 'select':
      return field.options?.[0]?.value ?? '';
    case 'multiselect':
      return field.options?.[0] ? [field.options[0].value] : [];
    case 'consent':
      return true;
    case 'number':
      return numberSample(field);
    case 'file': {
      const ext = Object.values(field.accept ?? {}).flat()[0] ?? '.pdf';
      return `sample-${field.name}${ext}`;
    }
  }
}

/**
 * Candidate answers for one step, given the answers before it: every option of a choice, and
 * for a field step a fully filled sample plus variants (each option of a list field, each
 * optional field left empty). The path walker keeps one candidate per transition taken.
 */
export function stepCandidates(
  step: ResolvedStep,
  answersBefore: Answers,
  /** Every candidate even for one way on: a later `{expr}` branch reads this step's answer. */
  every = false,
): Answers[] {
  // A step without branches has one transition: one candidate represents every answer.
  const single = !every && step.next.branches.length === 0;
  if (step.kind === 'choice') {
    if (single && step.options[0]) {
      return [{ [step.id]: step.multiple ? [step.options[0].value] : step.options[0].value }];
    }
    const out: Answers[] = step.options.map((o) => ({
      [step.id]: step.multiple ? [o.value] : o.value,
    }));
    if (!step.required) out.push({});
    return out;
  }
  const fields = visibleFields(step.fields, answersBefore);
  const base: Answers = {};
  for (const f of fields) base[f.name] = sampleValue(f);
  const out: Answers[] = [base];
  if (single) return out;
  for (const f of fields) {
    for (const o of f.options ?? []) {
      out.push({ ...base, [f.name]: f.type === 'multiselect' ? [o.value] : o.value });
    }
    if (!f.required) {
      const { [f.name]: _omitted, ...rest } = base;
      out.push(rest);
    }
  }
  return out;
}
