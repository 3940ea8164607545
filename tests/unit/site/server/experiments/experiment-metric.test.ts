/**
 * The value an A/B test averages per variant: a computed value of the flow, worked out from the
 * lead's answers with the version it answered (the pre-qualification example's readiness score),
 * else a numeric answer or hidden value by key.
 */
import { describe, expect, it } from 'vitest';
import { metricOf } from '@/site/server/experiments/experiment-report';
import { repoFlows } from '@/tests/unit/engine/load-repo-flows';

const prequal = repoFlows().flows.clientPrequal!;

describe('the value an A/B test averages', () => {
  it('works out a computed value from the lead’s answers', () => {
    const answers = { amount: '250000', years: 'Over 5 years', credit: '740-plus' };
    expect(metricOf(prequal, answers, {}, 'score')).toBe(100);
    expect(metricOf(prequal, { ...answers, credit: 'under-580' }, {}, 'score')).toBe(55);
    // A text value (the band) is not averaged.
    expect(metricOf(prequal, answers, {}, 'band')).toBeUndefined();
  });

  it('reads a numeric answer, else a hidden value, when the flow computes no such value', () => {
    expect(metricOf(prequal, { amount: '$12,500' }, {}, 'amount')).toBe(12500);
    expect(metricOf(undefined, {}, { budget: '40' }, 'budget')).toBe(40);
    expect(metricOf(prequal, { years: 'Over 5 years' }, {}, 'years')).toBeUndefined();
  });
});
