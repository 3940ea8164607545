/**
 * The static checks of computed values and `{expr}` conditions: each problem a marketer can
 * write is refused at the exact line and column of the name or operator, with a hint, a stable
 * code and, where a name or text was surely meant, the corrected expression as the quick fix.
 */
import { describe, expect, it } from 'vitest';
import { plainWords, type Diagnostic } from '@/engine';
import { at, flowText, load, only, placed, type ComputedFlowData } from './support/computed-flow';

/** The text with the diagnostic's quick fix applied as the studio applies it (whole string). */
const applyFix = (text: string, d: Diagnostic) =>
  text.replace(JSON.stringify(d.fix!.replace), JSON.stringify(d.fix!.with));

const setScore = (expr: string) => (data: ComputedFlowData) => {
  data.computed.score!.expr = expr;
};

describe('computed values: checks', () => {
  it('loads the scoring flow as written', () => {
    expect(load(flowText()).diagnostics).toEqual([]);
  });

  it('points at the token an expression cannot be read at', () => {
    const { d, text } = only('computed.syntax', setScore('points(capital) +* 2'));
    expect(placed(d)).toEqual(at(text, '"expr": "points(capital) +*', '*'));
    expect(d.pointer).toBe('/computed/score/expr');
    expect(d.message).toContain('Expected a value, found "*"');
  });

  it('counts escaped quotes when placing the caret inside the expression', () => {
    const { d, text } = only(
      'computed.unknown-name',
      setScore('points(capital) + (if revenue == "over-1m" then 20 else bonsu)'),
    );
    expect(placed(d)).toEqual(at(text, 'then 20 else bonsu', 'bonsu'));
  });

  it('names an unknown name, guesses the meant one and fixes the whole expression', () => {
    const { d, text } = only('computed.unknown-name', setScore('points(capital) + captial'));
    expect(placed(d)).toEqual(at(text, '+ captial', 'captial'));
    expect(d.hint).toMatch(/^Did you mean "capital"\?/);
    expect(d.fix).toEqual({
      replace: 'points(capital) + captial',
      with: 'points(capital) + capital',
    });
    // The fixed flow gets past the name, then is refused for adding a text to a number.
    const fixed = load(applyFix(text, d)).diagnostics.map((x) => x.code);
    expect(fixed).not.toContain('computed.unknown-name');
    expect(fixed).toContain('computed.type');
    expect(plainWords(d).hint).toBe('Did you mean "capital"?');
  });

  it('guesses misspelt names of a submission and of a points table too', () => {
    const sent = only('computed.unknown-name', (data) => {
      data.submissions[0]!.fields[1]!.value = { computed: 'scroe' };
    });
    expect(sent.d.pointer).toBe('/submissions/0/fields/1/value/computed');
    expect(sent.d.fix).toEqual({ replace: 'scroe', with: 'score' });
    const table = only('computed.not-an-option', (data) => {
      const points = data.computed.score!.points as Record<string, Record<string, number>>;
      points.capital = { 'No Capital': 0, 'Under 5k': 10 };
    });
    expect(table.d.pointer).toBe('/computed/score/points/capital/Under 5k');
    expect(table.d.fix).toEqual({ replace: 'Under 5k', with: 'Under 50k' });
  });

  it('refuses a text the value can never be, with the option meant', () => {
    const { d, text } = only('computed.not-an-option', (data) => {
      data.steps[3]!.next = {
        branches: [{ when: { expr: "band == 'erly'" }, to: 'early' }],
        otherwise: 'contact',
      };
    });
    expect(d.pointer).toBe('/steps/3/next/branches/0/when/expr');
    expect(placed(d)).toEqual(at(text, "band == 'erly'", "'erly'"));
    expect(d.fix).toEqual({ replace: "band == 'erly'", with: "band == 'early'" });
  });

  it('refuses an answer read where some path has not asked it, naming that path', () => {
    const { d, text } = only('computed.not-asked', (data) => {
      data.steps[3]!.next = {
        branches: [{ when: { expr: "capital == 'No Capital'" }, to: 'early' }],
        otherwise: 'contact',
      };
    });
    expect(d.args?.path).toEqual(['phase', 'revenue', 'industries']);
    expect(placed(d)).toEqual(at(text, "capital == 'No Capital'", 'capital'));
    expect(d.hint).toContain('points(…) or default(…, otherwise)');
  });

  it('follows a submitted value through computed values to the answers it needs', () => {
    const { d } = only('computed.not-asked', (data) => {
      data.computed.bonus = { expr: "if capital == 'Over 50k' then 5 else 0" };
      data.submissions[0]!.fields[1]!.value = { computed: 'bonus' };
    });
    expect(d.pointer).toBe('/submissions/0/fields/1/value/computed');
    expect(d.message).toContain('"capital"');
    expect(d.args?.path).toEqual(['phase', 'revenue', 'industries', 'contact', 'thanks']);
  });

  it('accepts the same read once default(…) says what an unasked answer counts as', () => {
    const text = flowText((data) => {
      data.computed.bonus = { expr: "if default(capital, 'none') == 'Over 50k' then 5 else 0" };
      data.submissions[0]!.fields[1]!.value = { computed: 'bonus' };
    });
    expect(load(text).diagnostics).toEqual([]);
  });

  it('reports a cycle between computed values once, where it starts', () => {
    const { d, text } = only(
      'computed.cycle',
      setScore('points(capital) + (if band == "ready" then 1 else 0)'),
    );
    expect(d.args?.names).toEqual(['score', 'band', 'score']);
    expect(d.pointer).toBe('/computed/score/expr');
    expect(placed(d)).toEqual(at(text, '(if band ==', 'band'));
  });

  it('refuses mixing kinds of value, at the offending operand or operator', () => {
    const added = only('computed.type', setScore('points(capital) + phase'));
    expect(placed(added.d)).toEqual(at(added.text, '+ phase', 'phase'));
    expect(added.d.args).toMatchObject({ expected: 'a number', found: 'a text' });
    const compared = only('computed.type', setScore('if phase == 3 then 1 else 0'));
    expect(placed(compared.d)).toEqual(at(compared.text, 'phase == 3', '=='));
    const notYesNo = only('computed.type', (data) => {
      data.steps[3]!.next = {
        branches: [{ when: { expr: 'score' }, to: 'early' }],
        otherwise: 'contact',
      };
    });
    expect(notYesNo.d.message).toContain('gives a number, not a yes/no');
  });

  it('refuses a division by a value that can be zero, unless tested first', () => {
    const { d, text } = only('computed.divide-by-zero', setScore('100 / points(revenue)'));
    expect(placed(d)).toEqual(at(text, '100 / points(revenue)', 'points'));
    expect(d.message).toContain('ranges from 0 to 30');
    for (const safe of [
      'if points(revenue) != 0 then 100 / points(revenue) else 0',
      'if points(revenue) == 0 then 0 else 100 / points(revenue)',
      '100 / (points(revenue) + 1)',
    ])
      expect(load(flowText(setScore(safe))).diagnostics, safe).toEqual([]);
  });

  it('refuses a function without its table, a hidden value in a branch, and a branch with no way out', () => {
    expect(only('computed.no-table', (data) => delete data.computed.band!.bands).d.pointer).toBe(
      '/computed/band/expr',
    );
    const hidden = only('computed.hidden-in-condition', (data) => {
      (data as Record<string, unknown>).hidden = [{ name: 'campaign', from: 'query' }];
      data.steps[3]!.next = {
        branches: [{ when: { expr: "campaign == 'spring'" }, to: 'early' }],
        otherwise: 'contact',
      };
    });
    expect(hidden.d.args).toEqual({ name: 'campaign' });
    const otherwise = only('computed.needs-otherwise', (data) => {
      data.steps[3]!.next = {
        branches: [
          { when: { expr: 'score < 30' }, to: 'early' },
          { when: { expr: 'score >= 30' }, to: 'contact' },
        ],
      };
    });
    expect(otherwise.d.pointer).toBe('/steps/3/next');
  });

  it('refuses a computed value named like an answer', () => {
    const { d } = only('computed.name-taken', (data) => {
      data.computed.phase = { expr: '1' };
    });
    expect(d.pointer).toBe('/computed/phase');
  });
});
