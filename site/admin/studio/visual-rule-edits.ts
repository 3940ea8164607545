/**
 * The visual editor's edits of a step's rules (where visitors go) and of which HubSpot field
 * receives an answer, as edits of the flow text (visual-edits.ts).
 */
import type { Branch, RawNext } from '@/engine/client';
import { insert, onStep, readFlow, set } from './visual-text';

// ---- Logic -----------------------------------------------------------------------------------

/** Sets the branch at `at` of a step's rules; `at` past the last adds one (a plain `next` is kept as the "otherwise"). */
export function setBranch(text: string, step: number, at: number, branch: Branch): string {
  return onStep(text, step, (s) => {
    const next: RawNext = s.next;
    if (typeof next === 'string')
      return set(text, ['steps', step, 'next'], { branches: [branch], otherwise: next });
    if (at >= next.branches.length)
      return insert(text, ['steps', step, 'next', 'branches'], next.branches.length, branch);
    return set(text, ['steps', step, 'next', 'branches', at], branch);
  });
}

/** Removes a rule; a step left without rules goes where its "otherwise" went. */
export function removeBranch(text: string, step: number, at: number): string {
  return onStep(text, step, (s) => {
    const next = s.next;
    if (typeof next === 'string' || !next.branches[at]) return text;
    if (next.branches.length > 1)
      return set(text, ['steps', step, 'next', 'branches', at], undefined);
    return next.otherwise === undefined ? text : set(text, ['steps', step, 'next'], next.otherwise);
  });
}

/** Where the step goes when no rule holds (its plain `next` when it has no rules). */
export function setOtherwise(text: string, step: number, to: string): string {
  return onStep(text, step, (s) =>
    set(
      text,
      typeof s.next === 'string' ? ['steps', step, 'next'] : ['steps', step, 'next', 'otherwise'],
      to,
    ),
  );
}

// ---- HubSpot ---------------------------------------------------------------------------------

export interface HubSpotChoice {
  formKey: string;
  /** The answer key sent. */
  answer: string;
  /** The HubSpot field (from the form's definition), or undefined: not sent. */
  field?: { name: string; objectTypeId: string };
  /**
   * The answer's step is not on every path that submits: send "" there (the engine's check of
   * submissions asks for it then; askedOnEverySubmittingPath answers it).
   */
  whenNotAsked: boolean;
}

/**
 * Which HubSpot field of a form receives an answer: the submission's field for that answer is
 * set (name and object type from HubSpot's definition), added, or removed. The object type and
 * `whenNotAsked` are written here, never by the person.
 */
export function setHubSpotField(text: string, choice: HubSpotChoice): string {
  const flow = readFlow(text);
  const s = flow?.submissions.findIndex((x) => x.formKey === choice.formKey) ?? -1;
  if (!flow || s < 0) return text;
  const fields = flow.submissions[s]!.fields;
  const at = fields.findIndex((f) => 'answer' in f.value && f.value.answer === choice.answer);
  const path = ['submissions', s, 'fields'];
  if (!choice.field) return at < 0 ? text : set(text, [...path, at], undefined);
  const value = { answer: choice.answer, ...(choice.whenNotAsked && { whenNotAsked: '' }) };
  if (at < 0) return insert(text, path, fields.length, { ...choice.field, value });
  let out = set(text, [...path, at, 'name'], choice.field.name);
  out = set(out, [...path, at, 'objectTypeId'], choice.field.objectTypeId);
  const had = 'whenNotAsked' in fields[at]!.value;
  if (choice.whenNotAsked && !had) out = set(out, [...path, at, 'value', 'whenNotAsked'], '');
  return out;
}
