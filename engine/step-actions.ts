import { endingTexts } from './ending-text';
import { visibleFields } from './field-schema';
import { endingHref } from './flow-lookup';
import { RENDERER_WORDS } from './renderer-words';
import type { Answers, ResolvedEnding, ResolvedField, ResolvedStep } from './types';

export { RENDERER_WORDS };

/**
 * What a tester does: `click` an option (a choice's button), `check` a box (a multiple choice's
 * option, a multi-select's option, a consent), `type` into a field, `select` an option of a
 * drop-down, `upload` a file, `leave` a field empty, `press` a button (Next, See all, a submit
 * button's own words), `back` (the step's Back button).
 */
export type CaseActionKind =
  'click' | 'check' | 'type' | 'select' | 'upload' | 'leave' | 'press' | 'back';

export interface CaseAction {
  /** The step acted on: its id, and its question or heading as the visitor reads it. */
  step: string;
  question: string;
  action: CaseActionKind;
  /** What the tester looks for on screen: an option's label, a field's label, a button's words. */
  target: string;
  /** The value behind a clicked or ticked option, the text typed, the file chosen. */
  value?: string;
  /** The label of the field an option (`select`, a multi-select's `check`) belongs to. */
  field?: string;
  /** What the tester sees after the action: the ending, an error message, the step Back reaches. */
  expect?: string;
}

/** An option of a choice step, or of a select / multiselect field (`field`: its name). */
export interface OptionUse {
  step: string;
  field?: string;
  label: string;
  value: string;
}

/** The `select` / `multiselect` fields of a step, which the visitor answers with options. */
export function hasOptions(field: ResolvedField): boolean {
  return field.type === 'select' || field.type === 'multiselect';
}

const asList = (answer: Answers[string] | undefined): string[] =>
  Array.isArray(answer) ? answer : typeof answer === 'string' ? [answer] : [];

/** The options an answer of a step uses, with their labels. */
export function optionsUsed(step: ResolvedStep, stepAnswers: Answers): OptionUse[] {
  if (step.kind === 'choice') {
    return asList(stepAnswers[step.id]).flatMap((value) => {
      const option = step.options.find((o) => o.value === value);
      return option ? [{ step: step.id, label: option.label, value }] : [];
    });
  }
  return step.fields.filter(hasOptions).flatMap((f) =>
    asList(stepAnswers[f.name]).flatMap((value) => {
      const option = f.options?.find((o) => o.value === value);
      return option ? [{ step: step.id, field: f.name, label: option.label, value }] : [];
    }),
  );
}

/** What a tester does to give one field `answer`: type, tick, select, upload or leave it empty. */
export function fieldActions(
  step: ResolvedStep,
  field: ResolvedField,
  answer: Answers[string] | undefined,
): CaseAction[] {
  const at = { step: step.id, question: step.question };
  const label = field.label;
  if (answer === undefined || answer === false || (Array.isArray(answer) && answer.length === 0)) {
    return [{ ...at, action: 'leave', target: label }];
  }
  const optionLabel = (v: string) => field.options?.find((o) => o.value === v)?.label ?? v;
  switch (field.type) {
    case 'consent':
      return [{ ...at, action: 'check', target: label }];
    case 'select':
      return asList(answer).map((value) => ({
        ...at,
        action: 'select',
        target: optionLabel(value),
        value,
        field: label,
      }));
    case 'multiselect':
      return asList(answer).map((value) => ({
        ...at,
        action: 'check',
        target: optionLabel(value),
        value,
        field: label,
      }));
    case 'file':
      return [{ ...at, action: 'upload', target: label, value: String(answer) }];
    default:
      return [{ ...at, action: 'type', target: label, value: String(answer) }];
  }
}

/** The button that sends a fields step (or a multiple choice): its own words, or Next. */
export function submitLabel(step: ResolvedStep): string {
  return (step.kind === 'choice' ? undefined : step.submitLabel) ?? RENDERER_WORDS.next;
}

/**
 * What a tester does on one step to give `answers` (the path's answers; `before`, those of the
 * steps before it, decide which conditional fields show): the options clicked (after "See all"
 * when one sits past `showFirst`) or ticked, each visible field filled, ticked, chosen or left
 * empty, and the button pressed.
 */
export function stepActions(step: ResolvedStep, answers: Answers, before: Answers): CaseAction[] {
  const at = { step: step.id, question: step.question };
  if (step.kind !== 'choice') {
    const fills = visibleFields(step.fields, before).flatMap((f) =>
      fieldActions(step, f, answers[f.name]),
    );
    return [...fills, { ...at, action: 'press', target: submitLabel(step) }];
  }
  const values = asList(answers[step.id]);
  const indexes = values.map((v) => step.options.findIndex((o) => o.value === v));
  const seeAll: CaseAction[] = indexes.some((i) => i >= (step.showFirst ?? Infinity))
    ? [{ ...at, action: 'press', target: RENDERER_WORDS.seeAll }]
    : [];
  const picks = indexes.flatMap((i): CaseAction[] => {
    const option = step.options[i];
    if (!option) return [];
    return [
      {
        ...at,
        action: step.multiple ? 'check' : 'click',
        target: option.label,
        value: option.value,
      },
    ];
  });
  // A single choice answers with its click; a multiple choice (or an optional choice left
  // blank, which only a multiple choice's form allows) answers with Next.
  const press: CaseAction[] =
    step.multiple || picks.length === 0
      ? [{ ...at, action: 'press', target: submitLabel(step) }]
      : [];
  return [...seeAll, ...picks, ...press];
}

/**
 * What the visitor meets at an ending: a screen's heading (or its first paragraph), the
 * checkout's heading with the service bought, or, for a redirect, the address it goes to.
 */
export function endingText(ending: ResolvedEnding, answers: Answers): string {
  switch (ending.kind) {
    case 'screen': {
      // As the visitor reads it: computed values filled in from the path's answers.
      const { heading, body } = endingTexts(ending, answers);
      return heading || body[0] || ending.id;
    }
    case 'redirect':
      return endingHref(ending) ?? ending.path;
    case 'checkout': {
      const service =
        'constant' in ending.service ? ending.service.constant : answers[ending.service.answer];
      return RENDERER_WORDS.checkout(typeof service === 'string' ? service : '');
    }
  }
}
