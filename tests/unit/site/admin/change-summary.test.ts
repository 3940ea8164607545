/**
 * What a publish changes, on the repository's `client` flow with a marketer's edits applied to
 * its JSON and resolved by the engine as the site resolves it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadFlowFromData, loadOptionLists, type ResolvedFlow } from '@/engine';
import { changeSummary } from '@/site/admin/studio/change-summary';
import { FLOWS_DIR, VARS } from '@/tests/unit/engine/load-repo-flows';

interface RawStep {
  id: string;
  options?: unknown[];
  next?: unknown;
}
interface RawFlow {
  steps: RawStep[];
  endings: { id: string }[];
  submissions: { formKey: string; fields: { name: string }[] }[];
}

const { optionLists } = loadOptionLists(FLOWS_DIR);
const raw = (flowId: string) =>
  JSON.parse(readFileSync(path.join(FLOWS_DIR, `${flowId}.json`), 'utf8')) as RawFlow;

function resolve(data: RawFlow): ResolvedFlow {
  const { flow, diagnostics } = loadFlowFromData({
    file: 'client.json',
    data,
    optionLists,
    vars: VARS,
  });
  if (!flow) throw new Error(JSON.stringify(diagnostics));
  return flow;
}

const step = (flow: RawFlow, id: string) => flow.steps.find((s) => s.id === id)!;

/** client without the capital question and its ending, with reworded phases and a renamed field. */
function edited(): RawFlow {
  const flow = raw('client');
  const phase = step(flow, 'phase');
  phase.options = [
    'Pre-seed',
    'Start-up',
    'Seeking Exit',
    'In-Revenue',
    'Acquisition',
    { label: 'Mergers & acquisitions', value: 'M&A' },
  ];
  phase.next = 'revenue';
  flow.steps = flow.steps.filter((s) => s.id !== 'capital');
  flow.endings = flow.endings.filter((e) => e.id !== 'noCapital');
  const question = flow.submissions[0]!;
  question.fields = question.fields
    .filter((f) => !f.name.startsWith('how_much_working_capital'))
    .map((f) => (f.name === 'what_is_your_industry' ? { ...f, name: 'industry' } : f));
  return flow;
}

describe('changeSummary', () => {
  const before = resolve(raw('client'));
  const after = resolve(edited());

  it('finds nothing between a flow and itself', () => {
    expect(changeSummary(before, before)).toEqual({
      steps: { added: [], removed: [] },
      options: [],
      transitions: { added: [], removed: [] },
      endings: { added: [], removed: [] },
      hubspot: [],
      warnings: [],
    });
  });

  it('lists what visitors and HubSpot see change, and warns about fields HubSpot loses', () => {
    const summary = changeSummary(before, after);
    expect(summary.steps).toEqual({ added: [], removed: ['capital'] });
    expect(summary.endings).toEqual({ added: [], removed: ['noCapital'] });
    expect(summary.options).toEqual([
      {
        step: 'phase',
        added: [{ label: 'Pre-seed', value: 'Pre-seed' }],
        removed: [{ label: 'IPO & ICO', value: 'IPO & ICO' }],
        relabelled: [{ value: 'M&A', from: 'M&A', to: 'Mergers & acquisitions' }],
      },
    ]);
    expect(summary.transitions.added).toEqual([]);
    expect(summary.transitions.removed).toEqual([
      { from: 'phase', to: 'capital', when: { answer: 'phase', equals: 'Start-up' } },
      { from: 'capital', to: 'noCapital', when: { answer: 'capital', equals: 'No Capital' } },
      { from: 'capital', to: 'industry' },
    ]);
    expect(summary.hubspot).toEqual([
      {
        formKey: 'question',
        added: ['industry'],
        removed: [
          'how_much_working_capital_do_you_personally_have_to_invest_in_your_business',
          'what_is_your_industry',
        ],
      },
    ]);
    expect(summary.warnings).toEqual([
      'HubSpot field "how_much_working_capital_do_you_personally_have_to_invest_in_your_business" of form key "question" is no longer sent',
      'HubSpot field "what_is_your_industry" of form key "question" is renamed "industry": HubSpot stops receiving "what_is_your_industry"',
    ]);
  });

  it('reads the other way as additions, the field renamed back still a rename to warn about', () => {
    const summary = changeSummary(after, before);
    expect(summary.steps).toEqual({ added: ['capital'], removed: [] });
    expect(summary.endings).toEqual({ added: ['noCapital'], removed: [] });
    expect(summary.transitions.added).toHaveLength(3);
    expect(summary.hubspot[0]?.added).toContain('what_is_your_industry');
    expect(summary.warnings).toEqual([
      'HubSpot field "industry" of form key "question" is renamed "what_is_your_industry": HubSpot stops receiving "industry"',
    ]);
  });

  it('warns when a form key is no longer sent at all', () => {
    const dropped = { ...before, submissions: [] };
    expect(changeSummary(before, dropped).warnings).toEqual([
      'Form key "question" is no longer sent: HubSpot receives none of its fields',
    ]);
  });
});
