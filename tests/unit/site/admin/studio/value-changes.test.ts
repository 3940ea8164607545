/**
 * The studio's warning on a plain option whose text changed since the published version (its
 * value, what HubSpot receives, changes with it), placed on that option in the text, and its
 * quick fix: the option rewritten as `{"label": <new text>, "value": <old text>}`, so the text
 * still parses, the engine still loads it, and HubSpot keeps receiving the old value.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadFlowFromText, loadOptionLists, type ResolvedFlow } from '@/engine';
import { changeSummary } from '@/site/admin/studio/change-summary';
import { applyEdit } from '@/site/admin/studio/problems-list';
import { quickFixOf, quickFixes } from '@/site/admin/studio/quick-fix';
import { valueChangeDiagnostics } from '@/site/admin/studio/value-changes';
import { FLOWS_DIR, VARS } from '@/tests/unit/engine/load-repo-flows';

const { optionLists } = loadOptionLists(FLOWS_DIR);
const published = readFileSync(path.join(FLOWS_DIR, 'client.json'), 'utf8');

function load(text: string): ResolvedFlow {
  const { flow, diagnostics } = loadFlowFromText({
    file: 'client.json',
    text,
    optionLists,
    vars: VARS,
  });
  if (!flow) throw new Error(JSON.stringify(diagnostics));
  return flow;
}

const phaseOptions = (text: string) =>
  (JSON.parse(text) as { steps: { id: string; options: unknown[] }[] }).steps.find(
    (s) => s.id === 'phase',
  )!.options;

describe('a plain option reworded in the studio', () => {
  const before = load(published);

  function warned(text: string) {
    const diagnostics = valueChangeDiagnostics('client', text, changeSummary(before, load(text)));
    return { diagnostics, fixes: quickFixes(text, diagnostics) };
  }

  it('is a warning on the option, whose quick fix keeps the old value', () => {
    const text = published.replace('"In-Revenue"', '"In revenue"');
    const { diagnostics, fixes } = warned(text);
    expect(diagnostics).toEqual([
      expect.objectContaining({
        file: 'client.json',
        pointer: '/steps/0/options/2',
        severity: 'warning',
        message: 'HubSpot will receive "In revenue" instead of "In-Revenue"',
        where: 'step "phase" › option "In revenue"',
        line: text.slice(0, text.indexOf('"In revenue"')).split('\n').length,
      }),
    ]);
    const fix = fixes.get(diagnostics[0]!)!;
    expect(fix.title).toBe('Keep the value “In-Revenue”');
    const fixed = applyEdit(text, fix);
    expect(phaseOptions(fixed)[2]).toEqual({ label: 'In revenue', value: 'In-Revenue' });
    // Fixed, the text loads, visitors read the new text and HubSpot gets the old value.
    const summary = changeSummary(before, load(fixed));
    expect(summary.options[0]?.relabelled).toEqual([
      { value: 'In-Revenue', from: 'In-Revenue', to: 'In revenue' },
    ]);
    expect(summary.warnings).toEqual([]);
    expect(valueChangeDiagnostics('client', fixed, summary)).toEqual([]);
  });

  it('fixes an option written as a label without a value the same way', () => {
    const text = published.replace('"In-Revenue"', '{ "label": "In revenue" }');
    const { diagnostics, fixes } = warned(text);
    const fixed = applyEdit(text, fixes.get(diagnostics[0]!)!);
    expect(phaseOptions(fixed)[2]).toEqual({ label: 'In revenue', value: 'In-Revenue' });
  });

  it('offers no fix once the text has moved on (the editor finds the fix again on apply)', () => {
    const text = published.replace('"In-Revenue"', '"In revenue"');
    const [diagnostic] = warned(text).diagnostics;
    const valued = text.replace('"In revenue"', '{ "label": "In revenue", "value": "rev" }');
    expect(quickFixOf(diagnostic!, valued)).toBeUndefined();
    expect(quickFixOf(diagnostic!, text)).toBeDefined();
  });

  it('says the value changes, not HubSpot, for an answer no submission sends', () => {
    const data = JSON.parse(published.replace('"In-Revenue"', '"In revenue"')) as {
      submissions: { fields: { name: string }[] }[];
    };
    const question = data.submissions[0]!;
    question.fields = question.fields.filter((f) => f.name !== 'what_phase_is_your_business_in');
    const oldData = JSON.parse(published) as typeof data;
    oldData.submissions[0]!.fields = question.fields;
    const text = JSON.stringify(data, null, 2);
    const summary = changeSummary(load(JSON.stringify(oldData)), load(text));
    expect(summary.warnings).toEqual([]);
    expect(valueChangeDiagnostics('client', text, summary)).toEqual([
      expect.objectContaining({
        message: 'The answer\'s value changes from "In-Revenue" to "In revenue"',
        keepValue: 'In-Revenue',
      }),
    ]);
  });
});
