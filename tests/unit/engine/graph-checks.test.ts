import { describe, expect, it } from 'vitest';
import { loadFlowFromData } from '@/engine';
import { followUpFlow } from './support/follow-up-flow';
import { VARS } from './load-repo-flows';

const load = (data: Record<string, unknown>) =>
  loadFlowFromData({ file: 'quiz.json', data, vars: VARS });

describe('load-time checks on a flow with 2^k paths', () => {
  it('check a 200-question quiz (401 steps) without listing its paths', () => {
    const started = process.cpuUsage();
    const { flow, diagnostics } = load(followUpFlow(200));
    const cpu = process.cpuUsage(started);
    expect(diagnostics).toEqual([]);
    expect(flow?.steps).toHaveLength(401);
    // Generous: the benchmark measures the real figure; listing 2^200 paths would never end.
    expect((cpu.user + cpu.system) / 1000).toBeLessThan(5000);
  });

  it('still name a path that skips an answer a submission sends, among 2^30 paths', () => {
    const data = followUpFlow(30) as { submissions: { fields: unknown[] }[] };
    data.submissions[0]!.fields.push({
      name: 'follow_up',
      objectTypeId: '0-1',
      value: { answer: 'a29' },
    });
    const { diagnostics } = load(data);
    const path = Array.from({ length: 30 }, (_, i) => `q${i}`).join(' → ');
    expect(diagnostics.map((d) => [d.pointer, d.message])).toEqual([
      [
        '/submissions/0/fields/3/value/answer',
        `Form "quiz" sends answer "a29", but the path ${path} → contact → done never asks it`,
      ],
    ]);
  });

  it('find a step with no way out when its branches read an answer the visitor may skip', () => {
    const data = followUpFlow(20) as { steps: Record<string, unknown>[] };
    // The contact step branches on follow-up a3 alone: a visitor who answered q3 with "B" never
    // saw a3, so no branch holds for them.
    const contact = data.steps.find((s) => s.id === 'contact')!;
    contact.next = {
      branches: [
        { when: { answer: 'a3', equals: 'Yes' }, to: 'done' },
        { when: { answer: 'a3', equals: 'No' }, to: 'done' },
      ],
    };
    const { diagnostics } = load(data);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]!.message).toMatch(/^Step "contact" has no way out for the answer /);
  });

  it('find a step with no way out when its branches read one of its fields that may be hidden', () => {
    const data = followUpFlow(3) as { steps: Record<string, unknown>[] };
    const contact = data.steps.find((s) => s.id === 'contact')!;
    // "budget" is shown only to visitors who answered q1 with "B"; the others see no field,
    // so neither branch holds for them.
    contact.fields = [
      {
        name: 'budget',
        type: 'select',
        label: 'Budget',
        options: ['Small', 'Large'],
        when: { answer: 'q1', equals: 'B' },
      },
    ];
    contact.next = {
      branches: [
        { when: { answer: 'budget', equals: 'Small' }, to: 'done' },
        { when: { answer: 'budget', equals: 'Large' }, to: 'done' },
      ],
    };
    expect(load(data).diagnostics.map((d) => d.message)).toEqual([
      expect.stringMatching(/^Step "contact" has no way out for the answer /),
    ]);
  });

  it('accept the same branches once every visitor has answered that follow-up', () => {
    const data = followUpFlow(20) as { steps: Record<string, unknown>[] };
    const contact = data.steps.find((s) => s.id === 'contact')!;
    contact.next = {
      branches: [
        { when: { answer: 'q3', equals: 'A' }, to: 'done' },
        { when: { answer: 'q3', oneOf: ['B', 'C'] }, to: 'done' },
      ],
    };
    expect(load(data).diagnostics).toEqual([]);
  });
});
