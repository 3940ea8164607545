/**
 * The studio's texts: a new flow's template is a flow the engine accepts as it stands (so a
 * marketer starts from something publishable), and the versions page's diff shows each change
 * with a few lines around it and the long unchanged stretches cut.
 */
import { describe, expect, it } from 'vitest';
import { loadFlowFromText } from '@/engine';
import { newFlowTemplate } from '@/site/admin/studio/new-flow-template';
import { sourceDiff } from '@/site/admin/studio/source-diff';
import { VARS } from '@/tests/unit/engine/load-repo-flows';

describe('a new flow', () => {
  it('starts from a template the engine loads without a single diagnostic', () => {
    const text = newFlowTemplate('webinarSignup', 'Webinar sign-up');
    const { flow, diagnostics } = loadFlowFromText({
      file: 'webinarSignup.json',
      text,
      vars: VARS,
    });
    expect(diagnostics).toEqual([]);
    expect(flow).toMatchObject({ id: 'webinarSignup', title: 'Webinar sign-up', version: 1 });
    expect(flow!.submissions.map((s) => s.formKey)).toEqual(['webinarSignup']);
  });
});

describe('the diff between two versions', () => {
  const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`);

  it('shows a change with three lines of context and cuts the rest', () => {
    const before = lines(20);
    const after = [...before];
    after[9] = 'line ten, reworded';
    const diff = sourceDiff(`${before.join('\n')}\n`, `${after.join('\n')}\n`);
    expect(diff.map((l) => [l.kind, l.text])).toEqual([
      ['skipped', '…'],
      ['same', 'line 7'],
      ['same', 'line 8'],
      ['same', 'line 9'],
      ['removed', 'line 10'],
      ['added', 'line ten, reworded'],
      ['same', 'line 11'],
      ['same', 'line 12'],
      ['same', 'line 13'],
      ['skipped', '…'],
    ]);
    expect(diff.find((l) => l.kind === 'removed')).toMatchObject({ before: 10 });
    expect(diff.find((l) => l.kind === 'added')).toMatchObject({ after: 10 });
  });

  it('has no lines for identical texts', () => {
    const text = `${lines(3).join('\n')}\n`;
    expect(sourceDiff(text, text)).toEqual([]);
  });
});
