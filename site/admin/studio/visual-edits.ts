/**
 * The visual editor's edits, as edits of the flow's JSON text: the text stays the one truth (the
 * JSON view, the checks, the drafts and the undo history all see the same string), and each edit
 * changes only the value it names, through jsonc-parser's `modify`, so the rest of the text keeps
 * its bytes and its formatting. Pure and browser-safe: each takes the text and answers the new
 * text; an edit the text cannot take (it does not parse, or the step is gone) answers it unchanged.
 * This module edits steps (visual-item-edits.ts options and fields, visual-rule-edits.ts rules and
 * HubSpot fields, visual-text.ts what they share). Steps, options and fields are named by their
 * index in the file, as the JSON view shows them.
 */
import {
  CONTACT_KEYS,
  expressionNames,
  type Condition,
  type FieldType,
  type RawField,
  type RawFlow,
  type RawStep,
} from '@/engine/client';
import { idFrom, insert, onStep, set, takenNames, type StepKind } from './visual-text';

// ---- Steps -----------------------------------------------------------------------------------

/** Sets a step's question or its help text (the lead-in; empty removes it). */
export function setStepText(
  text: string,
  at: number,
  property: 'question' | 'leadIn',
  value: string,
): string {
  return onStep(text, at, () =>
    set(text, ['steps', at, property], property === 'leadIn' && !value ? undefined : value),
  );
}

/** What a new step of each kind asks, until the person words it. */
function stepBody(kind: StepKind, id: string, question: string): Partial<RawStep> {
  if (kind === 'choice') return { options: ['Yes', 'No'] };
  if (kind === 'contact') return {};
  const type: FieldType = kind === 'uploads' ? 'file' : 'text';
  const field: RawField =
    type === 'file'
      ? {
          name: id,
          type,
          label: question,
          accept: { 'application/pdf': ['.pdf'] },
          maxBytes: 10485760,
        }
      : { name: id, type, label: question };
  return { fields: [field] };
}

/**
 * Changes a step's kind: what both kinds have (id, question, help, numbering, where it goes) is
 * kept; options or fields the new kind has no use for are dropped, and a kind that needs them
 * gets a first one to reword.
 */
export function setStepKind(text: string, at: number, kind: StepKind): string {
  return onStep(text, at, (step, flow) => {
    if (step.kind === kind) return text;
    const question = step.question ?? 'New question';
    const { id, leadIn, numbered, next } = step;
    const keepsFields = kind !== 'choice' && step.kind !== 'choice' && kind !== 'uploads';
    const fieldKey = idFrom(`${id} answer`, takenNames(flow));
    const body =
      keepsFields && step.fields ? { fields: step.fields } : stepBody(kind, fieldKey, question);
    const replaced = {
      id,
      kind,
      question,
      ...(leadIn && { leadIn }),
      ...(numbered !== undefined && { numbered }),
      ...body,
      next,
    };
    return set(text, ['steps', at], replaced);
  });
}

/**
 * A new step after the step at `at`, on its way: it takes over where that step went by default
 * (its `next`, or its "otherwise"), and goes there itself. Its id is made from its question.
 * A step whose every way out is a branch gets the new step as its "otherwise". `body`, when
 * given, makes what the step asks (a template's: visual-template-edits.ts) from its id and the
 * names the flow already uses, the id included.
 */
export function insertStepAfter(
  text: string,
  at: number,
  question: string,
  kind: StepKind,
  body?: (id: string, taken: ReadonlySet<string>, flow: RawFlow) => Partial<RawStep>,
): string {
  return onStep(text, at, (step, flow) => {
    const taken = takenNames(flow);
    const id = idFrom(question, taken);
    const withId = new Set([...taken, id]);
    const asks = body
      ? body(id, withId, flow)
      : stepBody(kind, idFrom(`${id} answer`, withId), question);
    const created = { id, kind, question, ...asks, next: onwardOf(step, flow) };
    const rerouted = leadTo(text, at, step, id);
    return insert(rerouted, ['steps'], at + 1, created);
  });
}

/** Where a step goes when no rule holds: its plain `next`, its "otherwise", or its first rule's step. */
function onwardOf(step: RawStep, flow: RawFlow): string {
  const next = step.next;
  return typeof next === 'string' ? next : (next.otherwise ?? next.branches[0]?.to ?? flow.start);
}

/** The text with the step at `at` going to `id` where it went by default (onwardOf). */
function leadTo(text: string, at: number, step: RawStep, id: string): string {
  return typeof step.next === 'string'
    ? set(text, ['steps', at, 'next'], id)
    : set(text, ['steps', at, 'next', 'otherwise'], id);
}

/**
 * A copy of the step right after it, on its way (as insertStepAfter places a new step), with an
 * id and answer keys of its own; its rules, which read the original's answer, are left out.
 */
export function duplicateStep(text: string, at: number): string {
  return onStep(text, at, (step, flow) => {
    const taken = takenNames(flow);
    const id = idFrom(`${step.question ?? step.id} copy`, taken);
    taken.add(id);
    const fields = step.fields?.map((f) => {
      const name = idFrom(`${f.name} copy`, taken);
      taken.add(name);
      return { ...f, name };
    });
    const copy = { ...step, id, ...(fields && { fields }), next: onwardOf(step, flow) };
    return insert(leadTo(text, at, step, id), ['steps'], at + 1, copy);
  });
}

/** Moves a step one place up (-1) or down (+1) in the file; where visitors go is unchanged. */
export function moveStep(text: string, at: number, by: -1 | 1): string {
  return onStep(text, at, (step, flow) => {
    const to = at + by;
    if (to < 0 || to >= flow.steps.length) return text;
    return insert(set(text, ['steps', at], undefined), ['steps'], to, step);
  });
}

/**
 * Where the step at `at` can move one place later in visitor order: the index of the step it
 * leads to, when the move changes nothing but the order. That needs one way on (its `next` names
 * a step, not an ending, and no rules) and that it is the only way to that step: otherwise other
 * visitors' paths would change too.
 */
export function laterPlace(flow: RawFlow, at: number): number | undefined {
  const step = flow.steps[at];
  if (!step || typeof step.next !== 'string') return undefined;
  const to = flow.steps.findIndex((s) => s.id === step.next);
  if (to < 0) return undefined;
  const routes = referencesTo(flow, to).filter((r) => r.kind === 'route');
  return routes.length === 1 && routes[0]!.pointer === `/steps/${at}/next` ? to : undefined;
}

/** Where the step at `at` can move one place earlier: the index of the step it would pass. */
export function earlierPlace(flow: RawFlow, at: number): number | undefined {
  const id = flow.steps[at]?.id;
  const before = flow.steps.findIndex((s) => s.next === id);
  return before >= 0 && laterPlace(flow, before) === at ? before : undefined;
}

/**
 * Asks the step at `at` one place later, after the step it leads to (see laterPlace): what led
 * to it leads to that step, which now leads to it, and it goes where that step went (its rules
 * included, which read answers both steps have asked by then). Its place in the file follows.
 */
export function askLater(text: string, at: number): string {
  return onStep(text, at, (step, flow) => {
    const to = laterPlace(flow, at);
    if (to === undefined) return text;
    const passed = flow.steps[to]!;
    let out = text;
    for (const { pointer } of referencesTo(flow, at).filter((r) => r.kind === 'route')) {
      const path = pointer
        .slice(1)
        .split('/')
        .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
      out = set(out, path, passed.id);
    }
    out = set(out, ['steps', to, 'next'], step.id);
    out = set(out, ['steps', at, 'next'], passed.next);
    return to === at + 1 ? moveStep(out, at, 1) : out;
  });
}

/** Asks the step at `at` one place earlier: the step before it is asked after it instead. */
export function askEarlier(text: string, at: number): string {
  return onStep(text, at, (_step, flow) => {
    const before = earlierPlace(flow, at);
    return before === undefined ? text : askLater(text, before);
  });
}

/** The answer keys a step collects: a choice's id, or its fields' names (a contact block's too). */
export function answerKeysOfStep(step: RawStep): string[] {
  if (step.kind === 'choice') return [step.id];
  const own = (step.fields ?? []).map((f) => f.name);
  return step.kind === 'contact' ? [...CONTACT_KEYS, ...own] : own;
}

/** Whether a condition reads any of `keys`. */
export function conditionReads(condition: Condition, keys: ReadonlySet<string>): boolean {
  if ('answer' in condition) return keys.has(condition.answer);
  if ('not' in condition) return conditionReads(condition.not, keys);
  if ('expr' in condition) return expressionNames(condition.expr).some((n) => keys.has(n));
  const inner = 'all' in condition ? condition.all : condition.any;
  return inner.some((c) => conditionReads(c, keys));
}

/** What points to a step or depends on its answers: deleting it changes each of these. */
export interface StepReference {
  /** Where, in the file (`/steps/2/next/otherwise`). */
  pointer: string;
  /** In words: `"What phase…?" goes there otherwise`. */
  what: string;
  /** `route`: visitors go there (rerouted); `answer`: it reads the step's answer (removed). */
  kind: 'route' | 'answer';
}

const named = (step: RawStep) => `“${step.question ?? step.id}”`;

/** Everything in the flow that points to the step at `at`, or reads what it asks. */
export function referencesTo(flow: RawFlow, at: number): StepReference[] {
  const target = flow.steps[at];
  if (!target) return [];
  const keys = new Set(answerKeysOfStep(target));
  const found: StepReference[] = [];
  if (flow.start === target.id)
    found.push({ pointer: '/start', what: 'The flow starts there', kind: 'route' });
  flow.steps.forEach((step, i) => {
    if (i === at) return;
    const next = step.next;
    if (next === target.id)
      found.push({ pointer: `/steps/${i}/next`, what: `${named(step)} goes there`, kind: 'route' });
    if (typeof next === 'string') return;
    next.branches.forEach((b, j) => {
      if (conditionReads(b.when, keys))
        found.push({
          pointer: `/steps/${i}/next/branches/${j}`,
          what: `A rule of ${named(step)} reads its answer`,
          kind: 'answer',
        });
      else if (b.to === target.id)
        found.push({
          pointer: `/steps/${i}/next/branches/${j}/to`,
          what: `A rule of ${named(step)} goes there`,
          kind: 'route',
        });
    });
    if (next.otherwise === target.id)
      found.push({
        pointer: `/steps/${i}/next/otherwise`,
        what: `${named(step)} goes there otherwise`,
        kind: 'route',
      });
  });
  flow.submissions.forEach((s, i) =>
    s.fields.forEach((f, j) => {
      if ('answer' in f.value && keys.has(f.value.answer))
        found.push({
          pointer: `/submissions/${i}/fields/${j}`,
          what: `HubSpot form “${s.formKey}” receives its answer as ${f.name}`,
          kind: 'answer',
        });
    }),
  );
  return found;
}

/**
 * Deletes the step at `at`. What led to it (the start, another step's `next`, a rule, an
 * "otherwise") leads to `rerouteTo` instead; the rules that read its answer and the HubSpot
 * fields that sent it go with it (a step left without rules goes where its "otherwise" went).
 */
export function deleteStep(text: string, at: number, rerouteTo: string): string {
  return onStep(text, at, (target, flow) => {
    const keys = new Set(answerKeysOfStep(target));
    let out = text;
    if (flow.start === target.id) out = set(out, ['start'], rerouteTo);
    flow.steps.forEach((step, i) => {
      if (i === at) return;
      const next = step.next;
      if (next === target.id) out = set(out, ['steps', i, 'next'], rerouteTo);
      if (typeof next === 'string') return;
      const otherwise = next.otherwise === target.id ? rerouteTo : next.otherwise;
      const kept = next.branches
        .filter((b) => !conditionReads(b.when, keys))
        .map((b) => (b.to === target.id ? { ...b, to: rerouteTo } : b));
      if (kept.length === 0) {
        out = set(out, ['steps', i, 'next'], otherwise ?? rerouteTo);
        return;
      }
      if (otherwise !== next.otherwise)
        out = set(out, ['steps', i, 'next', 'otherwise'], otherwise);
      for (let j = next.branches.length - 1; j >= 0; j--) {
        const b = next.branches[j]!;
        if (conditionReads(b.when, keys))
          out = set(out, ['steps', i, 'next', 'branches', j], undefined);
        else if (b.to === target.id)
          out = set(out, ['steps', i, 'next', 'branches', j, 'to'], rerouteTo);
      }
    });
    flow.submissions.forEach((s, i) => {
      for (let j = s.fields.length - 1; j >= 0; j--) {
        const v = s.fields[j]!.value;
        if ('answer' in v && keys.has(v.answer))
          out = set(out, ['submissions', i, 'fields', j], undefined);
      }
    });
    return set(out, ['steps', at], undefined);
  });
}
