import { exprConditionHolds } from './computed-values';
import type { Condition } from './types';

/**
 * The engine's one rule for "empty" (site-spec.md §5): null, an empty or whitespace-only string,
 * an empty array, an empty object or the number zero; and, for answers, absent (undefined) or an
 * unticked box (false). Conditions (`isEmpty`), required and optional fields, unasked keys and the
 * submissions' blank values all decide with it. The text "0" is not empty: a visitor typed it.
 * Only plain objects count as objects here, so a File or a Date is never taken for `{}`.
 */
export function isEmptyAnswer(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === 0) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (isPlainObject(value)) return Object.keys(value).length === 0;
  return false;
}

function isPlainObject(value: unknown): value is object {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function matches(value: unknown, wanted: string): boolean {
  if (Array.isArray(value)) return value.includes(wanted);
  if (typeof value === 'boolean') return String(value) === wanted;
  return value === wanted;
}

/**
 * Evaluates a declarative condition. Conditions are data: nothing is ever evaluated as code.
 * For a multiple-choice answer, `equals`/`oneOf` hold when one chosen value matches. Answers may
 * be raw (as posted) or validated: `isEmpty` reads both with the same rule.
 */
export function evaluateCondition(
  condition: Condition,
  answers: Readonly<Record<string, unknown>>,
): boolean {
  if ('not' in condition) return !evaluateCondition(condition.not, answers);
  if ('all' in condition) return condition.all.every((c) => evaluateCondition(c, answers));
  if ('any' in condition) return condition.any.some((c) => evaluateCondition(c, answers));
  if ('expr' in condition) return exprConditionHolds(condition, answers);
  const value = answers[condition.answer];
  if ('equals' in condition) return matches(value, condition.equals);
  if ('oneOf' in condition) return condition.oneOf.some((wanted) => matches(value, wanted));
  return isEmptyAnswer(value) === condition.isEmpty;
}

/**
 * Every answer key a condition reads, with the value(s) it compares against. An `{expr}`
 * condition reads none here: check-computed.ts checks what it reads.
 */
export function conditionReads(condition: Condition): { answer: string; values: string[] }[] {
  if ('not' in condition) return conditionReads(condition.not);
  if ('all' in condition) return condition.all.flatMap(conditionReads);
  if ('any' in condition) return condition.any.flatMap(conditionReads);
  if ('expr' in condition) return [];
  if ('equals' in condition) return [{ answer: condition.answer, values: [condition.equals] }];
  if ('oneOf' in condition) return [{ answer: condition.answer, values: condition.oneOf }];
  return [{ answer: condition.answer, values: [] }];
}

/** A short human reading of a condition, for diagrams and messages. */
export function describeCondition(condition: Condition): string {
  if ('not' in condition) return `not (${describeCondition(condition.not)})`;
  if ('all' in condition) return condition.all.map(describeCondition).join(' and ');
  if ('any' in condition) return condition.any.map(describeCondition).join(' or ');
  if ('expr' in condition) return condition.expr;
  if ('equals' in condition) return `${condition.answer} = ${condition.equals}`;
  if ('oneOf' in condition) return `${condition.answer} in ${condition.oneOf.join(' / ')}`;
  return condition.isEmpty ? `${condition.answer} empty` : `${condition.answer} given`;
}
