/**
 * Where computed values act for a visitor and a tester: the compiled machine routes on them,
 * HubSpot receives them like answers, and the path listing reaches the branches they open.
 */
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  buildSubmissions,
  compileFlow,
  computeValues,
  coveringPaths,
  validateAnswers,
  type Answers,
} from '@/engine';
import { loadFlow } from './support/computed-flow';

const flow = loadFlow();

/** Where the machine is after answering each step in turn. */
function route(...values: Answers[]): string {
  const actor = createActor(compileFlow(flow)).start();
  for (const v of values) actor.send({ type: 'ANSWER', values: v });
  return String(actor.getSnapshot().value);
}

const contact = { full_name: 'Alex Sample', email: 'alex@example.com', phone: '5551234567' };

describe('computed values: where they act', () => {
  it('routes a low score to the early ending and a higher one to the contact step', () => {
    // 0 + 0 + 5 = 5: early.
    expect(
      route(
        { phase: 'Start-up' },
        { capital: 'No Capital' },
        { revenue: 'under-100k' },
        { industries: ['Retail'] },
      ),
    ).toBe('early');
    // 25 + 15 + 5 = 45: close.
    expect(
      route(
        { phase: 'Start-up' },
        { capital: 'Over 50k' },
        { revenue: '100k-1m' },
        { industries: ['Retail'] },
      ),
    ).toBe('contact');
  });

  it('sends the score and band to HubSpot, a multiple choice scoring each chosen option', () => {
    const answers = {
      phase: 'Established',
      revenue: 'over-1m',
      industries: ['Tech', 'Health'],
      ...contact,
    };
    const valid = validateAnswers(flow, answers);
    expect(valid.ok).toBe(true);
    if (!valid.ok) return;
    const [sent] = buildSubmissions(flow, valid, {
      submittedAt: 1,
      pageUri: 'https://x.test/',
      pageName: 'x',
    });
    // 10 (established) + 30 + 10 + 15 = 65: ready. capital, never asked, scores 0.
    expect(sent!.body.fields).toEqual([
      { objectTypeId: '0-1', name: 'email', value: 'alex@example.com' },
      { objectTypeId: '0-1', name: 'readiness_score', value: '65' },
      { objectTypeId: '0-1', name: 'readiness_band', value: 'ready' },
    ]);
  });

  it('lists a path to every transition, including the one only a higher score takes', () => {
    const paths = coveringPaths(flow);
    expect(new Set(paths.map((p) => p.ending))).toEqual(new Set(['early', 'thanks']));
    const toThanks = paths.find((p) => p.ending === 'thanks')!;
    expect(computeValues(flow, toThanks.answers).band).not.toBe('early');
    expect(toThanks.submissions[0]!.fields.map((f) => f.name)).toContain('readiness_band');
  });
});
