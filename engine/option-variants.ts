import { visibleFields } from './field-schema';
import { answerKeysOf, chooseTransition, indexFlow } from './flow-walk';
import { exploreFlow } from './flow-paths';
import { stepCandidates } from './sample-answers';
import { hasOptions, optionsUsed, type OptionUse } from './step-actions';
import type { Answers, ResolvedFlow } from './types';
import { validateAnswers } from './validate-answers';

/** A walk start → ending: its answers (as typed, not normalised), the steps asked, the ending. */
export interface PathRun {
  answers: Answers;
  steps: string[];
  ending: string;
}

/** Every option a visitor can pick: each choice step's, then each select / multiselect field's. */
export function flowOptions(flow: ResolvedFlow): OptionUse[] {
  return flow.steps.flatMap((step): OptionUse[] =>
    step.kind === 'choice'
      ? step.options.map((o) => ({ step: step.id, label: o.label, value: o.value }))
      : step.fields.filter(hasOptions).flatMap((f) =>
          (f.options ?? []).map((o) => ({
            step: step.id,
            field: f.name,
            label: o.label,
            value: o.value,
          })),
        ),
  );
}

/** The one key an option is counted by: step, field and value. */
export const optionKey = (o: OptionUse) => JSON.stringify([o.step, o.field ?? '', o.value]);

/** The options a run picks, in the order asked. */
export function runOptions(flow: ResolvedFlow, run: PathRun): OptionUse[] {
  const { steps } = indexFlow(flow);
  return run.steps.flatMap((id) => {
    const step = steps.get(id);
    return step ? optionsUsed(step, run.answers) : [];
  });
}

/** The answer that picks an option: the value, or a list of it for a multiple answer. */
function optionAnswer(flow: ResolvedFlow, o: OptionUse): { key: string; answer: Answers[string] } {
  const step = indexFlow(flow).steps.get(o.step);
  if (step?.kind === 'choice') return { key: o.step, answer: step.multiple ? [o.value] : o.value };
  const field = step?.fields.find((f) => f.name === o.field);
  return { key: o.field ?? '', answer: field?.type === 'multiselect' ? [o.value] : o.value };
}

/**
 * Walks the flow again as `base` did, with `overrides` replacing some answers: each step keeps
 * its override, else the base's answer, else the engine's sample (the first candidate of
 * stepCandidates), so a field a changed answer newly shows is filled and one it hides is left
 * out. Undefined unless the answers validate (validateAnswers) and every override is asked.
 */
export function replayPath(
  flow: ResolvedFlow,
  base: Answers,
  overrides: Answers,
): PathRun | undefined {
  const { steps, endings } = indexFlow(flow);
  let answers: Answers = {};
  const asked: string[] = [];
  let id = flow.start;
  while (!endings.has(id)) {
    const step = steps.get(id);
    if (!step || asked.includes(id)) return undefined;
    const [sample = {}] = stepCandidates(step, answers);
    const keys =
      step.kind === 'choice'
        ? answerKeysOf(step)
        : visibleFields(step.fields, answers).map((f) => f.name);
    const own: Answers = {};
    for (const key of keys) {
      const value = overrides[key] ?? base[key] ?? sample[key];
      if (value !== undefined) own[key] = value;
    }
    answers = { ...answers, ...own };
    asked.push(id);
    const transition = chooseTransition(step, answers);
    if (!transition) return undefined;
    id = transition.to;
  }
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  if (!Object.entries(overrides).every(([k, v]) => same(answers[k], v))) return undefined;
  return validateAnswers(flow, answers).ok ? { answers, steps: asked, ending: id } : undefined;
}

export interface OptionVariants {
  /** The added runs, each picking at least one option no earlier run picked. */
  runs: PathRun[];
  /** Options no replay of any path could pick (a condition rules them out). */
  missing: OptionUse[];
}

/**
 * Runs that pick every option the `bases` (the covering paths) leave out. Covering paths take
 * every transition, but options sharing a transition are one group there, so most options go
 * unpicked. Each added run replays a base with the first option still open, then packs in as
 * many other open options (one per step or field) as still validate: a flow needs about as many
 * runs as its longest option list, not one per option. When no base can pick an option, the
 * first paths of a bounded full exploration are tried as bases too.
 */
export function optionVariants(flow: ResolvedFlow, bases: PathRun[]): OptionVariants {
  const picked = new Set(bases.flatMap((b) => runOptions(flow, b)).map(optionKey));
  let open = flowOptions(flow).filter((o) => !picked.has(optionKey(o)));
  const runs: PathRun[] = [];
  const missing: OptionUse[] = [];
  let explored: PathRun[] | undefined;
  const moreBases = () =>
    (explored ??= exploreFlow(flow, { submissions: false, maxPaths: 1000 }).paths.map((p) => ({
      answers: p.answers,
      steps: p.steps.map((s) => s.step),
      ending: p.ending,
    })));

  while (open.length > 0) {
    const [first, ...rest] = open as [OptionUse, ...OptionUse[]];
    const firstAnswer = optionAnswer(flow, first);
    type Found = { base: PathRun; overrides: Answers; run: PathRun };
    const start = (candidates: PathRun[]): Found | undefined => {
      for (const base of candidates) {
        const overrides = { [firstAnswer.key]: firstAnswer.answer };
        const run = replayPath(flow, base.answers, overrides);
        if (run) return { base, overrides, run };
      }
      return undefined;
    };
    let found = start(bases) ?? start(moreBases());
    if (!found) {
      missing.push(first);
      open = rest;
      continue;
    }
    for (const o of rest) {
      const { key, answer } = optionAnswer(flow, o);
      if (key in found.overrides) continue;
      const overrides: Answers = { ...found.overrides, [key]: answer };
      const run = replayPath(flow, found.base.answers, overrides);
      if (run) found = { ...found, overrides, run };
    }
    runs.push(found.run);
    const now = new Set(runOptions(flow, found.run).map(optionKey));
    open = open.filter((o) => !now.has(optionKey(o)));
  }
  return { runs, missing };
}
