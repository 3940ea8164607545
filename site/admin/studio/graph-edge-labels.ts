/**
 * What the studio's graph writes on each edge: what sends visitors along it, in the words they
 * chose. A rule on the step's own answer is its option label(s) ("Start-up", "IPO & ICO / M&A",
 * "not Start-up"); a rule on another step's answer names that answer first ("capital is No
 * Capital"); tests joined by AND or OR read so. The rest is "otherwise" beside rules, or "next".
 * Rules are read as the visual editor reads them (visual-logic.ts); a condition it cannot show is
 * the engine's own description. Pure: the resolved flow in, a map by edge id out.
 */
import { describeCondition, type Condition, type ResolvedFlow } from '@/engine/client';
import { flowTransitions } from '../flows/flow-graph-layout';
import { testsOf, type AnswerTest } from './visual-logic';

/** Each answer key's option labels by value: choice steps', and select fields'. */
function optionLabels(flow: ResolvedFlow): Map<string, Map<string, string>> {
  const labels = new Map<string, Map<string, string>>();
  for (const step of flow.steps) {
    if (step.kind === 'choice')
      labels.set(step.id, new Map(step.options.map((o) => [o.value, o.label])));
    else
      for (const field of step.fields)
        if (field.options)
          labels.set(field.name, new Map(field.options.map((o) => [o.value, o.label])));
  }
  return labels;
}

const OPS: Record<AnswerTest['op'], string> = { is: 'is', isOneOf: 'is one of', isNot: 'is not' };

function conditionWords(
  condition: Condition,
  own: string,
  labels: Map<string, Map<string, string>>,
): string {
  const rule = testsOf(condition);
  if (!rule) return describeCondition(condition);
  const words = rule.tests.map(({ answer, op, values }) => {
    const named = values.map((v) => labels.get(answer)?.get(v) ?? v).join(' / ');
    if (answer !== own) return `${answer} ${OPS[op]} ${named}`;
    return op === 'isNot' ? `not ${named}` : named;
  });
  return words.join(rule.join === 'all' ? ' and ' : ' or ');
}

/** The words of every edge of the flow, by the edge's id (`step#index`, as the layout names it). */
export function edgeLabels(flow: ResolvedFlow): Map<string, string> {
  const labels = optionLabels(flow);
  const steps = new Map(flow.steps.map((s) => [s.id, s]));
  return new Map(
    flowTransitions(flow).map((t) => {
      const step = steps.get(t.from)!;
      const index = Number(t.id.slice(t.id.lastIndexOf('#') + 1));
      const branch = step.next.branches[index];
      const words = branch
        ? conditionWords(branch.when, step.id, labels)
        : step.next.branches.length > 0
          ? 'otherwise'
          : 'next';
      return [t.id, words];
    }),
  );
}
