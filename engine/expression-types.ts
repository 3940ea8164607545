import { guessName } from './did-you-mean';
import type { Expr } from './expression';
import type { ComputedValue, DiagnosticCode, NameFix } from './types';

/*
 * The static reading of an expression: its type (a number with the range it can take, a text
 * with the values it can be, a list of choices, a yes/no), found without any answer. It finds
 * unknown names, type errors, a comparison with a text the value can never be, a table a
 * function needs and lacks, and a division whose divisor can be zero. A divisor is safe when its
 * range excludes 0, or when an enclosing `if`/`and` has tested it (`if d != 0 then n / d else 0`).
 */

export type ExprType =
  | { t: 'number'; lo: number; hi: number }
  | { t: 'text'; values?: string[] }
  | { t: 'list'; values?: string[] }
  | { t: 'boolean' }
  /** Already reported (or unknowable): compatible with everything, so one mistake is one diagnostic. */
  | { t: 'any' };

export const ANY: ExprType = { t: 'any' };
const BOOLEAN: ExprType = { t: 'boolean' };
const number = (lo: number, hi: number): ExprType =>
  Number.isNaN(lo) || Number.isNaN(hi)
    ? { t: 'number', lo: -Infinity, hi: Infinity }
    : { t: 'number', lo, hi };

/** A type in words, for messages. */
export function typeWords(type: ExprType): string {
  return {
    number: 'a number',
    text: 'a text',
    list: 'a list of choices',
    boolean: 'a yes/no',
    any: 'anything',
  }[type.t];
}

/** A problem found in an expression, at an offset of its text. */
export interface ExprProblem {
  code: DiagnosticCode;
  message: string;
  hint: string;
  at: number;
  args: Record<string, string | string[]>;
  fix?: NameFix;
}

/** What the reading needs from the flow. */
export interface TypeEnvironment {
  /** The type of an answer, hidden value or computed value by name; undefined: unknown name. */
  typeOf(name: string): ExprType | undefined;
  /** What a name is (for `points`): only answers with options score points. */
  optionsOf(name: string): { values: string[]; multiple: boolean } | undefined;
  /** Every name an expression may read, for "Did you mean …?". */
  names(): Iterable<string>;
}

const COMPARE = new Set(['<', '<=', '>', '>=']);
const ARITHMETIC = new Set(['+', '-', '*', '/']);

/** 0 op c, for the literal c of a comparison: whether a zero would pass it. */
function zeroPasses(op: string, c: number, zeroOnLeft: boolean): boolean {
  const [a, b] = zeroOnLeft ? [0, c] : [c, 0];
  return op === '<'
    ? a < b
    : op === '<='
      ? a <= b
      : op === '>'
        ? a > b
        : op === '>='
          ? a >= b
          : op === '=='
            ? a === b
            : a !== b;
}

/**
 * Reads `text` (parsed as `expr`) with the tables of `own` (a computed value's `points` and
 * `bands`; none for a condition's expression): its type and every problem, in text order.
 */
export function readExpression(
  text: string,
  expr: Expr,
  env: TypeEnvironment,
  own?: ComputedValue,
): { type: ExprType; problems: ExprProblem[] } {
  const problems: ExprProblem[] = [];
  const key = (e: Expr) => text.slice(e.at, e.to).replace(/\s+/g, '');
  const source = (e: Expr) => text.slice(e.at, e.to);
  /** The text with `e` replaced: a quick fix is the whole expression, corrected. */
  const replaced = (e: Expr, by: string): NameFix => ({
    replace: text,
    with: text.slice(0, e.at) + by + text.slice(e.to),
  });
  const typeError = (at: number, message: string, hint: string, args: Record<string, string>) =>
    problems.push({ code: 'computed.type', message, hint, at, args });

  /** The divisors known not to be zero where the condition `c` is `truth`. */
  const facts = (c: Expr, truth: boolean): string[] => {
    if (c.k === 'not') return facts(c.arg, !truth);
    if (c.k !== 'bin') return [];
    if (c.op === 'and') return truth ? [...facts(c.left, true), ...facts(c.right, true)] : [];
    if (c.op === 'or') return truth ? [] : [...facts(c.left, false), ...facts(c.right, false)];
    if (!COMPARE.has(c.op) && c.op !== '==' && c.op !== '!=') return [];
    const literal = c.right.k === 'num' ? c.right : c.left.k === 'num' ? c.left : undefined;
    if (!literal) return [];
    const other = literal === c.right ? c.left : c.right;
    // Where a zero would make the comparison come out otherwise, the divisor is not zero.
    return zeroPasses(c.op, literal.v, literal === c.left) === truth ? [] : [key(other)];
  };

  const join = (a: ExprType, b: ExprType, at: number, what: string): ExprType => {
    if (a.t === 'any') return b;
    if (b.t === 'any') return a;
    if (a.t === 'number' && b.t === 'number')
      return number(Math.min(a.lo, b.lo), Math.max(a.hi, b.hi));
    if ((a.t === 'text' && b.t === 'text') || (a.t === 'list' && b.t === 'list'))
      return {
        t: a.t,
        ...(a.values && b.values && { values: [...new Set([...a.values, ...b.values])] }),
      };
    if (a.t === b.t) return a;
    typeError(
      at,
      `${what} gives ${typeWords(a)} one way and ${typeWords(b)} the other`,
      'Make both give the same kind of value',
      {
        left: typeWords(a),
        right: typeWords(b),
      },
    );
    return ANY;
  };

  const expect = (e: Expr, type: ExprType, wanted: ExprType['t'], role: string): boolean => {
    if (type.t === wanted || type.t === 'any') return true;
    typeError(
      e.at,
      `${role} must be ${typeWords({ t: wanted } as ExprType)}, but ${source(e)} is ${typeWords(type)}`,
      hintFor(wanted),
      {
        value: source(e),
        expected: typeWords({ t: wanted } as ExprType),
        found: typeWords(type),
      },
    );
    return false;
  };

  /** A text literal compared with a value of known texts that it can never be. */
  const neverEqual = (values: string[] | undefined, literal: Expr, other: Expr) => {
    if (!values || literal.k !== 'text' || values.includes(literal.v)) return;
    const guess = guessName(literal.v, values);
    problems.push({
      code: 'computed.not-an-option',
      message: `${source(other)} is never "${literal.v}"`,
      hint: `${guess.hint}It is one of: ${values.join(', ')}`,
      at: literal.at,
      args: { value: literal.v, name: source(other), allowed: values },
      ...(guess.fix && {
        fix: replaced(literal, `${text[literal.at]}${guess.fix.with}${text[literal.at]}`),
      }),
    });
  };

  const read = (e: Expr, safe: Set<string>): ExprType => {
    switch (e.k) {
      case 'num':
        return number(e.v, e.v);
      case 'text':
        return { t: 'text', values: [e.v] };
      case 'bool':
        return BOOLEAN;
      case 'name': {
        const type = env.typeOf(e.name);
        if (type) return type;
        const guess = guessName(e.name, env.names());
        problems.push({
          code: 'computed.unknown-name',
          message: `"${e.name}" is no answer, hidden value or computed value of this flow`,
          hint: `${guess.hint}Names: ${[...env.names()].join(', ')}`,
          at: e.at,
          args: { name: e.name, ...(guess.fix && { suggestion: guess.fix.with }) },
          ...(guess.fix && { fix: replaced(e, guess.fix.with) }),
        });
        return ANY;
      }
      case 'neg': {
        const type = read(e.arg, safe);
        if (!expect(e.arg, type, 'number', 'What "-" negates') || type.t !== 'number') return ANY;
        return number(-type.hi, -type.lo);
      }
      case 'not':
        expect(e.arg, read(e.arg, safe), 'boolean', 'What "not" reads');
        return BOOLEAN;
      case 'if': {
        expect(e.cond, read(e.cond, safe), 'boolean', 'The condition of "if"');
        const then = read(e.then, new Set([...safe, ...facts(e.cond, true)]));
        const otherwise = read(e.else, new Set([...safe, ...facts(e.cond, false)]));
        return join(then, otherwise, e.else.at, '"if"');
      }
      case 'call':
        return call(e, safe);
      case 'bin':
        return binary(e, safe);
    }
  };

  const call = (e: Extract<Expr, { k: 'call' }>, safe: Set<string>): ExprType => {
    const [first, second] = e.args as [Expr, Expr | undefined];
    if (e.fn === 'default') {
      const value = read(first, safe);
      return join(value, read(second!, safe), second!.at, 'default(…)');
    }
    if (e.fn === 'band') {
      const type = read(first, safe);
      expect(first, type, 'number', 'What band(…) reads');
      const labels = Object.keys(own?.bands ?? {});
      if (labels.length === 0) {
        problems.push({
          code: 'computed.no-table',
          message: 'band(…) reads the "bands" of its computed value, and there are none',
          hint: 'Add "bands": {"label": lowest number, …} beside "expr"',
          at: e.at,
          args: { table: 'bands', name: source(first) },
        });
        return { t: 'text' };
      }
      return { t: 'text', values: labels };
    }
    // points(name): the parser lets only a name through.
    const name = (first as Extract<Expr, { k: 'name' }>).name;
    read(first, safe);
    if (env.typeOf(name) === undefined) return ANY;
    const options = env.optionsOf(name);
    if (!options) {
      typeError(
        first.at,
        `points(…) scores an answer with options, and "${name}" has none`,
        'Use a choice, a select or a multi-select',
        {
          value: name,
          expected: 'an answer with options',
          found: typeWords(env.typeOf(name)!),
        },
      );
      return ANY;
    }
    const table = own?.points?.[name];
    if (!table) {
      problems.push({
        code: 'computed.no-table',
        message: `points(${name}) needs the points of each option of "${name}", and there are none`,
        hint: `Add "points": {"${name}": {"${options.values[0] ?? 'option'}": 10, …}} beside "expr"`,
        at: e.at,
        args: { table: 'points', name },
      });
      return ANY;
    }
    const scores = Object.values(table);
    // Unknown, an option not listed and (multiple) no choice all score 0.
    if (options.multiple) {
      const sum = (f: (n: number) => boolean) => scores.filter(f).reduce((a, b) => a + b, 0);
      return number(
        sum((n) => n < 0),
        sum((n) => n > 0),
      );
    }
    return number(Math.min(0, ...scores), Math.max(0, ...scores));
  };

  const binary = (e: Extract<Expr, { k: 'bin' }>, safe: Set<string>): ExprType => {
    const op = e.op;
    const left = read(e.left, safe);
    if (op === 'and' || op === 'or') {
      expect(e.left, left, 'boolean', `What "${op}" joins`);
      const inner = facts(e.left, op === 'and');
      expect(e.right, read(e.right, new Set([...safe, ...inner])), 'boolean', `What "${op}" joins`);
      return BOOLEAN;
    }
    const right = read(e.right, safe);
    if (op === '==' || op === '!=') {
      const kinds = new Set([left.t, right.t]);
      const fits = kinds.has('any') || kinds.size === 1 || (kinds.has('list') && kinds.has('text'));
      if (!fits) {
        typeError(
          e.opAt,
          `"${op}" compares ${typeWords(left)} with ${typeWords(right)}`,
          'Compare values of the same kind',
          {
            left: typeWords(left),
            right: typeWords(right),
          },
        );
      } else {
        if ('values' in left) neverEqual(left.values, e.right, e.left);
        if ('values' in right) neverEqual(right.values, e.left, e.right);
      }
      return BOOLEAN;
    }
    const a = expect(e.left, left, 'number', `Each side of "${op}"`);
    const b = expect(e.right, right, 'number', `Each side of "${op}"`);
    if (COMPARE.has(op)) return BOOLEAN;
    if (op === '/' && b && right.t === 'number') divisor(e.right, right, safe);
    if (!ARITHMETIC.has(op) || !a || !b || left.t !== 'number' || right.t !== 'number') return ANY;
    if (op === '+') return number(left.lo + right.lo, left.hi + right.hi);
    if (op === '-') return number(left.lo - right.hi, left.hi - right.lo);
    const products = [
      left.lo * right.lo,
      left.lo * right.hi,
      left.hi * right.lo,
      left.hi * right.hi,
    ];
    if (op === '*') return number(Math.min(...products), Math.max(...products));
    return number(-Infinity, Infinity);
  };

  const divisor = (e: Expr, range: Extract<ExprType, { t: 'number' }>, safe: Set<string>) => {
    if (range.lo > 0 || range.hi < 0 || safe.has(key(e))) return;
    const words =
      range.lo === range.hi ? 'is 0' : `can be 0 (it ranges from ${range.lo} to ${range.hi})`;
    problems.push({
      code: 'computed.divide-by-zero',
      message: `This divides by ${source(e)}, which ${words}`,
      hint: `Test it first: if ${source(e)} != 0 then … / ${source(e)} else …`,
      at: e.at,
      args: { divisor: source(e), from: String(range.lo), to: String(range.hi) },
    });
  };

  const type = read(expr, new Set());
  return { type, problems: problems.sort((a, b) => a.at - b.at) };
}

function hintFor(wanted: ExprType['t']): string {
  if (wanted === 'number') return 'Use a number, a number field, points(…) or arithmetic';
  if (wanted === 'boolean') return 'Use a comparison (==, <, …) or and, or, not';
  return 'Use a value of that kind';
}
