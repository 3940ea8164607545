import { buildSubmissions } from './build-submissions';
import { chooseTransition, indexFlow } from './flow-walk';
import { stepCandidates } from './sample-answers';
import type { Answers, HubSpotField, PathStep, ResolvedFlow } from './types';

export interface FlowPath {
  steps: PathStep[];
  ending: string;
  /** All answers of the path, as validateAnswers would return them. */
  answers: Answers;
  /** The flow transitions taken, as `step#index` (`index` = branch, or branches.length). */
  transitions: string[];
  submissions: { formKey: string; fields: HubSpotField[] }[];
}

export interface FlowExploration {
  paths: FlowPath[];
  /** Where some answer matches no transition: the visitor would be stuck. */
  stuck: { step: string; answer: Answers }[];
}

/** Every transition the flow declares, as `step#index`. */
export function allTransitions(flow: ResolvedFlow): string[] {
  return flow.steps.flatMap((s) => {
    const count = s.next.branches.length + (s.next.otherwise === undefined ? 0 : 1);
    return Array.from({ length: count }, (_, i) => `${s.id}#${i}`);
  });
}

function pathAnswer(stepAnswers: Answers, stepId: string): PathStep['answer'] {
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
 * Explores every path from the start to each ending. Options that take the same transition are
 * one group and contribute one representative answer, so a flow has a handful of paths rather
 * than one per combination of answers. A step revisited on the same path (a cycle) is not
 * followed again.
 */
export function exploreFlow(
  flow: ResolvedFlow,
  options: { submissions?: boolean } = {},
): FlowExploration {
  const withSubmissions = options.submissions ?? true;
  const { steps, endings } = indexFlow(flow);
  const paths: FlowPath[] = [];
  const stuck: FlowExploration['stuck'] = [];

  const visit = (id: string, answers: Answers, trail: PathStep[], taken: string[]) => {
    if (endings.has(id)) {
      if (!withSubmissions) {
        paths.push({ steps: trail, ending: id, answers, transitions: taken, submissions: [] });
        return;
      }
      const files: Record<string, string> = {};
      // The server stores uploads and passes their URLs; the sample path does the same.
      for (const s of flow.steps) {
        if (s.kind === 'choice') continue;
        for (const f of s.fields) {
          const value = answers[f.name];
          if (f.type === 'file' && typeof value === 'string') {
            files[f.name] = `https://example.com/uploads/${value}`;
          }
        }
      }
      const submissions = buildSubmissions(flow, answers, { ...SAMPLE_CONTEXT, files }).map(
        (s) => ({ formKey: s.formKey, fields: s.body.fields }),
      );
      paths.push({ steps: trail, ending: id, answers, transitions: taken, submissions });
      return;
    }
    const step = steps.get(id);
    if (!step || trail.some((t) => t.step === id)) return;
    const seen = new Set<number>();
    for (const candidate of stepCandidates(step, answers)) {
      const merged = { ...answers, ...candidate };
      const transition = chooseTransition(step, merged);
      if (!transition) {
        stuck.push({ step: id, answer: candidate });
        continue;
      }
      if (seen.has(transition.index)) continue;
      seen.add(transition.index);
      visit(
        transition.to,
        merged,
        [...trail, { step: id, answer: pathAnswer(candidate, id) }],
        [...taken, `${id}#${transition.index}`],
      );
    }
  };
  visit(flow.start, {}, [], []);
  return { paths, stuck };
}

/** Every path start → ending, with one representative answer per transition group. */
export function flowPaths(flow: ResolvedFlow): FlowPath[] {
  return exploreFlow(flow).paths;
}

/** How many of the flow's transitions the generated paths take. */
export function transitionCoverage(flow: ResolvedFlow): {
  covered: number;
  total: number;
  missing: string[];
} {
  const all = allTransitions(flow);
  const explored = exploreFlow(flow, { submissions: false }).paths;
  const taken = new Set(explored.flatMap((p) => p.transitions));
  const missing = all.filter((t) => !taken.has(t));
  return { covered: all.length - missing.length, total: all.length, missing };
}
