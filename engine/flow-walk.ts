import { evaluateCondition } from './conditions';
import type { Answers, ResolvedEnding, ResolvedFlow, ResolvedStep } from './types';

/** Lookup tables for a flow (steps and endings by id). */
export interface FlowIndex {
  steps: Map<string, ResolvedStep>;
  endings: Map<string, ResolvedEnding>;
}

const indexCache = new WeakMap<ResolvedFlow, FlowIndex>();

export function indexFlow(flow: ResolvedFlow): FlowIndex {
  let index = indexCache.get(flow);
  if (!index) {
    index = {
      steps: new Map(flow.steps.map((s) => [s.id, s])),
      endings: new Map(flow.endings.map((e) => [e.id, e])),
    };
    indexCache.set(flow, index);
  }
  return index;
}

/** The answer keys a step sets: its id for a choice, its field names otherwise. */
export function answerKeysOf(step: ResolvedStep): string[] {
  return step.kind === 'choice' ? [step.id] : step.fields.map((f) => f.name);
}

/** Every target of a step, in transition order (branches, then otherwise). */
export function targetsOf(step: ResolvedStep): string[] {
  const targets = step.next.branches.map((b) => b.to);
  if (step.next.otherwise !== undefined) targets.push(step.next.otherwise);
  return targets;
}

/**
 * The transition a step takes for these answers: the first branch whose condition holds, then
 * `otherwise`. `index` counts branches first; `otherwise` has index `branches.length`.
 */
export function chooseTransition(
  step: ResolvedStep,
  answers: Answers,
): { index: number; to: string } | null {
  const i = step.next.branches.findIndex((b) => evaluateCondition(b.when, answers));
  const branch = step.next.branches[i];
  if (branch) return { index: i, to: branch.to };
  if (step.next.otherwise !== undefined) {
    return { index: step.next.branches.length, to: step.next.otherwise };
  }
  return null;
}

export interface AnswerWalk {
  /** Steps on the path, in the order asked. */
  steps: string[];
  /** The ending reached, when the answers lead to one. */
  ending?: string;
  /** A step where no transition holds (or an unknown id) stopped the walk. */
  stuckAt?: string;
}

/**
 * Follows the flow from its start with the given answers: the visitor's own branch.
 * Unanswered steps are walked too (their conditions see no answer), so the result is the path
 * the answers so far lead to.
 */
export function walkAnswers(flow: ResolvedFlow, answers: Answers): AnswerWalk {
  const { steps, endings } = indexFlow(flow);
  const path: string[] = [];
  let current = flow.start;
  // A valid flow has no cycles; the bound keeps a broken one from looping forever.
  for (let guard = 0; guard <= steps.size; guard++) {
    if (endings.has(current)) return { steps: path, ending: current };
    const step = steps.get(current);
    if (!step || path.includes(current)) return { steps: path, stuckAt: current };
    path.push(current);
    const transition = chooseTransition(step, answers);
    if (!transition) return { steps: path, stuckAt: current };
    current = transition.to;
  }
  return { steps: path, stuckAt: current };
}

/** Every step's and ending's predecessors: the steps with a transition to it. */
export function predecessorsOf(flow: ResolvedFlow): Map<string, string[]> {
  const predecessors = new Map<string, string[]>();
  for (const s of flow.steps)
    for (const to of targetsOf(s)) {
      const list = predecessors.get(to);
      if (list) list.push(s.id);
      else predecessors.set(to, [s.id]);
    }
  return predecessors;
}

/** `from` and every node that leads to one of them, walking transitions backwards. */
export function walkBack(predecessors: Map<string, string[]>, from: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const stack = [...from];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(predecessors.get(id) ?? []));
  }
  return seen;
}
