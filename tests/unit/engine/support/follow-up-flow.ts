/**
 * A generated flow that grows the way a long qualification quiz does: k questions, each with
 * one optional follow-up (q_i: "A" goes to the follow-up a_i, anything else to q_{i+1}; a_i goes
 * on to q_{i+1}), then a contact step and one submitting ending. It has 2^k paths and 2k + 1
 * steps, so it measures whether a check grows with the graph or with its paths. The benchmark
 * and the scaling tests both use it.
 */
export function followUpFlow(k: number): Record<string, unknown> {
  const question = (i: number) => `q${i}`;
  const next = (i: number) => (i + 1 < k ? question(i + 1) : 'contact');
  const steps: Record<string, unknown>[] = [];
  for (let i = 0; i < k; i++) {
    steps.push({
      id: question(i),
      kind: 'choice',
      question: `Question ${i + 1}?`,
      options: ['A', 'B', 'C'],
      next: {
        branches: [{ when: { answer: question(i), equals: 'A' }, to: `a${i}` }],
        otherwise: next(i),
      },
    });
    steps.push({
      id: `a${i}`,
      kind: 'choice',
      question: `Follow-up ${i + 1}?`,
      options: ['Yes', 'No'],
      next: next(i),
    });
  }
  steps.push({ id: 'contact', kind: 'contact', question: 'How can we reach you?', next: 'done' });
  return {
    id: `followUps${k}`,
    version: 1,
    title: `${k} questions with follow-ups`,
    progress: { mode: 'branch' },
    start: question(0),
    steps,
    endings: [{ id: 'done', kind: 'screen', submits: true, heading: 'Thanks' }],
    submissions: [
      {
        formKey: 'quiz',
        fields: [
          { name: 'email', objectTypeId: '0-1', value: { answer: 'email' } },
          { name: 'first_answer', objectTypeId: '0-1', value: { answer: question(0) } },
          { name: 'transcript', objectTypeId: '0-1', value: { transcript: true } },
        ],
      },
    ],
  };
}
