import type { Answers, Condition } from './types';

/** True when an answer is absent or carries nothing (empty text, no choice, unticked box). */
export function isEmptyAnswer(value: Answers[string] | undefined): boolean {
  if (value === undefined || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

function matches(value: Answers[string] | undefined, wanted: string): boolean {
  if (Array.isArray(value)) return value.includes(wanted);
  if (typeof value === 'boolean') return String(value) === wanted;
  return value === wanted;
}

/**
 * Evaluates a declarative condition. Conditions are data: nothing is ever evaluated as code.
 * For a multiple-choice answer, `equals`/`oneOf` hold when one chosen value matches.
 */
export function evaluateCondition(condition: Condition, answers: Answers): boolean {
  if ('not' in condition) return !evaluateCondition(condition.not, answers);
  if ('all' in condition) return condition.all.every((c) => evaluateCondition(c, answers));
  if ('any' in condition) return condition.any.some((c) => evaluateCondition(c, answers));
  const value = answers[condition.answer];
  if ('equals' in condition) return matches(value, condition.equals);
  if ('oneOf' in condition) return condition.oneOf.some((wanted) => matches(value, wanted));
  return isEmptyAnswer(value) === condition.isEmpty;
}

/** Every answer key a condition reads, with the value(s) it compares against. */
export function conditionReads(condition: Condition): { answer: string; values: string[] }[] {
  if ('not' in condition) return conditionReads(condition.not);
  if ('all' in condition) return condition.all.flatMap(conditionReads);
  if ('any' in condition) return condition.any.flatMap(conditionReads);
  if ('equals' in condition) return [{ answer: condition.answer, values: [condition.equals] }];
  if ('oneOf' in condition) return [{ answer: condition.answer, values: condition.oneOf }];
  return [{ answer: condition.answer, values: [] }];
}

/** A short human reading of a condition, for diagrams and messages. */
export function describeCondition(condition: Condition): string {
  if ('not' in condition) return `not (${describeCondition(condition.not)})`;
  if ('all' in condition) return condition.all.map(describeCondition).join(' and ');
  if ('any' in condition) return condition.any.map(describeCondition).join(' or ');
  if ('equals' in condition) return `${condition.answer} = ${condition.equals}`;
  if ('oneOf' in condition) return `${condition.answer} in ${condition.oneOf.join(' / ')}`;
  return condition.isEmpty ? `${condition.answer} empty` : `${condition.answer} given`;
}
