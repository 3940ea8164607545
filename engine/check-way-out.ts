import { conditionReads, evaluateCondition } from './conditions';
import { answerKeysOf, chooseTransition, indexFlow } from './flow-walk';
import { sampleValue, stepCandidates } from './sample-answers';
import { topologicalOrder } from './topological-order';
import type { Answers, Condition, ResolvedFlow, ResolvedStep } from './types';

type Value = Answers[string] | undefined;

/** A condition on partly known answers: true, false, or undefined when it depends on the rest. */
function partial(c: Condition, answers: Answers, known: Set<string>): boolean | undefined {
  if ('not' in c) {
    const inner = partial(c.not, answers, known);
    return inner === undefined ? undefined : !inner;
  }
  if ('all' in c || 'any' in c) {
    const parts = ('all' in c ? c.all : c.any).map((x) => partial(x, answers, known));
    const decisive = 'any' in c;
    if (parts.includes(decisive)) return decisive;
    return parts.includes(undefined) ? undefined : !decisive;
  }
  // An expression may read any answer: it decides nothing before the step (check-computed.ts
  // requires an `otherwise` beside it).
  if ('expr' in c) return undefined;
  return known.has(c.answer) ? evaluateCondition(c, answers) : undefined;
}

/** The transitions a step may take when only the answers in `known` are certain. */
function possibleTargets(step: ResolvedStep, answers: Answers, known: Set<string>): string[] {
  const out: string[] = [];
  let decided = false;
  for (const b of step.next.branches) {
    const holds = partial(b.when, answers, known);
    if (holds !== false) out.push(b.to);
    if (holds === true) {
      decided = true;
      break;
    }
  }
  if (!decided && step.next.otherwise !== undefined) out.push(step.next.otherwise);
  return out;
}

/**
 * The values that behave differently in some condition of the flow: each value a condition
 * names, one value none names, and absent. All other values take the same transitions as one of
 * these, so following these is following them all.
 */
function distinctValues(flow: ResolvedFlow): (key: string, step: ResolvedStep) => Value[] {
  const named = new Map<string, Set<string>>();
  const conditions = flow.steps.flatMap((s) => [
    ...s.next.branches.map((b) => b.when),
    ...(s.kind === 'choice' ? [] : s.fields.flatMap((f) => (f.when ? [f.when] : []))),
  ]);
  for (const read of conditions.flatMap(conditionReads)) {
    const set = named.get(read.answer) ?? new Set<string>();
    for (const v of read.values) set.add(v);
    named.set(read.answer, set);
  }
  return (key, step) => {
    const values = named.get(key) ?? new Set<string>();
    const field = step.kind === 'choice' ? undefined : step.fields.find((f) => f.name === key);
    const options = (
      field ? field.options : step.kind === 'choice' ? step.options : undefined
    )?.map((o) => o.value);
    const other = (options ?? [field ? String(sampleValue(field)) : '']).find(
      (v) => !values.has(v),
    );
    const list = [...values, ...(other === undefined ? [] : [other])];
    const multiple = step.kind === 'choice' ? step.multiple : field?.type === 'multiselect';
    const out: Value[] = list.map((v) => (multiple ? [v] : v));
    if (field?.type === 'consent') out.splice(0, out.length, true);
    out.push(undefined);
    return out;
  };
}

/**
 * Steps where some answer matches no transition, with one such answer each: the visitor would be
 * stuck there. For each step without an `otherwise`, the combinations of the answers its
 * branches read are carried forward from the start, one topological pass (a condition on other
 * answers lets every transition it might take through), so the cost is the graph's size times
 * those few combinations, never the number of paths. Needs an acyclic flow.
 */
export function stepsWithoutWayOut(flow: ResolvedFlow): { step: string; answer: Answers }[] {
  const { steps } = indexFlow(flow);
  const { order } = topologicalOrder(flow);
  const valuesOf = distinctValues(flow);
  const stuck: { step: string; answer: Answers }[] = [];
  for (const target of order) {
    const step = steps.get(target);
    if (!step || step.next.otherwise !== undefined) continue;
    // The answers its branches read, and those that decide which of its fields are shown (a
    // hidden field is an absent answer to those branches).
    const conditions = [
      ...step.next.branches.map((b) => b.when),
      ...(step.kind === 'choice' ? [] : step.fields.flatMap((f) => (f.when ? [f.when] : []))),
    ];
    const known = new Set(conditions.flatMap(conditionReads).map((r) => r.answer));
    // Answer combinations (JSON of the known answers) that can arrive at each node.
    const arriving = new Map<string, Map<string, Answers>>([[flow.start, new Map([['{}', {}]])]]);
    let found: Answers | undefined;
    for (const id of order) {
      const here = arriving.get(id);
      const node = steps.get(id);
      if (!here || !node) continue;
      if (id === target) {
        for (const before of here.values()) {
          found = stepCandidates(node, before).find(
            (c) => !chooseTransition(node, { ...before, ...c }),
          );
          if (found) break;
        }
        break;
      }
      const mine = answerKeysOf(node).filter((k) => known.has(k));
      for (const before of here.values()) {
        for (const after of combinations(mine, node, before, valuesOf)) {
          for (const to of possibleTargets(node, after, known)) {
            const bucket = arriving.get(to) ?? new Map<string, Answers>();
            bucket.set(JSON.stringify(after, Object.keys(after).sort()), after);
            arriving.set(to, bucket);
          }
        }
      }
    }
    if (found) stuck.push({ step: target, answer: found });
  }
  return stuck;
}

/** Every way a step can set the tracked keys it owns, on top of the answers before it. */
function combinations(
  keys: string[],
  step: ResolvedStep,
  before: Answers,
  valuesOf: (key: string, step: ResolvedStep) => Value[],
): Answers[] {
  let out: Answers[] = [before];
  for (const key of keys) {
    const field = step.kind === 'choice' ? undefined : step.fields.find((f) => f.name === key);
    // Absent only where the visitor may leave it so: an optional choice or field, or a field
    // whose condition may hide it.
    const mayBeAbsent = field
      ? !field.required || field.when !== undefined
      : step.kind === 'choice' && !step.required;
    const values = valuesOf(key, step).filter((v) => v !== undefined || mayBeAbsent);
    out = out.flatMap((answers) =>
      values.map((v) => {
        const { [key]: _dropped, ...rest } = answers;
        return v === undefined ? rest : { ...rest, [key]: v };
      }),
    );
  }
  return out;
}
