import { conditionReads } from './conditions';
import { predecessorsOf, walkBack } from './flow-walk';
import { knownKeys, type CheckContext, type Report } from './check-context';
import type { Condition } from './types';

function checkConditionShape(c: Condition, pointer: string, report: Report): boolean {
  const keys = Object.keys(c);
  const ops = keys.filter((k) =>
    ['equals', 'oneOf', 'isEmpty', 'not', 'all', 'any', 'expr'].includes(k),
  );
  const hasAnswer = keys.includes('answer');
  const leaf = ops.length === 1 && ['equals', 'oneOf', 'isEmpty'].includes(ops[0]!);
  if (ops.length !== 1 || hasAnswer !== leaf) {
    report(
      pointer,
      'A condition needs exactly one operator',
      'Write {"answer": id, "equals" | "oneOf" | "isEmpty": ...}, {"expr"}, or {"not"}, {"all"}, {"any"}',
      { code: 'condition.shape' },
    );
    return false;
  }
  const inner = (c as { not?: Condition }).not;
  if (inner) return checkConditionShape(inner, `${pointer}/not`, report);
  const list = (c as { all?: Condition[] }).all ?? (c as { any?: Condition[] }).any;
  const key = 'all' in c ? 'all' : 'any';
  if (list) return list.every((x, i) => checkConditionShape(x, `${pointer}/${key}/${i}`, report));
  return true;
}

/**
 * Conditions are well-formed (one operator), read answers some step asks, only answers that can
 * have been given at that point (earlier steps; for a branch also the step itself), and compare
 * with values that are options of that answer.
 */
export function checkConditions(ctx: CheckContext): void {
  const { raw, flow, report, keyOwner } = ctx;
  const predecessors = predecessorsOf(flow);
  // The steps before `id`: answers given there can be read at `id`.
  const ancestors = (id: string) => walkBack(predecessors, predecessors.get(id) ?? []);
  const checkCondition = (
    c: Condition,
    pointer: string,
    allowedSet: () => Set<string>,
    where: string,
    at: string,
    own?: string,
  ) => {
    if (!checkConditionShape(c, pointer, report)) return;
    for (const read of conditionReads(c)) {
      const owner = keyOwner.get(read.answer);
      if (!owner) {
        const known = knownKeys(ctx, read.answer);
        report(pointer, `Condition reads answer "${read.answer}", which no step asks`, known.hint, {
          code: 'condition.unknown-answer',
          args: { answer: read.answer },
          fix: known.fix,
        });
        continue;
      }
      // A branch reading its own step's answer needs no walk back through the graph.
      const allowed = owner.step.id === own ? undefined : allowedSet();
      if (allowed && !allowed.has(owner.step.id)) {
        report(
          pointer,
          `Condition reads answer "${read.answer}", which cannot have been given ${where}`,
          `Only answers of "${[...allowed].join('", "')}" are known there`,
          {
            code: 'condition.too-early',
            args: { answer: read.answer, asker: owner.step.id, step: at, known: [...allowed] },
          },
        );
        continue;
      }
      const options =
        owner.step.kind === 'choice'
          ? owner.step.options
          : owner.step.fields.find((f) => f.name === read.answer)?.options;
      for (const v of read.values) {
        if (options && !options.some((o) => o.value === v)) {
          report(
            pointer,
            `"${v}" is not an option value of "${read.answer}"`,
            `Use one of: ${options.map((o) => o.value).join(', ')}`,
            {
              code: 'condition.not-an-option',
              args: { value: v, answer: read.answer, allowed: options.map((o) => o.value) },
            },
          );
        }
      }
    }
  };
  raw.steps.forEach((s, i) => {
    const step = flow.steps[i]!;
    // The steps before this one, computed only when a condition reads another step's answer.
    let before: Set<string> | undefined;
    const ancestorsOf = () => (before ??= ancestors(step.id));
    if (typeof s.next !== 'string') {
      s.next.branches.forEach((b, j) =>
        checkCondition(
          b.when,
          `/steps/${i}/next/branches/${j}/when`,
          () => new Set([...ancestorsOf(), step.id]),
          `when leaving "${step.id}"`,
          step.id,
          step.id,
        ),
      );
    }
    (s.fields ?? []).forEach((f, j) => {
      if (f.when)
        checkCondition(
          f.when,
          `/steps/${i}/fields/${j}/when`,
          ancestorsOf,
          `before step "${step.id}"`,
          step.id,
        );
    });
  });
}
