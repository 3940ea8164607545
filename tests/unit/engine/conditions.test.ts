import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { compileFlow, describeCondition, evaluateCondition, type Condition } from '@/engine';
import { repoFlows } from './load-repo-flows';

describe('conditions', () => {
  const answers = { phase: 'Start-up', topics: ['Grants', 'SBA Lending'], link: '', nda: false };

  it.each<[Condition, boolean]>([
    [{ answer: 'phase', equals: 'Start-up' }, true],
    [{ answer: 'phase', equals: 'start-up' }, false],
    [{ answer: 'phase', oneOf: ['M&A', 'Start-up'] }, true],
    [{ answer: 'topics', equals: 'Grants' }, true],
    [{ answer: 'topics', oneOf: ['Leadership', 'Operations'] }, false],
    [{ answer: 'link', isEmpty: true }, true],
    [{ answer: 'nda', isEmpty: true }, true],
    [{ answer: 'missing', isEmpty: true }, true],
    [{ answer: 'topics', isEmpty: false }, true],
    [{ not: { answer: 'phase', equals: 'Start-up' } }, false],
    [
      {
        all: [
          { answer: 'phase', equals: 'Start-up' },
          { answer: 'link', isEmpty: false },
        ],
      },
      false,
    ],
    [
      {
        any: [
          { answer: 'phase', equals: 'IPO & ICO' },
          { answer: 'topics', equals: 'Grants' },
        ],
      },
      true,
    ],
  ])('%j → %s', (condition, expected) => {
    expect(evaluateCondition(condition, answers)).toBe(expected);
  });

  it('read as text for diagrams', () => {
    expect(
      describeCondition({
        all: [{ answer: 'a', oneOf: ['x', 'y'] }, { not: { answer: 'b', isEmpty: true } }],
      }),
    ).toBe('a in x / y and not (b empty)');
  });
});

describe('BACK on a step with two predecessors', () => {
  it('returns to the step the visitor actually came from', () => {
    const client = repoFlows().flows.client!;
    for (const [phase, via] of [
      ['Start-up', { capital: '$5,000-$50,000' }],
      ['Acquisition', { revenue: '$50,000-$150,000' }],
    ] as const) {
      const actor = createActor(compileFlow(client)).start();
      actor.send({ type: 'ANSWER', values: { phase } });
      actor.send({ type: 'ANSWER', values: via });
      expect(actor.getSnapshot().value).toBe('industry');
      actor.send({ type: 'BACK' });
      expect(actor.getSnapshot().value).toBe(Object.keys(via)[0]);
      expect(actor.getSnapshot().context.history).toEqual(['phase']);
    }
  });
});
