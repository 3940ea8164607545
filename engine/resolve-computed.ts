import type { Report } from './check-context';
import { exprNodes, parseExpression, type Expr, type NameSource } from './expression';
import { answerKeysOf } from './flow-walk';
import type { RawFlow } from './raw-flow';
import type {
  Condition,
  ExprCondition,
  ResolvedComputedValue,
  ResolvedField,
  ResolvedFlow,
  ResolvedStep,
} from './types';

/** An `{expr}` condition anywhere inside a condition, with its JSON pointer. */
export function exprConditions(
  c: Condition,
  pointer: string,
): { condition: ExprCondition; pointer: string }[] {
  if ('expr' in c) return [{ condition: c, pointer }];
  if ('not' in c) return exprConditions(c.not, `${pointer}/not`);
  if ('all' in c) return c.all.flatMap((x, i) => exprConditions(x, `${pointer}/all/${i}`));
  if ('any' in c) return c.any.flatMap((x, i) => exprConditions(x, `${pointer}/any/${i}`));
  return [];
}

/** Every condition of the flow's steps with its pointer: branches, then fields' `when`. */
export function flowConditions(
  steps: readonly ResolvedStep[],
): { condition: Condition; pointer: string; step: ResolvedStep; field?: ResolvedField }[] {
  return steps.flatMap((step, i) => [
    ...step.next.branches.map((b, j) => ({
      condition: b.when,
      pointer: `/steps/${i}/next/branches/${j}/when`,
      step,
    })),
    ...(step.kind === 'choice' ? [] : step.fields).flatMap((field, j) =>
      field.when
        ? [{ condition: field.when, pointer: `/steps/${i}/fields/${j}/when`, step, field }]
        : [],
    ),
  ]);
}

/** What each name of the flow reads: its computed values, answers and hidden values. */
export function nameSources(
  flow: Pick<ResolvedFlow, 'steps' | 'hidden'>,
  computed: Iterable<string>,
): Map<string, NameSource> {
  const sources = new Map<string, NameSource>();
  for (const h of flow.hidden) sources.set(h.name, 'hidden');
  for (const step of flow.steps) {
    for (const key of answerKeysOf(step)) {
      const field = step.kind === 'choice' ? undefined : step.fields.find((f) => f.name === key);
      sources.set(key, field?.type === 'number' ? 'number' : 'answer');
    }
  }
  for (const name of computed) sources.set(name, 'computed');
  return sources;
}

/** The parsed expression with each name marked with what it reads, or undefined (reported). */
function parsed(
  text: string,
  pointer: string,
  sources: Map<string, NameSource>,
  report: Report,
): Expr | undefined {
  const result = parseExpression(text);
  if (!result.ok) {
    report(pointer, `This expression does not read: ${result.error.message}`, syntaxHint, {
      code: 'computed.syntax',
      args: { problem: result.error.message },
      textOffset: result.error.at,
    });
    return undefined;
  }
  for (const node of exprNodes(result.expr)) {
    const source = node.k === 'name' ? sources.get(node.name) : undefined;
    if (node.k === 'name' && source) node.reads = source;
  }
  return result.expr;
}

const syntaxHint =
  'Write numbers, "texts", names, + - * /, == != < <= > >=, and, or, not, ' +
  'if … then … else …, points(answer), band(number), default(value, otherwise)';

/** The computed values an expression reads, directly or through others, by name. */
function closure(
  expr: Expr,
  computed: Record<string, ResolvedComputedValue>,
): Record<string, ResolvedComputedValue> {
  const out: Record<string, ResolvedComputedValue> = {};
  const stack = [expr];
  while (stack.length > 0) {
    for (const node of exprNodes(stack.pop()!)) {
      if (node.k !== 'name' || node.reads !== 'computed' || out[node.name]) continue;
      const definition = computed[node.name];
      if (!definition) continue;
      out[node.name] = definition;
      stack.push(definition.ast);
    }
  }
  return out;
}

/**
 * Parses the flow's computed values and `{expr}` conditions (syntax errors are reported at their
 * offset) and puts them in the resolved flow: `computed` with each expression parsed, and each
 * `{expr}` condition with its parsed expression and the computed values it reads, so that
 * evaluating a condition needs the answers alone. The resolved flow stays plain data.
 */
export function resolveComputed(flow: ResolvedFlow, raw: RawFlow, report: Report): void {
  const names = Object.keys(raw.computed ?? {});
  const conditions = flowConditions(flow.steps).flatMap((c) =>
    exprConditions(c.condition, c.pointer),
  );
  if (names.length === 0 && conditions.length === 0) return;
  const sources = nameSources(flow, names);
  const computed: Record<string, ResolvedComputedValue> = {};
  for (const name of names) {
    const value = raw.computed![name]!;
    const ast = parsed(value.expr, `/computed/${name}/expr`, sources, report);
    if (ast) computed[name] = { ...value, ast };
  }
  flow.computed = computed;
  const resolved = new Map<ExprCondition, ExprCondition>();
  for (const { condition, pointer } of conditions) {
    const ast = parsed(condition.expr, `${pointer}/expr`, sources, report);
    if (ast) resolved.set(condition, { expr: condition.expr, ast, uses: closure(ast, computed) });
  }
  if (resolved.size === 0) return;
  // New condition objects: the authoring data (which the checks read by pointer) stays as written.
  const swap = (c: Condition): Condition => {
    if ('expr' in c) return resolved.get(c) ?? c;
    if ('not' in c) return { not: swap(c.not) };
    if ('all' in c) return { all: c.all.map(swap) };
    if ('any' in c) return { any: c.any.map(swap) };
    return c;
  };
  flow.steps = flow.steps.map((step) => {
    const next = {
      ...step.next,
      branches: step.next.branches.map((b) => ({ ...b, when: swap(b.when) })),
    };
    if (step.kind === 'choice') return { ...step, next };
    const fields = step.fields.map((f) => (f.when ? { ...f, when: swap(f.when) } : f));
    return { ...step, next, fields };
  });
}

/**
 * The steps whose answers some `{expr}` condition reads, directly or through computed values:
 * a path explorer tries each of their options, since a score can change a later branch even
 * where the step itself has one way on.
 */
export function stepsReadByConditions(flow: ResolvedFlow): Set<string> {
  const names = new Set<string>();
  for (const site of flowConditions(flow.steps))
    for (const { condition } of exprConditions(site.condition, site.pointer))
      for (const ast of [condition.ast, ...Object.values(condition.uses ?? {}).map((u) => u.ast)])
        for (const node of ast ? exprNodes(ast) : []) if (node.k === 'name') names.add(node.name);
  if (names.size === 0) return new Set();
  return new Set(
    flow.steps.filter((s) => answerKeysOf(s).some((k) => names.has(k))).map((s) => s.id),
  );
}
