/**
 * Computed values an ending shows (`{score}`, `{maxLoan|words when unknown}`): the texts are
 * read into parts when the flow loads and filled in from the answers, an amount of a currency
 * number field shown as money and a plain number with en-US grouping; `{{` and `}}` write a
 * brace. The check refuses an unclosed brace, a name that is no computed value ("Did you mean",
 * the corrected text as the quick fix) and a value some path to the ending leaves unknown, each
 * at the line and column of the brace or name in the file as written.
 */
import { describe, expect, it } from 'vitest';
import {
  endingTexts,
  formatShownNumber,
  parseEndingText,
  plainWords,
  type Answers,
  type ResolvedFlow,
  type ResolvedScreenEnding,
} from '@/engine';
import {
  at,
  flowText,
  load,
  loadFlow,
  only,
  placed,
  type ComputedFlowData,
} from './support/computed-flow';

const ending = (flow: ResolvedFlow, id: string) =>
  flow.endings.find((e) => e.id === id) as ResolvedScreenEnding;

type Ending = ComputedFlowData['endings'][number] & { body?: string[] };
const setEnding =
  (id: string, texts: { heading?: string; body?: string[] }) => (data: ComputedFlowData) => {
    Object.assign(data.endings.find((e) => e.id === id) as Ending, texts);
  };

/** The scoring flow asking a loan amount first (a currency number field, optional). */
const withAmount = (data: ComputedFlowData) => {
  data.steps.unshift({
    id: 'loan',
    kind: 'fields',
    question: 'How much would you borrow?',
    fields: [{ name: 'amount', type: 'number', label: 'Amount', required: false, currency: 'USD' }],
    next: 'phase',
  });
  (data as { start: string }).start = 'loan';
  data.computed.maxLoan = { expr: 'amount * 1.5' };
  data.computed.half = { expr: 'amount / 2' };
  data.computed.ratio = { expr: 'amount / (amount + 1)' };
};

describe('ending texts: reading', () => {
  it('reads placeholders, fallbacks and written braces, and says where a brace stays open', () => {
    expect(parseEndingText('Score {score} of 100 {{not a value}} a}b')).toEqual({
      ok: true,
      parts: ['Score ', { name: 'score', at: 6, nameAt: 7, to: 13 }, ' of 100 {not a value} a}b'],
    });
    expect(parseEndingText('Up to { maxLoan |a sum we work out}.')).toMatchObject({
      ok: true,
      parts: ['Up to ', { name: 'maxLoan', fallback: 'a sum we work out', nameAt: 8 }, '.'],
    });
    expect(parseEndingText('Score {score of 100')).toMatchObject({ ok: false, error: { at: 6 } });
    expect(parseEndingText('Score {score {band}')).toMatchObject({ ok: false, error: { at: 6 } });
  });

  it('formats a plain number with grouping and an amount with its currency', () => {
    expect(formatShownNumber(72)).toBe('72');
    expect(formatShownNumber(1234567.891)).toBe('1,234,567.89');
    expect(formatShownNumber(150000, 'USD')).toBe('$150,000');
    expect(formatShownNumber(500.5, 'USD')).toBe('$500.50');
    expect(formatShownNumber(1200, 'EUR')).toBe('€1,200');
  });
});

describe('ending texts: what the visitor reads', () => {
  it('fills in the score and band from the answers, and leaves other endings as written', () => {
    const flow = loadFlow(
      setEnding('early', {
        heading: 'Your score: {score} ({band})',
        body: ['Not ready yet: {{band}} is {band}.'],
      }),
    );
    const answers: Answers = {
      phase: 'Start-up',
      capital: 'Under 50k',
      revenue: '100k-1m',
      industries: ['Retail'],
    };
    expect(endingTexts(ending(flow, 'early'), answers)).toEqual({
      heading: 'Your score: 30 (close)',
      body: ['Not ready yet: {band} is close.'],
    });
    // Only the values the texts read travel with the ending, parsed.
    expect(Object.keys(ending(flow, 'early').shows!.uses).sort()).toEqual(['band', 'score']);
    expect(ending(flow, 'thanks').shows).toBeUndefined();
    expect(endingTexts(ending(flow, 'thanks'), answers)).toEqual({ heading: 'Thanks', body: [] });
  });

  it('shows an amount from a currency field as money, a ratio plainly, and the fallback when unknown', () => {
    const flow = loadFlow((data) => {
      withAmount(data);
      setEnding('thanks', {
        heading: 'You may qualify for up to {maxLoan|an amount we work out together}',
        body: ['Half: {half|?}. Ratio: {ratio|?}.'],
      })(data);
    });
    const thanks = ending(flow, 'thanks');
    expect(endingTexts(thanks, { amount: '100000' })).toEqual({
      heading: 'You may qualify for up to $150,000',
      body: ['Half: $50,000. Ratio: 1.'],
    });
    expect(endingTexts(thanks, { amount: '1001' }).body).toEqual(['Half: $500.50. Ratio: 1.']);
    expect(endingTexts(thanks, {})).toEqual({
      heading: 'You may qualify for up to an amount we work out together',
      body: ['Half: ?. Ratio: ?.'],
    });
  });
});

describe('ending texts: checks', () => {
  it('loads the scoring flow with a value in each ending', () => {
    const change = (data: ComputedFlowData) => {
      setEnding('early', { heading: 'Score {score}' })(data);
      setEnding('thanks', { body: ['Band {band}, {{ and }} written'] })(data);
    };
    expect(load(flowText(change)).diagnostics).toEqual([]);
  });

  it('names an unknown value at its place, guesses the meant one and fixes the whole text', () => {
    const { d, text } = only(
      'ending.unknown-value',
      setEnding('early', { heading: 'Your score: {scroe} of 100' }),
    );
    expect(d.pointer).toBe('/endings/0/heading');
    expect(placed(d)).toEqual(at(text, 'Your score: {scroe}', 'scroe'));
    expect(d.message).toBe('Ending "early" shows "scroe", which is no computed value');
    expect(d.hint).toMatch(/^Did you mean "score"\?/);
    expect(d.fix).toEqual({
      replace: 'Your score: {scroe} of 100',
      with: 'Your score: {score} of 100',
    });
    const fixed = text.replace(JSON.stringify(d.fix!.replace), JSON.stringify(d.fix!.with));
    expect(load(fixed).diagnostics).toEqual([]);
    expect(plainWords(d)).toEqual({
      message: 'The ending "early" shows "scroe", which is no computed value of this flow',
      hint: 'Did you mean "score"?',
    });
  });

  it('places the caret in the text as written, before {brand} is put in', () => {
    const { d, text } = only(
      'ending.unknown-value',
      setEnding('thanks', { body: ['{brand} thanks you: band {bnad}'] }),
    );
    expect(placed(d)).toEqual(at(text, 'band {bnad}', 'bnad'));
    expect(d.fix).toEqual({
      replace: '{brand} thanks you: band {bnad}',
      with: '{brand} thanks you: band {band}',
    });
  });

  it('refuses a brace left open at the brace', () => {
    const { d, text } = only(
      'ending.unclosed-brace',
      setEnding('thanks', { body: ['First', 'Your band is {band. Thanks'] }),
    );
    expect(d.pointer).toBe('/endings/1/body/1');
    expect(placed(d)).toEqual(at(text, 'Your band is {band.', '{band'));
    expect(d.hint).toContain('{score|words shown when it is unknown}');
  });

  it('refuses a value some path to the ending has not asked for, unless it has a fallback', () => {
    const capitalBonus = (data: ComputedFlowData) => {
      data.computed.bonus = { expr: "if capital == 'Over 50k' then 10 else 0" };
    };
    const { d, text } = only('ending.value-not-asked', (data) => {
      capitalBonus(data);
      setEnding('thanks', { body: ['Your bonus: {bonus} points'] })(data);
    });
    expect(d.pointer).toBe('/endings/1/body/0');
    expect(placed(d)).toEqual(at(text, 'Your bonus: {bonus}', 'bonus}'));
    expect(d.message).toBe(
      'Ending "thanks" shows computed value "bonus", which reads answer "capital", but the path phase → revenue → industries → contact → thanks does not ask it before',
    );
    expect(d.args).toMatchObject({ answers: ['capital'] });
    const withFallback = flowText((data) => {
      capitalBonus(data);
      setEnding('thanks', { body: ['Your bonus: {bonus|none} points'] })(data);
    });
    expect(load(withFallback).diagnostics).toEqual([]);
    // Through another value: the score scores capital with points(…), which an unasked answer
    // may be read by (it counts 0), so the score and its band are known on every path.
    expect(load(flowText(setEnding('thanks', { heading: '{score}: {band}' }))).diagnostics).toEqual(
      [],
    );
  });

  it('refuses a value read from a hidden value without a fallback', () => {
    const { d } = only('ending.value-hidden', (data) => {
      (data as Record<string, unknown>).hidden = [{ name: 'campaign', from: 'query' }];
      data.computed.source = { expr: "default(campaign, 'direct')" };
      data.computed.tag = { expr: 'campaign' };
      setEnding('thanks', { body: ['From {source}, {tag}'] })(data);
    });
    expect(d.args).toEqual({ ending: 'thanks', name: 'tag', hidden: 'campaign' });
  });
});
