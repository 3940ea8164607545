/**
 * What a computed value is for given answers: the documented rules for unknown values, and two
 * property tests against straightforward reference computations written independently of the
 * engine: random expressions (printed with the fewest parentheses, so precedence is exercised)
 * over random answers, and the scoring flow's score on random visits.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeValues,
  evaluateExpression,
  parseExpression,
  resolveFlow,
  type ComputedResult,
} from '@/engine';
import type { RawFlow } from '@/engine';
import { loadFlow } from './support/computed-flow';

const value = (text: string, answers: Record<string, unknown> = {}): ComputedResult => {
  const parsed = parseExpression(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return evaluateExpression(parsed.expr, { answers });
};

describe('computed values: unknown answers', () => {
  it('follows the documented rules', () => {
    expect(value('x + 1')).toBeNull();
    expect(value('-x')).toBeNull();
    expect(value("x == 'a'")).toBe(false);
    expect(value("x != 'a'")).toBe(true);
    expect(value('x < 1 or x >= 1')).toBe(false);
    expect(value("if x == 'a' then 1 else 2")).toBe(2);
    expect(value("default(x, 'none')")).toBe('none');
    expect(value("default(x, 'none')", { x: 'given' })).toBe('given');
    expect(value('1 / 0')).toBeNull();
    expect(value("x == 'b'", { x: ['a', 'b'] })).toBe(true);
    expect(value('x == 1', { x: '   ' })).toBe(false);
  });

  it('binds as documented: * before +, comparisons before and, and before or', () => {
    expect(value('1 + 2 * 3')).toBe(7);
    expect(value('10 - 4 - 3')).toBe(3);
    expect(value('8 / 4 / 2')).toBe(1);
    expect(value('1 < 2 and 2 < 1 or true')).toBe(true);
    expect(value('not 1 > 2')).toBe(true);
    expect(value('1 + if true then 1 else 0 + 5')).toBe(2);
  });
});

/* ---- Random expressions against a reference evaluation ------------------------------------ */

type Num =
  | { lit: number }
  | { points: 'c1' | 'c2' }
  | { op: '+' | '-' | '*' | '/'; a: Num; b: Num }
  | { neg: Num }
  | { if: Bool; then: Num; else: Num };
type Bool =
  | { is: 'c1'; text: string }
  | { has: 'c2'; text: string }
  | { cmp: '<' | '<=' | '>' | '>=' | '==' | '!='; a: Num; b: Num }
  | { and: [Bool, Bool] }
  | { or: [Bool, Bool] }
  | { not: Bool }
  | { unset: 'c1' };

const C1 = ['A', 'B', 'C'];
const C2 = ['X', 'Y', 'Z'];
const POINTS = { c1: { A: 3, B: 0, C: -2 }, c2: { X: 1, Y: 4, Z: 0 } };

const { num } = fc.letrec<{ num: Num; bool: Bool }>((tie) => ({
  num: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({ lit: fc.integer({ min: 0, max: 9 }) }),
    fc.record({ points: fc.constantFrom('c1' as const, 'c2' as const) }),
    fc.record({
      op: fc.constantFrom('+', '-', '*', '/'),
      a: tie('num'),
      b: tie('num'),
    }) as fc.Arbitrary<Num>,
    fc.record({ neg: tie('num') }),
    fc.record({ if: tie('bool'), then: tie('num'), else: tie('num') }),
  ),
  bool: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({ is: fc.constant('c1' as const), text: fc.constantFrom(...C1, 'D') }),
    fc.record({ has: fc.constant('c2' as const), text: fc.constantFrom(...C2) }),
    fc.record({
      cmp: fc.constantFrom('<', '<=', '>', '>=', '==', '!='),
      a: tie('num'),
      b: tie('num'),
    }) as fc.Arbitrary<Bool>,
    fc.record({ and: fc.tuple(tie('bool'), tie('bool')) }),
    fc.record({ or: fc.tuple(tie('bool'), tie('bool')) }),
    fc.record({ not: tie('bool') }),
    fc.record({ unset: fc.constant('c1' as const) }),
  ),
}));

// Binding strength as the README states it; a child binding less than its place needs ( ).
const LEVEL = { or: 0, and: 1, not: 2, cmp: 3, '+': 4, '-': 4, '*': 5, '/': 5, neg: 6, atom: 7 };
const wrap = (text: string, level: number, needed: number) => (level < needed ? `(${text})` : text);

function printNum(e: Num, needed = 0): string {
  if ('lit' in e) return String(e.lit);
  if ('points' in e) return `points(${e.points})`;
  if ('neg' in e) return wrap(`-${printNum(e.neg, LEVEL.neg)}`, LEVEL.neg, needed);
  if ('if' in e) return `(if ${printBool(e.if)} then ${printNum(e.then)} else ${printNum(e.else)})`;
  const level = LEVEL[e.op];
  return wrap(`${printNum(e.a, level)} ${e.op} ${printNum(e.b, level + 1)}`, level, needed);
}

function printBool(e: Bool, needed = 0): string {
  if ('is' in e) return `${e.is} == "${e.text}"`;
  if ('has' in e) return wrap(`${e.has} == '${e.text}'`, LEVEL.cmp, needed);
  if ('unset' in e) return wrap(`default(${e.unset}, "-") == "-"`, LEVEL.cmp, needed);
  if ('cmp' in e)
    return wrap(
      `${printNum(e.a, LEVEL.cmp + 1)} ${e.cmp} ${printNum(e.b, LEVEL.cmp + 1)}`,
      LEVEL.cmp,
      needed,
    );
  if ('not' in e) return wrap(`not ${printBool(e.not, LEVEL.not)}`, LEVEL.not, needed);
  const [op, [a, b]] = 'and' in e ? (['and', e.and] as const) : (['or', e.or] as const);
  return wrap(`${printBool(a, LEVEL[op])} ${op} ${printBool(b, LEVEL[op] + 1)}`, LEVEL[op], needed);
}

interface Visit {
  c1?: string;
  c2?: string[];
}

/** The reference: unknown is undefined; arithmetic on it unknown, comparisons with it false. */
function refNum(e: Num, v: Visit): number | undefined {
  if ('lit' in e) return e.lit;
  if ('points' in e) {
    if (e.points === 'c1') return v.c1 === undefined ? 0 : POINTS.c1[v.c1 as 'A'];
    let sum = 0;
    for (const x of v.c2 ?? []) sum += POINTS.c2[x as 'X'];
    return sum;
  }
  if ('neg' in e) {
    const x = refNum(e.neg, v);
    return x === undefined ? undefined : -x;
  }
  if ('if' in e) return refBool(e.if, v) ? refNum(e.then, v) : refNum(e.else, v);
  const a = refNum(e.a, v);
  const b = refNum(e.b, v);
  if (a === undefined || b === undefined) return undefined;
  if (e.op === '/' && b === 0) return undefined;
  const r = e.op === '+' ? a + b : e.op === '-' ? a - b : e.op === '*' ? a * b : a / b;
  return Number.isFinite(r) ? r : undefined;
}

function refBool(e: Bool, v: Visit): boolean {
  if ('is' in e) return v.c1 === e.text;
  if ('has' in e) return (v.c2 ?? []).includes(e.text);
  if ('unset' in e) return v.c1 === undefined;
  if ('not' in e) return !refBool(e.not, v);
  if ('and' in e) return refBool(e.and[0], v) && refBool(e.and[1], v);
  if ('or' in e) return refBool(e.or[0], v) || refBool(e.or[1], v);
  const a = refNum(e.a, v);
  const b = refNum(e.b, v);
  if (a === undefined || b === undefined) return e.cmp === '!=';
  return { '<': a < b, '<=': a <= b, '>': a > b, '>=': a >= b, '==': a === b, '!=': a !== b }[
    e.cmp
  ];
}

const visits = fc.record(
  {
    c1: fc.constantFrom(...C1),
    c2: fc.subarray(C2, { minLength: 1 }),
  },
  { requiredKeys: [] },
);

/** A flow whose computed value `v` is `expr`, resolved (its checks are not the subject here). */
function flowComputing(expr: string) {
  const data = {
    id: 'p',
    version: 1,
    title: 'p',
    start: 'c1',
    steps: [
      { id: 'c1', kind: 'choice', question: 'c1', options: C1, required: false, next: 'c2' },
      { id: 'c2', kind: 'choice', question: 'c2', options: C2, multiple: true, next: 'done' },
    ],
    endings: [{ id: 'done', kind: 'screen', submits: false }],
    submissions: [],
    computed: { v: { expr, points: POINTS }, b: { expr: 'band(v)', bands: { low: -5, high: 5 } } },
  } as unknown as RawFlow;
  return resolveFlow(data, {}, 'p.json');
}

describe('computed values: against a reference evaluation', () => {
  it('evaluates random expressions on random answers as the reference does', () => {
    fc.assert(
      fc.property(num, visits, (expr, visit) => {
        const text = printNum(expr);
        const { flow, diagnostics } = flowComputing(text);
        expect(diagnostics, text).toEqual([]);
        const got = computeValues(flow, visit);
        const want = refNum(expr, visit);
        expect(got.v, text).toBe(want === undefined ? null : want);
        const band = want === undefined || want < -5 ? null : want >= 5 ? 'high' : 'low';
        expect(got.b, text).toBe(band);
      }),
      { numRuns: 400, seed: 36 },
    );
  });

  it("computes the scoring flow's score on random visits", () => {
    const flow = loadFlow();
    const table = {
      capital: { 'No Capital': 0, 'Under 50k': 10, 'Over 50k': 25 },
      revenue: { 'under-100k': 0, '100k-1m': 15, 'over-1m': 30 },
      industries: { Retail: 5, Tech: 10, Health: 15 },
    };
    const visit = fc.record({
      phase: fc.constantFrom('Start-up', 'Established'),
      capital: fc.constantFrom(...Object.keys(table.capital)),
      revenue: fc.constantFrom(...Object.keys(table.revenue)),
      industries: fc.subarray(Object.keys(table.industries), { minLength: 1 }),
    });
    fc.assert(
      fc.property(visit, ({ phase, capital, revenue, industries }) => {
        // An established business is never asked its capital.
        const answers =
          phase === 'Start-up'
            ? { phase, capital, revenue, industries }
            : { phase, revenue, industries };
        let score = phase === 'Established' ? 10 : table.capital[capital as 'Under 50k'];
        score += table.revenue[revenue as 'over-1m'];
        for (const i of industries) score += table.industries[i as 'Tech'];
        const band = score >= 60 ? 'ready' : score >= 30 ? 'close' : 'early';
        expect(computeValues(flow, answers)).toEqual({ score, band });
      }),
      { numRuns: 200, seed: 36 },
    );
  });
});
