import { coveringPaths } from './covering-paths';
import { choiceSchema, fieldSchema, visibleFields, type FieldSchema } from './field-schema';
import { findEnding } from './flow-lookup';
import { pathSubmissions, type PathSubmission } from './flow-paths';
import { answerKeysOf, indexFlow } from './flow-walk';
import {
  flowOptions,
  optionKey,
  optionVariants,
  runOptions,
  type PathRun,
} from './option-variants';
import { decimalText } from './number-field';
import { sampleValue } from './sample-answers';
import {
  RENDERER_WORDS,
  endingText,
  fieldActions,
  stepActions,
  submitLabel,
  type CaseAction,
  type OptionUse,
} from './step-actions';
import type { Answers, FieldType, ResolvedEnding, ResolvedField, ResolvedFlow } from './types';

export type { CaseAction, CaseActionKind, OptionUse } from './step-actions';

/** What a negative case checks at its step. */
export type NegativeCheck = 'required' | 'invalid' | 'nothing-chosen' | 'back';

export interface FlowCase {
  /** `P1`, `P2` … for paths, `N1` … for negative cases. */
  id: string;
  title: string;
  kind: 'path' | 'negative';
  /** A path: one of the covering paths, or a run added to pick options they leave out. */
  source?: 'covering' | 'options';
  /** A negative case: what it checks, on which step (and field), reached by which path. */
  check?: NegativeCheck;
  at?: string;
  field?: string;
  route?: { case: string; steps: string[] };
  /** What the tester does, in order; the last action's `expect` is the case's. */
  steps: CaseAction[];
  /** A path's ending: id, kind, what the visitor meets there, and whether it submits. */
  ending?: { id: string; kind: ResolvedEnding['kind']; text: string; submits: boolean };
  expect: string;
  /** The options the case picks. */
  options: OptionUse[];
  /** A path to a submitting ending: what HubSpot receives (fields and consent per form key). */
  submissions?: PathSubmission[];
}

export interface FlowCases {
  flowId: string;
  version: number;
  title: string;
  cases: FlowCase[];
  /** Options picked by some path case, of all the flow's choice and select options. */
  optionsCovered: { covered: number; total: number; missing: OptionUse[] };
}

/**
 * One wrong value per field type with a rule beyond "required" (field-rules.ts); the message a
 * case expects is the one the engine's own schema gives for it, as the browser shows it.
 */
const INVALID_SAMPLES: Partial<Record<FieldType, (field: ResolvedField) => string | undefined>> = {
  email: () => 'alex.sample@example',
  phone: () => '555123',
  url: () => 'example.com/grant',
  fullName: () => 'Alex 2',
  file: (field) => `sample-${field.name}.exe`,
  number: numberInvalidSample,
};

/**
 * A number the field refuses and a visitor can type through the amount's mask (which takes
 * digits only): just above the maximum, or just under a minimum above 0; words when unmasked.
 */
function numberInvalidSample(field: ResolvedField): string | undefined {
  if (field.max !== undefined) return decimalText(field.max + (field.step ?? 1));
  if ((field.min ?? 0) >= 1) return decimalText((field.min ?? 0) - 1);
  return field.format === 'currency' ? undefined : 'twelve';
}

function schemaMessage(schema: FieldSchema, value: unknown): string {
  const parsed = schema.safeParse(value);
  return parsed.success ? '' : (parsed.error.issues[0]?.message ?? '');
}

/** The answers a run gave before reaching its step number `upTo` (from 0). */
function answersBefore(flow: ResolvedFlow, run: PathRun, upTo: number): Answers {
  const { steps } = indexFlow(flow);
  const keys = run.steps.slice(0, upTo).flatMap((id) => {
    const step = steps.get(id);
    return step ? answerKeysOf(step) : [];
  });
  return Object.fromEntries(keys.flatMap((k) => (k in run.answers ? [[k, run.answers[k]!]] : [])));
}

/** What a tester does on the first `upTo` steps of a run (all by default). */
function runActions(flow: ResolvedFlow, run: PathRun, upTo = run.steps.length): CaseAction[] {
  const { steps } = indexFlow(flow);
  return run.steps.slice(0, upTo).flatMap((id, i) => {
    const step = steps.get(id);
    return step ? stepActions(step, run.answers, answersBefore(flow, run, i)) : [];
  });
}

function pathCase(
  flow: ResolvedFlow,
  run: PathRun,
  id: string,
  source: 'covering' | 'options',
  n: number,
): FlowCase {
  const ending = findEnding(flow, run.ending);
  const text = ending ? endingText(ending, run.answers) : run.ending;
  const expect = ending?.kind === 'redirect' ? `Taken to ${text}` : text;
  const steps = runActions(flow, run);
  const last = steps.at(-1);
  if (last) steps[steps.length - 1] = { ...last, expect };
  const submissions = ending?.submits ? pathSubmissions(flow, run.answers) : undefined;
  return {
    id,
    title:
      source === 'covering'
        ? `Covering path ${n} to ${run.ending}`
        : `More options ${n} to ${run.ending}`,
    kind: 'path',
    source,
    steps,
    ...(ending
      ? { ending: { id: ending.id, kind: ending.kind, text, submits: ending.submits } }
      : {}),
    expect,
    options: runOptions(flow, run),
    ...(submissions ? { submissions } : {}),
  };
}

/** A path case with the run it was made from: what negative cases reach their step by. */
interface PathOfCase {
  case: FlowCase;
  run: PathRun;
}

/**
 * The shortest way the path cases reach a step where `fits` holds on the answers given before
 * it (a conditional field shows): the path, the step's index on it, those answers.
 */
function shortestRoute(
  flow: ResolvedFlow,
  paths: PathOfCase[],
  stepId: string,
  fits: (before: Answers) => boolean = () => true,
) {
  let best: (PathOfCase & { index: number; before: Answers }) | undefined;
  for (const p of paths) {
    const index = p.run.steps.indexOf(stepId);
    if (index < 0 || (best && index >= best.index)) continue;
    const before = answersBefore(flow, p.run, index);
    if (fits(before)) best = { ...p, index, before };
  }
  return best;
}

/**
 * The negative cases of a flow: on each fields step, each required field left empty and each
 * field given a value its rules refuse; on each required multiple choice, Next with nothing
 * ticked; on each step but the first, Back. Each is reached by the shortest path case that
 * gets there (with the field shown), and fills the step's other fields as that path does.
 */
function negativeCases(flow: ResolvedFlow, paths: PathOfCase[]): Omit<FlowCase, 'id'>[] {
  const out: Omit<FlowCase, 'id'>[] = [];
  const routed = (
    route: PathOfCase & { index: number },
    at: string,
    check: NegativeCheck,
    title: string,
    own: CaseAction[],
    field?: string,
  ) => {
    const expect = own.at(-1)?.expect ?? '';
    out.push({
      title,
      kind: 'negative',
      check,
      at,
      ...(field ? { field } : {}),
      route: { case: route.case.id, steps: route.run.steps.slice(0, route.index) },
      steps: [...runActions(flow, route.run, route.index), ...own],
      expect,
      options: [],
    });
  };

  for (const step of flow.steps) {
    const at = { step: step.id, question: step.question };
    if (step.kind !== 'choice') {
      for (const field of step.fields) {
        const route = shortestRoute(
          flow,
          paths,
          step.id,
          (before) => visibleFields([field], before).length > 0,
        );
        if (!route) continue;
        const shown = visibleFields(step.fields, route.before);
        const attempt = (check: NegativeCheck, title: string, value: string | undefined) => {
          const fills = shown.flatMap((f) =>
            f === field
              ? fieldActions(step, f, value)
              : fieldActions(step, f, route.run.answers[f.name] ?? sampleValue(f)),
          );
          const expect = schemaMessage(fieldSchema(field), value);
          // A value the field's rules accept makes no negative case.
          if (!expect) return;
          const press: CaseAction = { ...at, action: 'press', target: submitLabel(step), expect };
          routed(route, step.id, check, title, [...fills, press], field.name);
        };
        if (field.required) attempt('required', `${field.label} left empty`, undefined);
        const invalid = INVALID_SAMPLES[field.type]?.(field);
        if (invalid !== undefined) attempt('invalid', `${field.label} invalid`, invalid);
      }
    } else if (step.multiple && step.required) {
      const route = shortestRoute(flow, paths, step.id);
      if (route) {
        const expect = schemaMessage(choiceSchema(step), []);
        const press: CaseAction = { ...at, action: 'press', target: submitLabel(step), expect };
        routed(route, step.id, 'nothing-chosen', `Nothing ticked on ${step.id}`, [press]);
      }
    }
    // The renderer shows Back once the visitor has answered a step (history not empty): on
    // every step but the one a flow opens on.
    const route = step.id === flow.start ? undefined : shortestRoute(flow, paths, step.id);
    const previous = route && indexFlow(flow).steps.get(route.run.steps[route.index - 1] ?? '');
    if (route && previous) {
      const back: CaseAction = {
        ...at,
        action: 'back',
        target: RENDERER_WORDS.back,
        expect: previous.question,
      };
      routed(route, step.id, 'back', `Back from ${step.id} to ${previous.id}`, [back]);
    }
  }
  return out;
}

/**
 * Test cases for a flow, in the words its visitors read: the covering paths (every transition),
 * more paths until every option of every choice and select is picked once, and the negative
 * cases of each step (fields left empty or wrong, Back). Each case lists what a tester clicks,
 * ticks, types and presses, and what they see at the end; `npm run flows -- cases <id>`
 * prints them as text, JSON, CSV or Gherkin (format-cases.ts).
 */
export function flowCases(flow: ResolvedFlow): FlowCases {
  const covering: PathRun[] = coveringPaths(flow).map((p) => ({
    answers: p.answers,
    steps: p.steps.map((s) => s.step),
    ending: p.ending,
  }));
  const variants = optionVariants(flow, covering);
  const paths: PathOfCase[] = [
    ...covering.map((run, i) => ({
      run,
      case: pathCase(flow, run, `P${i + 1}`, 'covering', i + 1),
    })),
    ...variants.runs.map((run, i) => ({
      run,
      case: pathCase(flow, run, `P${covering.length + i + 1}`, 'options', i + 1),
    })),
  ];
  const negatives = negativeCases(flow, paths).map((c, i) => ({ id: `N${i + 1}`, ...c }));
  const total = flowOptions(flow).length;
  const picked = new Set(paths.flatMap((p) => p.case.options).map(optionKey));
  return {
    flowId: flow.id,
    version: flow.version,
    title: flow.title,
    cases: [...paths.map((p) => p.case), ...negatives],
    optionsCovered: { covered: picked.size, total, missing: variants.missing },
  };
}
