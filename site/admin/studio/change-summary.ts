/**
 * What publishing a flow changes for visitors and for HubSpot, as plain data the studio shows
 * before a publish: steps, options, branches and endings added or removed, the words visitors read
 * that change (wording-changes.ts), and the HubSpot field names each form key gains or loses. Ids,
 * option values and field names are stable identifiers (renaming one is a data migration), so they
 * are what is compared: an option whose value stays and whose label changes is relabelled; a
 * HubSpot field whose name changes is removed and added, and warned about, because HubSpot stops
 * receiving the old name.
 *
 * Two changes look like wording and are not, and are warned about:
 * - a plain option (written as a bare string, or a label without a value: its text is its value)
 *   whose text changes sends HubSpot another value. It is told apart from an option replaced by
 *   another by its place: between the same two options both versions keep, as many options gone
 *   as new, both plain, paired in order (`reworded`). The studio offers to keep the old value
 *   (value-changes.ts).
 * - a form key that no longer sends `email` leaves HubSpot unable to identify the contact
 *   (`identity`): publishing it needs an explicit confirmation (publish-refusal.ts).
 */
import type {
  Condition,
  FlowOption,
  ResolvedFlow,
  ResolvedStep,
  SubmissionField,
} from '@/engine/client';
import { wordingChanges, type WordingChanges } from './wording-changes';

export interface Added<T> {
  added: T[];
  removed: T[];
}

/** A plain option whose text changed: its value, what HubSpot receives, changed with it. */
export interface RewordedOption {
  from: string;
  to: string;
  /** The HubSpot fields the answer is sent in (`{"answer": …}`), in the new version. */
  sentAs: string[];
}

export interface OptionChanges extends Added<FlowOption> {
  step: string;
  /** A fields step's select or multiselect; absent for a choice step's own options. */
  field?: string;
  relabelled: { value: string; from: string; to: string }[];
  /** Plain options reworded, hence given a new value; in neither `added` nor `removed`. */
  reworded: RewordedOption[];
}

/** One way out of a step: a branch (`when`) or its `otherwise`. */
export interface Transition {
  from: string;
  to: string;
  when?: Condition;
}

export interface HubSpotFieldChanges extends Added<string> {
  formKey: string;
}

/** The HubSpot field by which HubSpot identifies (or creates) the contact a submission is about. */
export const IDENTITY_FIELD = 'email';

export interface FlowChangeSummary {
  steps: Added<string>;
  /** The words visitors read that changed, per place (flow, step, ending); options aside. */
  wording: WordingChanges[];
  /** Only the steps (and fields) whose options changed, both versions having them. */
  options: OptionChanges[];
  transitions: Added<Transition>;
  endings: Added<string>;
  /** Only the form keys whose field names changed; a form key gained or lost lists them all. */
  hubspot: HubSpotFieldChanges[];
  /** The form keys that sent `email` and no longer do (or are no longer sent at all). */
  identity: string[];
  /** Sentences about what HubSpot stops receiving, or receives instead. */
  warnings: string[];
}

function diff<T>(before: readonly T[], after: readonly T[], key: (item: T) => string): Added<T> {
  const had = new Set(before.map(key));
  const has = new Set(after.map(key));
  return {
    added: after.filter((item) => !had.has(key(item))),
    removed: before.filter((item) => !has.has(key(item))),
  };
}

const isPlain = (o: FlowOption) => o.value === o.label;

/**
 * The options `removed` and `added` that are plain options reworded: each grouped by the nearest
 * option before it that both versions keep (or the list's start); a place with as many options
 * gone as new pairs them in order, those where both are plain. Any other count is options
 * replaced, not reworded, and stays added and removed.
 */
function rewordedPairs(
  before: readonly FlowOption[],
  after: readonly FlowOption[],
  removed: readonly FlowOption[],
  added: readonly FlowOption[],
): [FlowOption, FlowOption][] {
  const kept = new Set(before.map((o) => o.value).filter((v) => after.some((o) => o.value === v)));
  const groups = (list: readonly FlowOption[], changed: readonly FlowOption[]) => {
    const byAnchor = new Map<string | null, FlowOption[]>();
    let anchor: string | null = null;
    for (const option of list) {
      if (kept.has(option.value)) anchor = option.value;
      else if (changed.includes(option))
        byAnchor.set(anchor, [...(byAnchor.get(anchor) ?? []), option]);
    }
    return byAnchor;
  };
  const gone = groups(before, removed);
  const fresh = groups(after, added);
  const pairs: [FlowOption, FlowOption][] = [];
  for (const [anchor, olds] of gone) {
    const news = fresh.get(anchor) ?? [];
    if (news.length !== olds.length) continue;
    olds.forEach((old, i) => {
      const now = news[i]!;
      if (isPlain(old) && isPlain(now)) pairs.push([old, now]);
    });
  }
  return pairs;
}

function optionChanges(
  at: { step: string; field?: string },
  before: readonly FlowOption[],
  after: readonly FlowOption[],
  sentAs: string[],
): OptionChanges | undefined {
  const changed = diff(before, after, (o) => o.value);
  const pairs = rewordedPairs(before, after, changed.removed, changed.added);
  const paired = new Set(pairs.flat());
  const added = changed.added.filter((o) => !paired.has(o));
  const removed = changed.removed.filter((o) => !paired.has(o));
  const reworded = pairs.map(([old, now]) => ({ from: old.value, to: now.value, sentAs }));
  const relabelled = after.flatMap((o) => {
    const old = before.find((b) => b.value === o.value);
    return old && old.label !== o.label ? [{ value: o.value, from: old.label, to: o.label }] : [];
  });
  if (added.length + removed.length + relabelled.length + reworded.length === 0) return undefined;
  return { ...at, added, removed, relabelled, reworded };
}

function stepOptions(
  before: ResolvedStep,
  after: ResolvedStep,
  sentAs: (answer: string) => string[],
): OptionChanges[] {
  if (before.kind === 'choice' || after.kind === 'choice') {
    const options = (s: ResolvedStep) => (s.kind === 'choice' ? s.options : []);
    const at = { step: after.id };
    const change = optionChanges(at, options(before), options(after), sentAs(after.id));
    return change ? [change] : [];
  }
  return after.fields.flatMap((field) => {
    const old = before.fields.find((f) => f.name === field.name);
    if (!old?.options || !field.options) return [];
    const at = { step: after.id, field: field.name };
    const change = optionChanges(at, old.options, field.options, sentAs(field.name));
    return change ? [change] : [];
  });
}

function transitions(flow: ResolvedFlow): Transition[] {
  return flow.steps.flatMap((step) => [
    ...step.next.branches.map((b) => ({ from: step.id, to: b.to, when: b.when })),
    ...(step.next.otherwise === undefined ? [] : [{ from: step.id, to: step.next.otherwise }]),
  ]);
}

const transitionKey = (t: Transition) => JSON.stringify([t.from, t.to, t.when ?? null]);

/** Field names per form key, in the order they are sent. */
function formFields(flow: ResolvedFlow): Map<string, SubmissionField[]> {
  return new Map(flow.submissions.map((s) => [s.formKey, s.fields]));
}

/** The HubSpot fields (of any form key) an answer is sent in as it was given. */
function answerSentAs(flow: ResolvedFlow): (answer: string) => string[] {
  return (answer) =>
    flow.submissions.flatMap((s) =>
      s.fields.filter((f) => 'answer' in f.value && f.value.answer === answer).map((f) => f.name),
    );
}

const quoted = (items: readonly string[]) => items.map((item) => `"${item}"`).join(', ');

export function changeSummary(before: ResolvedFlow, after: ResolvedFlow): FlowChangeSummary {
  const steps = diff(before.steps, after.steps, (s) => s.id);
  const sentAs = answerSentAs(after);
  const options = after.steps.flatMap((step) => {
    const old = before.steps.find((s) => s.id === step.id);
    return old ? stepOptions(old, step, sentAs) : [];
  });
  const hubspot: HubSpotFieldChanges[] = [];
  const identity: string[] = [];
  const warnings: string[] = [];
  const oldForms = formFields(before);
  const newForms = formFields(after);
  for (const formKey of new Set([...oldForms.keys(), ...newForms.keys()])) {
    const old = oldForms.get(formKey) ?? [];
    const now = newForms.get(formKey) ?? [];
    const { added, removed } = diff(old, now, (f) => f.name);
    if (added.length + removed.length === 0) continue;
    if (removed.some((f) => f.name === IDENTITY_FIELD)) identity.push(formKey);
    hubspot.push({ formKey, added: added.map((f) => f.name), removed: removed.map((f) => f.name) });
    if (!newForms.has(formKey)) {
      warnings.push(`Form key "${formKey}" is no longer sent: HubSpot receives none of its fields`);
      continue;
    }
    for (const field of removed) {
      // The same value sent under another name: most likely a rename.
      const renamed = added.find((f) => JSON.stringify(f.value) === JSON.stringify(field.value));
      warnings.push(
        renamed
          ? `HubSpot field "${field.name}" of form key "${formKey}" is renamed "${renamed.name}": HubSpot stops receiving "${field.name}"`
          : `HubSpot field "${field.name}" of form key "${formKey}" is no longer sent`,
      );
    }
  }
  warnings.push(...identity.map(identityWarning));
  for (const change of options) {
    for (const r of change.reworded) {
      if (r.sentAs.length === 0) continue;
      warnings.push(
        `HubSpot will receive "${r.to}" instead of "${r.from}" in ${quoted(r.sentAs)} (${optionPlace(change)})`,
      );
    }
  }
  const ids = (e: { id: string }) => e.id;
  const endings = diff(before.endings.map(ids), after.endings.map(ids), (id) => id);
  return {
    steps: { added: steps.added.map(ids), removed: steps.removed.map(ids) },
    wording: wordingChanges(before, after),
    options,
    transitions: diff(transitions(before), transitions(after), transitionKey),
    endings,
    hubspot,
    identity,
    warnings,
  };
}

/** What a form key that stops sending `email` costs, in the summary and the server's refusal. */
export function identityWarning(formKey: string): string {
  return `Form key "${formKey}" no longer sends "${IDENTITY_FIELD}": HubSpot will no longer be able to identify these contacts`;
}

/** Where options are, in words: `step "phase"` or `step "about", field "industry"`. */
export function optionPlace(at: { step: string; field?: string }): string {
  return `step "${at.step}"${at.field === undefined ? '' : `, field "${at.field}"`}`;
}
