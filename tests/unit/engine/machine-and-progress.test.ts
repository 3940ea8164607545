import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { compileFlow, flowToMermaid, stepLeadIn, stepProgress, submittingState } from '@/engine';
import { repoFlows } from './load-repo-flows';

const { flows } = repoFlows();
const client = flows.client!;
const grants = flows.grants!;

describe('the compiled machine', () => {
  it('follows the branch, goes back, and forgets the abandoned branch', () => {
    const actor = createActor(compileFlow(client)).start();
    actor.send({ type: 'ANSWER', values: { phase: 'Start-up' } });
    expect(actor.getSnapshot().value).toBe('capital');
    actor.send({ type: 'ANSWER', values: { capital: '$5,000-$50,000' } });
    expect(actor.getSnapshot().value).toBe('industry');
    actor.send({ type: 'BACK' });
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().value).toBe('phase');
    actor.send({ type: 'ANSWER', values: { phase: 'M&A' } });
    expect(actor.getSnapshot().value).toBe('revenue');
    expect(actor.getSnapshot().context.answers).toEqual({ phase: 'M&A' });
  });

  it('ends without submitting when there is no capital', () => {
    const actor = createActor(compileFlow(client)).start();
    actor.send({ type: 'ANSWER', values: { phase: 'Start-up' } });
    actor.send({ type: 'ANSWER', values: { capital: 'No Capital' } });
    expect(actor.getSnapshot().value).toBe('noCapital');
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('sends the submissions before a submitting ending, and stays on the step when that fails', async () => {
    let fail = true;
    const machine = compileFlow(flows.newsletter!).provide({
      actors: {
        submitFlow: fromPromise(() =>
          fail ? Promise.reject(new Error('The service is unavailable')) : Promise.resolve('ok'),
        ),
      },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'ANSWER', values: { email: 'a@b.co' } });
    expect(actor.getSnapshot().value).toBe(submittingState('form', 'done'));
    await waitFor(actor, (s) => s.value === 'form');
    expect(actor.getSnapshot().context.error).toBe('The service is unavailable');
    fail = false;
    actor.send({ type: 'ANSWER', values: { email: 'a@b.co' } });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});

describe('progress and wording', () => {
  it('client: "Question n / 5", the ready step unnumbered', () => {
    expect(stepProgress(client, {}, 'phase')).toEqual({ n: 1, total: 5 });
    expect(stepProgress(client, { phase: 'Start-up' }, 'capital')).toEqual({ n: 2, total: 5 });
    expect(stepProgress(client, { phase: 'IPO & ICO' }, 'contact')).toEqual({ n: 5, total: 5 });
    expect(stepProgress(client, {}, 'ready')).toBeNull();
    expect(stepProgress(flows.newsletter!, {}, 'form')).toBeNull();
  });

  it('grants: N counts the questions on the visitor’s own branch', () => {
    expect(stepProgress(grants, { orgType: 'For-profit' }, 'sector')).toEqual({ n: 2, total: 7 });
    expect(stepProgress(grants, { orgType: 'Non-profit' }, 'registered')).toEqual({
      n: 2,
      total: 8,
    });
    expect(stepProgress(grants, { orgType: 'Non-profit' }, 'buy')).toEqual({ n: 8, total: 8 });
  });

  it('the contact step has its own lead-in', () => {
    expect(stepLeadIn(client, 'phase')).toBe(
      'Answer five questions so we can better help you with your business objectives.',
    );
    expect(stepLeadIn(client, 'contact')).toMatch(
      /^Fill out our contact form so one of our accredited/,
    );
  });

  it('draws the flow as a Mermaid state diagram', () => {
    const text = flowToMermaid(client);
    expect(text.startsWith('stateDiagram-v2\n  [*] --> phase\n')).toBe(true);
    expect(text).toContain('  phase --> capital : phase = Start-up\n');
    expect(text).toContain('  phase --> revenue : otherwise\n');
    expect(text).toContain('  noCapital --> [*]\n');
  });
});
