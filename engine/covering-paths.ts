import { chooseTransition, indexFlow, predecessorsOf, walkBack } from './flow-walk';
import {
  allTransitions,
  exploreFlow,
  pathAnswer,
  pathSubmissions,
  type FlowPath,
} from './flow-paths';
import { stepCandidates } from './sample-answers';
import type { Answers, PathStep, ResolvedFlow } from './types';

/** Nodes from which some step with a transition in `open` can be reached (itself included). */
function leadingTo(flow: ResolvedFlow, open: Set<string>): Set<string> {
  const sources = new Set([...open].map((t) => t.slice(0, t.lastIndexOf('#'))));
  return walkBack(predecessorsOf(flow), sources);
}

/**
 * One walk from the start to an ending that takes transitions not yet in `covered` wherever
 * the answers allow: at each step an uncovered transition first, then one leading towards an
 * uncovered transition, then the first. Undefined when the walk gets stuck or loops.
 */
function greedyWalk(flow: ResolvedFlow, covered: Set<string>, ahead: Set<string>) {
  const { steps, endings } = indexFlow(flow);
  let answers: Answers = {};
  const trail: PathStep[] = [];
  const taken: string[] = [];
  let id = flow.start;
  while (!endings.has(id)) {
    const step = steps.get(id);
    if (!step || trail.some((t) => t.step === id)) return undefined;
    const groups = new Map<number, { to: string; candidate: Answers }>();
    for (const candidate of stepCandidates(step, answers)) {
      const t = chooseTransition(step, { ...answers, ...candidate });
      if (t && !groups.has(t.index)) groups.set(t.index, { to: t.to, candidate });
    }
    const options = [...groups.entries()];
    const pick =
      options.find(([i]) => !covered.has(`${id}#${i}`)) ??
      options.find(([, g]) => ahead.has(g.to)) ??
      options[0];
    if (!pick) return undefined;
    const [index, { to, candidate }] = pick;
    answers = { ...answers, ...candidate };
    trail.push({ step: id, answer: pathAnswer(candidate, id) });
    taken.push(`${id}#${index}`);
    id = to;
  }
  return { steps: trail, ending: id, answers, transitions: taken };
}

/**
 * A few paths that together take every transition of the flow at least once (transition
 * coverage): what `npm run flows -- paths <id>` lists and the browser tests walk. Built by
 * greedy walks, each taking at least one transition the earlier ones missed, so their number is
 * at most the number of transitions and the cost polynomial, where listing every path doubles
 * with every independent branch. A transition no greedy walk reaches (a condition on an earlier
 * answer rules out the obvious way there) is looked for among the first paths of a bounded full
 * exploration.
 */
export function coveringPaths(flow: ResolvedFlow): FlowPath[] {
  const all = allTransitions(flow);
  const covered = new Set<string>();
  const paths: FlowPath[] = [];
  const add = (p: Omit<FlowPath, 'submissions'>) => {
    paths.push({ ...p, submissions: pathSubmissions(flow, p.answers) });
    for (const t of p.transitions) covered.add(t);
  };
  while (covered.size < all.length) {
    const open = new Set(all.filter((t) => !covered.has(t)));
    const walk = greedyWalk(flow, covered, leadingTo(flow, open));
    if (!walk || walk.transitions.every((t) => covered.has(t))) break;
    add(walk);
  }
  if (covered.size < all.length) {
    for (const p of exploreFlow(flow, { submissions: false, maxPaths: 10_000 }).paths) {
      if (p.transitions.some((t) => !covered.has(t))) add(p);
    }
  }
  return paths;
}

/** How many of the flow's transitions the covering paths (the browser tests' walks) take. */
export function transitionCoverage(flow: ResolvedFlow): {
  covered: number;
  total: number;
  missing: string[];
} {
  const all = allTransitions(flow);
  const taken = new Set(coveringPaths(flow).flatMap((p) => p.transitions));
  const missing = all.filter((t) => !taken.has(t));
  return { covered: all.length - missing.length, total: all.length, missing };
}
