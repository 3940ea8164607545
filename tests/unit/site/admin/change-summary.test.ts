/**
 * What a publish changes, on the repository's `client` flow with a marketer's edits applied to
 * its JSON and resolved by the engine as the site resolves it: steps, options, branches, endings,
 * HubSpot fields, the wording visitors read, a plain option reworded (a new value for HubSpot)
 * and a form key that stops sending `email`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadFlowFromData, loadOptionLists, type ResolvedFlow } from '@/engine';
import { changeSummary } from '@/site/admin/studio/change-summary';
import { sameContent } from '@/engine/client';
import { FLOWS_DIR, VARS } from '@/tests/unit/engine/load-repo-flows';

interface RawStep {
  id: string;
  question?: string;
  leadIn?: string;
  options?: unknown[];
  fields?: Record<string, unknown>[];
  next?: unknown;
}
interface RawEnding {
  id: string;
  heading?: string;
  body?: string[];
  buttons?: { label: string }[];
}
interface RawFlow {
  title: string;
  heading?: string;
  version: number;
  steps: RawStep[];
  endings: RawEnding[];
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
      wording: [],
      options: [],
      transitions: { added: [], removed: [] },
      endings: { added: [], removed: [] },
      hubspot: [],
      identity: [],
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
        reworded: [],
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

  it('warns when a form key is no longer sent at all, and that HubSpot loses the contact', () => {
    const dropped = { ...before, submissions: [] };
    const summary = changeSummary(before, dropped);
    expect(summary.identity).toEqual(['question']);
    expect(summary.warnings).toEqual([
      'Form key "question" is no longer sent: HubSpot receives none of its fields',
      'Form key "question" no longer sends "email": HubSpot will no longer be able to identify these contacts',
    ]);
  });

  it('names a form key that no longer sends email, and no other', () => {
    const flow = raw('client');
    const question = flow.submissions[0]!;
    question.fields = question.fields.filter((f) => f.name !== 'email');
    const summary = changeSummary(before, resolve(flow));
    expect(summary.identity).toEqual(['question']);
    expect(summary.hubspot).toEqual([{ formKey: 'question', added: [], removed: ['email'] }]);
    expect(summary.warnings).toEqual([
      'HubSpot field "email" of form key "question" is no longer sent',
      'Form key "question" no longer sends "email": HubSpot will no longer be able to identify these contacts',
    ]);
    // Sending it again is no loss.
    expect(changeSummary(resolve(flow), before).identity).toEqual([]);
  });
});

describe('changeSummary: wording', () => {
  /** client with an extra field on its contact step, so a field's texts can change. */
  function withCompany(label: string, placeholder?: string): RawFlow {
    const flow = raw('client');
    step(flow, 'contact').fields = [
      { name: 'company', type: 'text', label, ...(placeholder && { placeholder }) },
    ];
    return flow;
  }

  it('lists each text visitors read that changed, before → after, per place', () => {
    const before = resolve(withCompany('Company', 'Acme Inc.'));
    const flow = withCompany('Company name');
    flow.title = 'Client questionnaire';
    flow.heading = 'Your partner in uncertain times.';
    step(flow, 'phase').question = 'Which phase is your business in?';
    step(flow, 'contact').leadIn = 'One of our advisors will call you.';
    const sorry = flow.endings.find((e) => e.id === 'noCapital')!;
    sorry.body = [sorry.body![0]!, 'Come back when you are ready.', 'Good luck!'];
    sorry.buttons = [{ label: 'Start again', action: 'restart' } as { label: string }];
    const summary = changeSummary(before, resolve(flow));
    const contact = before.steps.find((s) => s.id === 'contact')!;
    expect(summary.wording).toEqual([
      {
        scope: 'flow',
        id: 'client',
        changes: [
          { what: 'title', from: 'Client questionnaire (home page)', to: 'Client questionnaire' },
          { what: 'heading', from: before.heading, to: 'Your partner in uncertain times.' },
        ],
      },
      {
        scope: 'step',
        id: 'phase',
        changes: [
          {
            what: 'question',
            from: 'What phase is your business in?',
            to: 'Which phase is your business in?',
          },
        ],
      },
      {
        scope: 'step',
        id: 'contact',
        changes: [
          { what: 'lead-in', from: contact.leadIn, to: 'One of our advisors will call you.' },
          { what: 'field "company" label', from: 'Company', to: 'Company name' },
          { what: 'field "company" placeholder', from: 'Acme Inc.', to: '' },
        ],
      },
      {
        scope: 'ending',
        id: 'noCapital',
        changes: [
          {
            what: 'paragraph 2',
            from: 'Come back when you are ready: we will be glad to help you grow.',
            to: 'Come back when you are ready.',
          },
          { what: 'paragraph 3', from: '', to: 'Good luck!' },
          { what: 'button 1', from: 'Back to home', to: 'Start again' },
        ],
      },
    ]);
    // Wording is no HubSpot matter, and nothing else changed.
    expect(summary.warnings).toEqual([]);
    expect(summary.options).toEqual([]);
  });
});

describe('changeSummary: a plain option reworded', () => {
  const before = resolve(raw('client'));
  const phaseWith = (option: unknown) => {
    const flow = raw('client');
    step(flow, 'phase').options = step(flow, 'phase').options!.map((o) =>
      o === 'In-Revenue' ? option : o,
    );
    return resolve(flow);
  };

  it('is a new value for HubSpot: warned, with the HubSpot field that receives it', () => {
    for (const option of ['In revenue', { label: 'In revenue' }]) {
      const summary = changeSummary(before, phaseWith(option));
      expect(summary.options).toEqual([
        {
          step: 'phase',
          added: [],
          removed: [],
          relabelled: [],
          reworded: [
            { from: 'In-Revenue', to: 'In revenue', sentAs: ['what_phase_is_your_business_in'] },
          ],
        },
      ]);
      expect(summary.warnings).toEqual([
        'HubSpot will receive "In revenue" instead of "In-Revenue" in "what_phase_is_your_business_in" (step "phase")',
      ]);
    }
  });

  it('keeps its value once written with the old one: relabelled, nothing to warn about', () => {
    const summary = changeSummary(before, phaseWith({ label: 'In revenue', value: 'In-Revenue' }));
    expect(summary.options).toEqual([
      {
        step: 'phase',
        added: [],
        removed: [],
        relabelled: [{ value: 'In-Revenue', from: 'In-Revenue', to: 'In revenue' }],
        reworded: [],
      },
    ]);
    expect(summary.warnings).toEqual([]);
  });

  it('is told apart from an option replaced by one with a value of its own, or by two', () => {
    const valued = changeSummary(before, phaseWith({ label: 'In revenue', value: 'revenue' }));
    expect(valued.options[0]).toMatchObject({
      added: [{ label: 'In revenue', value: 'revenue' }],
      removed: [{ label: 'In-Revenue', value: 'In-Revenue' }],
      reworded: [],
    });
    const flow = raw('client');
    step(flow, 'phase').options = ['Start-up', 'Seeking Exit', 'Growing', 'Profitable'];
    const split = changeSummary(before, resolve(flow));
    expect(split.options[0]).toMatchObject({
      added: [
        { label: 'Growing', value: 'Growing' },
        { label: 'Profitable', value: 'Profitable' },
      ],
      reworded: [],
    });
    expect(split.warnings).toEqual([]);
  });
});

describe('sameContent of two resolved flows', () => {
  /** The same data with every object's keys in the reverse order. */
  const reversed = (data: unknown): unknown =>
    Array.isArray(data)
      ? data.map(reversed)
      : data && typeof data === 'object'
        ? Object.fromEntries(
            Object.entries(data)
              .reverse()
              .map(([k, v]) => [k, reversed(v)]),
          )
        : data;

  it('holds for the same flow under another number, its keys in another order', () => {
    const base = resolve(raw('client'));
    const flow = raw('client');
    expect(sameContent(base, resolve({ ...flow, version: flow.version + 3 }))).toBe(true);
    expect(sameContent(base, resolve(reversed(flow) as RawFlow))).toBe(true);
    flow.title = `${flow.title}.`;
    expect(sameContent(base, resolve(flow))).toBe(false);
  });
});
