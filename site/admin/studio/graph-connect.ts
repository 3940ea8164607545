/**
 * An edge drawn on the studio's graph, from a step to another step or an ending, as an edit of
 * the flow text: with an option of the step's answer, a rule "if [answer] is [option] go to
 * [target]" (the rule already sending that option elsewhere is changed instead of shadowed); with
 * none, where the step goes otherwise. Written by the visual editor's own edits
 * (visual-rule-edits.ts), so it is one change of the same text, undone as any other. Pure.
 *
 * Only targets that exist and that do not lead back to the step are offered (a loop is an error
 * of the engine's check), and a target the text does not hold leaves the text as it was, so an
 * edge never dangles.
 */
import { indexFlow, targetsOf, type FlowOption, type ResolvedFlow } from '@/engine/client';
import { answerKeysOfStep } from './visual-edits';
import { conditionOf, testsOf } from './visual-logic';
import { setBranch, setOtherwise } from './visual-rule-edits';
import { readFlow } from './visual-text';

export interface Connection {
  /** The step the edge leaves. */
  from: string;
  /** The step or ending it goes to. */
  to: string;
  /** The option of the step's answer that sends visitors along it; absent: "otherwise". */
  value?: string;
}

/** The steps and endings an edge from `from` can go to: all but itself and those leading back to it. */
export function connectTargets(flow: ResolvedFlow, from: string): string[] {
  const { steps } = indexFlow(flow);
  // Every node from which `from` can be reached (itself included): an edge to one is a loop.
  const leadsBack = new Set([from]);
  for (let grew = true; grew;) {
    grew = false;
    for (const step of flow.steps)
      if (!leadsBack.has(step.id) && targetsOf(step).some((to) => leadsBack.has(to))) {
        leadsBack.add(step.id);
        grew = true;
      }
  }
  if (!steps.has(from)) return [];
  return [...flow.steps.map((s) => s.id), ...flow.endings.map((e) => e.id)].filter(
    (id) => !leadsBack.has(id),
  );
}

/** The options an edge from `from` can be taken for: a choice step's own (none for other steps). */
export function connectOptions(flow: ResolvedFlow, from: string): FlowOption[] {
  const step = indexFlow(flow).steps.get(from);
  return step?.kind === 'choice' ? step.options : [];
}

/**
 * The steps and endings the start would no longer reach with the edge as the step's "otherwise"
 * (the one way an added edge can cut one off: a rule only adds a way). The form refuses those
 * edges; the engine's check would refuse the flow.
 */
export function cutOff(flow: ResolvedFlow, { from, to, value }: Connection): string[] {
  if (value !== undefined) return [];
  const { steps } = indexFlow(flow);
  const now = (id: string) => {
    const step = steps.get(id);
    return step ? targetsOf(step) : [];
  };
  const after = (id: string) =>
    id === from ? [...(steps.get(id)?.next.branches.map((b) => b.to) ?? []), to] : now(id);
  const reached = reach(flow.start, after);
  return [...reach(flow.start, now)].filter((id) => !reached.has(id));
}

/** Every node reached from `start` along `ways`. */
function reach(start: string, ways: (id: string) => string[]): Set<string> {
  const reached = new Set([start]);
  for (const queue = [start]; queue.length > 0;)
    for (const next of ways(queue.pop()!))
      if (!reached.has(next)) {
        reached.add(next);
        queue.push(next);
      }
  return reached;
}

/** The flow text with the edge added (or the text as it was, if it does not hold both ends). */
export function connectSteps(text: string, { from, to, value }: Connection): string {
  const raw = readFlow(text);
  const at = raw?.steps.findIndex((s) => s.id === from) ?? -1;
  const step = raw?.steps[at];
  const known = raw && [...raw.steps, ...(raw.endings ?? [])].some((n) => n.id === to);
  if (!step || !known || to === from) return text;
  if (value === undefined) return setOtherwise(text, at, to);
  if (step.kind !== 'choice') return text;
  const [answer] = answerKeysOfStep(step);
  const when = conditionOf({
    join: 'all',
    tests: [{ answer: answer!, op: 'is', values: [value] }],
  });
  const branches = typeof step.next === 'string' ? [] : step.next.branches;
  const same = branches.findIndex((b) => {
    const test = testsOf(b.when)?.tests;
    return (
      test?.length === 1 &&
      test[0]!.op === 'is' &&
      test[0]!.answer === answer &&
      test[0]!.values[0] === value
    );
  });
  return setBranch(text, at, same < 0 ? branches.length : same, { when, to });
}
