import type { Expr } from './expression';
import type { ComputedValue, ExprCondition, ResolvedComputedValue, ResolvedFlow } from './types';

/**
 * What an expression evaluates to: a number, a text, a yes/no, the values of a multiple choice,
 * or `null`, the unknown value (README "Computed values"):
 * - an answer not given (absent, blank, an empty list), a hidden value the visit did not bring, a
 *   number field's text that is no number, and a division by zero are unknown;
 * - arithmetic, `band` and unary minus on an unknown are unknown; `points` of an unknown is 0;
 *   `default(x, d)` is `d` when `x` is unknown;
 * - a comparison with an unknown side is false (`!=` true: it is `not ==`); `and`, `or`, `not`
 *   and `if` take an unknown (or any non-boolean) as false.
 */
export type ComputedResult = number | string | boolean | string[] | null;

/** What an expression reads: the answers, the visit's hidden values, the computed definitions. */
export interface ExpressionScope {
  answers: Readonly<Record<string, unknown>>;
  hidden?: Readonly<Record<string, string>>;
  computed?: Readonly<Record<string, ResolvedComputedValue>>;
}

function readAnswer(value: unknown, asNumber: boolean): ComputedResult {
  if (typeof value === 'string') {
    if (value.trim() === '') return null;
    if (!asNumber) return value;
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value;
  if (Array.isArray(value)) {
    const list = value.filter((v): v is string => typeof v === 'string');
    return list.length > 0 ? list : null;
  }
  return null;
}

const finite = (n: number): ComputedResult => (Number.isFinite(n) ? n : null);

function equal(a: ComputedResult, b: ComputedResult): boolean {
  if (a === null || b === null) return false;
  // A multiple choice equals a text when one chosen value is it, as in `{answer, equals}`.
  if (Array.isArray(a)) return typeof b === 'string' && a.includes(b);
  if (Array.isArray(b)) return typeof a === 'string' && b.includes(a);
  return a === b;
}

/** The label of the highest band `n` reaches, or unknown below them all. */
function band(n: ComputedResult, bands: Record<string, number> | undefined): ComputedResult {
  if (typeof n !== 'number' || !bands) return null;
  let best: [string, number] | undefined;
  for (const [label, from] of Object.entries(bands))
    if (n >= from && (!best || from > best[1])) best = [label, from];
  return best ? best[0] : null;
}

/** One evaluation over one scope: each computed value is evaluated once. */
class Evaluation {
  private readonly memo = new Map<string, ComputedResult>();
  private readonly busy = new Set<string>();
  constructor(private readonly scope: ExpressionScope) {}

  value(name: string): ComputedResult {
    const known = this.memo.get(name);
    if (known !== undefined) return known;
    const definition = this.scope.computed?.[name];
    // A cycle is refused by the flow check; here it is only kept from looping.
    if (!definition || this.busy.has(name)) return null;
    this.busy.add(name);
    const result = this.evaluate(definition.ast, definition);
    this.busy.delete(name);
    this.memo.set(name, result);
    return result;
  }

  evaluate(e: Expr, own?: ComputedValue): ComputedResult {
    const num = (x: Expr) => {
      const v = this.evaluate(x, own);
      return typeof v === 'number' ? v : null;
    };
    const holds = (x: Expr) => this.evaluate(x, own) === true;
    switch (e.k) {
      case 'num':
      case 'text':
      case 'bool':
        return e.v;
      case 'name':
        return this.read(e.name, e.reads);
      case 'neg': {
        const v = num(e.arg);
        return v === null ? null : finite(-v);
      }
      case 'not':
        return !holds(e.arg);
      case 'if':
        return holds(e.cond) ? this.evaluate(e.then, own) : this.evaluate(e.else, own);
      case 'call': {
        const [first, second] = e.args as [Expr, Expr | undefined];
        if (e.fn === 'default') {
          const v = this.evaluate(first, own);
          return v === null && second ? this.evaluate(second, own) : v;
        }
        if (e.fn === 'band') return band(num(first), own?.bands);
        const table = first.k === 'name' ? own?.points?.[first.name] : undefined;
        const chosen = this.evaluate(first, own);
        if (!table) return null;
        const list = Array.isArray(chosen) ? chosen : chosen === null ? [] : [String(chosen)];
        return list.reduce((sum, v) => sum + (table[v] ?? 0), 0);
      }
      case 'bin': {
        if (e.op === 'and') return holds(e.left) && holds(e.right);
        if (e.op === 'or') return holds(e.left) || holds(e.right);
        if (e.op === '==') return equal(this.evaluate(e.left, own), this.evaluate(e.right, own));
        if (e.op === '!=') return !equal(this.evaluate(e.left, own), this.evaluate(e.right, own));
        const [a, b] = [num(e.left), num(e.right)];
        if (a === null || b === null)
          return e.op.length === 1 && '+-*/'.includes(e.op) ? null : false;
        switch (e.op) {
          case '+':
            return finite(a + b);
          case '-':
            return finite(a - b);
          case '*':
            return finite(a * b);
          case '/':
            return b === 0 ? null : finite(a / b);
          case '<':
            return a < b;
          case '<=':
            return a <= b;
          case '>':
            return a > b;
          case '>=':
            return a >= b;
        }
      }
    }
  }

  private read(name: string, source: Extract<Expr, { k: 'name' }>['reads']): ComputedResult {
    if (source === 'hidden') return readAnswer(this.scope.hidden?.[name], false);
    // Not marked by the resolver (an expression parsed alone): a computed value, else an answer.
    if (source === 'computed' || (source === undefined && this.scope.computed?.[name]))
      return this.value(name);
    return readAnswer(this.scope.answers[name], source === 'number');
  }
}

/**
 * Every computed value of the flow for these answers (and, for submissions, the visit's hidden
 * values), by name.
 *
 * @example computeValues(flow, { capital: 'Under 50k' }) // { score: 10, band: 'early' }
 */
export function computeValues(
  flow: Pick<ResolvedFlow, 'computed'>,
  answers: Readonly<Record<string, unknown>>,
  hidden?: Readonly<Record<string, string>>,
): Record<string, ComputedResult> {
  const run = new Evaluation({ answers, ...(hidden && { hidden }), computed: flow.computed ?? {} });
  return Object.fromEntries(Object.keys(flow.computed ?? {}).map((n) => [n, run.value(n)]));
}

/** One expression's value in a scope (the tables of `own` serve its `points` and `band`). */
export function evaluateExpression(
  expr: Expr,
  scope: ExpressionScope,
  own?: ComputedValue,
): ComputedResult {
  return new Evaluation(scope).evaluate(expr, own);
}

/**
 * Whether an `{expr}` condition holds: its value is `true` (an unknown does not hold). The
 * resolver put the parsed expression and the computed values it reads in the condition, so only
 * the answers are needed; hidden values are never read by a condition (the flow check refuses it).
 */
export function exprConditionHolds(
  condition: ExprCondition,
  answers: Readonly<Record<string, unknown>>,
): boolean {
  if (!condition.ast) return false;
  return evaluateExpression(condition.ast, { answers, computed: condition.uses ?? {} }) === true;
}
