/**
 * What publishing a flow changes for visitors and for HubSpot, as plain data the studio shows
 * before a publish: steps, options, branches and endings added or removed, and the HubSpot field
 * names each form key gains or loses. Ids, option values and field names are stable identifiers
 * (renaming one is a data migration), so they are what is compared: an option whose value stays
 * and whose label changes is relabelled; a HubSpot field whose name changes is removed and added,
 * and warned about, because HubSpot stops receiving the old name.
 */
import type {
  Condition,
  FlowOption,
  ResolvedFlow,
  ResolvedStep,
  SubmissionField,
} from '@/engine/client';

export interface Added<T> {
  added: T[];
  removed: T[];
}

export interface OptionChanges extends Added<FlowOption> {
  step: string;
  /** A fields step's select or multiselect; absent for a choice step's own options. */
  field?: string;
  relabelled: { value: string; from: string; to: string }[];
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

export interface FlowChangeSummary {
  steps: Added<string>;
  /** Only the steps (and fields) whose options changed, both versions having them. */
  options: OptionChanges[];
  transitions: Added<Transition>;
  endings: Added<string>;
  /** Only the form keys whose field names changed; a form key gained or lost lists them all. */
  hubspot: HubSpotFieldChanges[];
  /** Sentences about what HubSpot stops receiving. */
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

function optionChanges(
  at: { step: string; field?: string },
  before: readonly FlowOption[],
  after: readonly FlowOption[],
): OptionChanges | undefined {
  const { added, removed } = diff(before, after, (o) => o.value);
  const relabelled = after.flatMap((o) => {
    const old = before.find((b) => b.value === o.value);
    return old && old.label !== o.label ? [{ value: o.value, from: old.label, to: o.label }] : [];
  });
  if (added.length + removed.length + relabelled.length === 0) return undefined;
  return { ...at, added, removed, relabelled };
}

function stepOptions(before: ResolvedStep, after: ResolvedStep): OptionChanges[] {
  if (before.kind === 'choice' || after.kind === 'choice') {
    const options = (s: ResolvedStep) => (s.kind === 'choice' ? s.options : []);
    const change = optionChanges({ step: after.id }, options(before), options(after));
    return change ? [change] : [];
  }
  return after.fields.flatMap((field) => {
    const old = before.fields.find((f) => f.name === field.name);
    if (!old?.options || !field.options) return [];
    const change = optionChanges({ step: after.id, field: field.name }, old.options, field.options);
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

export function changeSummary(before: ResolvedFlow, after: ResolvedFlow): FlowChangeSummary {
  const steps = diff(before.steps, after.steps, (s) => s.id);
  const options = after.steps.flatMap((step) => {
    const old = before.steps.find((s) => s.id === step.id);
    return old ? stepOptions(old, step) : [];
  });
  const hubspot: HubSpotFieldChanges[] = [];
  const warnings: string[] = [];
  const oldForms = formFields(before);
  const newForms = formFields(after);
  for (const formKey of new Set([...oldForms.keys(), ...newForms.keys()])) {
    const old = oldForms.get(formKey) ?? [];
    const now = newForms.get(formKey) ?? [];
    const { added, removed } = diff(old, now, (f) => f.name);
    if (added.length + removed.length === 0) continue;
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
  const ids = (e: { id: string }) => e.id;
  const endings = diff(before.endings.map(ids), after.endings.map(ids), (id) => id);
  return {
    steps: { added: steps.added.map(ids), removed: steps.removed.map(ids) },
    options,
    transitions: diff(transitions(before), transitions(after), transitionKey),
    endings,
    hubspot,
    warnings,
  };
}
