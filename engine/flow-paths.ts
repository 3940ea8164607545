import { buildSubmissions } from './build-submissions';
import { uploadFields } from './flow-lookup';
import { validateAnswers } from './validate-answers';
import { chooseTransition, indexFlow, targetsOf } from './flow-walk';
import { topologicalOrder } from './topological-order';
import { stepCandidates } from './sample-answers';
import { stepsReadByConditions } from './resolve-computed';
import type { Answers, HubSpotBody, PathStep, ResolvedFlow } from './types';

export interface FlowPath {
  steps: PathStep[];
  ending: string;
  /** All answers of the path, as validateAnswers would return them. */
  answers: Answers;
  /** The flow transitions taken, as `step#index` (`index` = branch, or branches.length). */
  transitions: string[];
  submissions: PathSubmission[];
}

/** What HubSpot receives for one form key: the body's fields and consent (no time or context). */
export interface PathSubmission extends Pick<HubSpotBody, 'fields' | 'legalConsentOptions'> {
  formKey: string;
}

export interface FlowExploration {
  paths: FlowPath[];
  /** Where some answer matches no transition: the visitor would be stuck. */
  stuck: { step: string; answer: Answers }[];
  /** The exploration stopped at `maxPaths`: more paths exist. */
  truncated: boolean;
}

/** Every transition the flow declares, as `step#index`. */
export function allTransitions(flow: ResolvedFlow): string[] {
  return flow.steps.flatMap((s) => {
    const count = s.next.branches.length + (s.next.otherwise === undefined ? 0 : 1);
    return Array.from({ length: count }, (_, i) => `${s.id}#${i}`);
  });
}

/** What a path step shows: the choice's value alone, or the step's field answers. */
export function pathAnswer(stepAnswers: Answers, stepId: string): PathStep['answer'] {
  const own = stepAnswers[stepId];
  if (Object.keys(stepAnswers).length === 1 && own !== undefined && typeof own !== 'boolean') {
    return own;
  }
  return stepAnswers;
}

const SAMPLE_CONTEXT = {
  submittedAt: 0,
  pageUri: 'https://example.com/',
  pageName: 'sample',
};

/**
 * The HubSpot bodies a path to an ending sends, as the server would build them from the same
 * answers, for a visit that brought no hidden value (those fields are left out).
 */
export function pathSubmissions(flow: ResolvedFlow, answers: Answers): PathSubmission[] {
  const files: Record<string, string> = {};
  // The server stores uploads and passes their URLs; the sample path does the same.
  for (const f of uploadFields(flow)) {
    const value = answers[f.name];
    if (typeof value === 'string') files[f.name] = `https://example.com/uploads/${value}`;
  }
  // Sample answers come from the flow's own options and rules; refusing one is an engine bug.
  const valid = validateAnswers(flow, answers);
  if (!valid.ok) {
    const why = valid.errors.map((e) => `${e.field}: ${e.message}`).join('; ');
    throw new Error(`sample answers of flow "${flow.id}" do not validate (${why})`);
  }
  return buildSubmissions(flow, valid, { ...SAMPLE_CONTEXT, files }).map(
    ({ formKey, body: { fields, legalConsentOptions } }) => ({
      formKey,
      fields,
      ...(legalConsentOptions ? { legalConsentOptions } : {}),
    }),
  );
}

/**
 * Explores every path from the start to each ending. Options that take the same transition are
 * one group and contribute one representative answer, so a flow has a handful of paths rather
 * than one per combination of answers. A step revisited on the same path (a cycle) is not
 * followed again. The number of paths doubles with every independent branch, so this runs on
 * demand only (`npm run flows -- paths <id> --all`), never when a flow loads; `maxPaths` stops
 * it early and sets `truncated`.
 */
export function exploreFlow(
  flow: ResolvedFlow,
  options: { submissions?: boolean; maxPaths?: number } = {},
): FlowExploration {
  const withSubmissions = options.submissions ?? true;
  const maxPaths = options.maxPaths ?? Infinity;
  const { steps, endings } = indexFlow(flow);
  const paths: FlowPath[] = [];
  const stuck: FlowExploration['stuck'] = [];
  let truncated = false;
  const scored = stepsReadByConditions(flow);

  const visit = (id: string, answers: Answers, trail: PathStep[], taken: string[]) => {
    if (paths.length >= maxPaths) {
      truncated = true;
      return;
    }
    if (endings.has(id)) {
      const submissions = withSubmissions ? pathSubmissions(flow, answers) : [];
      paths.push({ steps: trail, ending: id, answers, transitions: taken, submissions });
      return;
    }
    const step = steps.get(id);
    if (!step || trail.some((t) => t.step === id)) return;
    // A step an expression reads: each answer may change a later branch, so each is followed.
    const every = scored.has(id);
    const seen = new Set<string>();
    for (const candidate of stepCandidates(step, answers, every)) {
      const merged = { ...answers, ...candidate };
      const transition = chooseTransition(step, merged);
      if (!transition) {
        stuck.push({ step: id, answer: candidate });
        continue;
      }
      const group = every
        ? `${transition.index}:${JSON.stringify(candidate)}`
        : `${transition.index}`;
      if (seen.has(group)) continue;
      seen.add(group);
      visit(
        transition.to,
        merged,
        [...trail, { step: id, answer: pathAnswer(candidate, id) }],
        [...taken, `${id}#${transition.index}`],
      );
    }
  };
  visit(flow.start, {}, [], []);
  return { paths, stuck, truncated };
}

/**
 * Every path start → ending, with one representative answer per transition group. Exponential
 * in independent branches: for tests of small flows; `coveringPaths` scales.
 */
export function flowPaths(flow: ResolvedFlow): FlowPath[] {
  return exploreFlow(flow).paths;
}

/**
 * How many paths of the graph lead from the start to an ending (one per sequence of
 * transitions), without listing them: an upper bound of what `exploreFlow` finds, since a
 * condition on an earlier answer can rule some out. Linear in the graph; exact as a bigint.
 */
export function countPaths(flow: ResolvedFlow): bigint {
  const { steps, endings } = indexFlow(flow);
  const memo = new Map<string, bigint>();
  const { order } = topologicalOrder(flow);
  for (const id of order.reverse()) {
    const step = steps.get(id);
    memo.set(
      id,
      endings.has(id)
        ? 1n
        : (step ? targetsOf(step) : []).reduce((sum, to) => sum + (memo.get(to) ?? 0n), 0n),
    );
  }
  return memo.get(flow.start) ?? 0n;
}
