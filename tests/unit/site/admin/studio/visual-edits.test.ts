/**
 * The visual editor's edits of the flow text: each result loads with the engine's check and no
 * error, does what a marketer asked, and leaves the rest of the text byte for byte as it was.
 */
import { findNodeAtLocation, parseTree, type JSONPath } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { isErrorDiagnostic, type ResolvedFlow } from '@/engine/client';
import * as stepEdits from '@/site/admin/studio/visual-edits';
import * as itemEdits from '@/site/admin/studio/visual-item-edits';
import * as ruleEdits from '@/site/admin/studio/visual-rule-edits';
import * as textEdits from '@/site/admin/studio/visual-text';
import { askedOnEverySubmittingPath, conditionOf, testsOf } from '@/site/admin/studio/visual-logic';
import { checkClient, client } from './support/client-flow';

const edits = { ...stepEdits, ...itemEdits, ...ruleEdits, ...textEdits };

/** The flow the text loads as; fails the test on any error of the engine's check. */
function loads(text: string): ResolvedFlow {
  const { flow, diagnostics } = checkClient(text);
  expect(diagnostics.filter(isErrorDiagnostic).map((d) => `${d.pointer}: ${d.message}`)).toEqual(
    [],
  );
  return flow!;
}

/** The bytes of the value at `path` in `text`. */
function bytes(text: string, path: JSONPath): string {
  const node = findNodeAtLocation(parseTree(text)!, path)!;
  return text.slice(node.offset, node.offset + node.length);
}

/** Every step but those listed, the endings and the header keep their exact bytes. */
function untouched(before: string, after: string, changedSteps: string[], submissions = false) {
  const ids = (t: string) => edits.readFlow(t)!.steps.map((s) => s.id);
  ids(before).forEach((id, i) => {
    if (changedSteps.includes(id)) return;
    expect(after).toContain(bytes(before, ['steps', i]));
  });
  expect(bytes(after, ['endings'])).toBe(bytes(before, ['endings']));
  if (!submissions) expect(bytes(after, ['submissions'])).toBe(bytes(before, ['submissions']));
  const head = before.slice(0, before.indexOf('"steps"'));
  expect(after.startsWith(head)).toBe(true);
}

const stepAt = (text: string, id: string) =>
  edits.readFlow(text)!.steps.findIndex((s) => s.id === id);

describe('visual edits of the flow text', () => {
  it('the repository flow loads before any edit', () => {
    loads(client);
  });

  it('sets a question and help text, and removes empty help', () => {
    const phase = stepAt(client, 'phase');
    const worded = edits.setStepText(client, phase, 'question', 'Where is your business now?');
    const helped = edits.setStepText(worded, phase, 'leadIn', 'Pick the closest.');
    const flow = loads(helped);
    expect(flow.steps[0]).toMatchObject({
      question: 'Where is your business now?',
      leadIn: 'Pick the closest.',
    });
    untouched(client, helped, ['phase']);
    expect(edits.setStepText(helped, phase, 'leadIn', '')).toBe(worded);
  });

  it('renames a plain option: the label changes, the HubSpot value stays', () => {
    const phase = stepAt(client, 'phase');
    const text = edits.setOptionLabel(client, phase, 1, 'Planning an exit');
    const flow = loads(text);
    const step = flow.steps.find((s) => s.id === 'phase');
    expect(step?.kind === 'choice' && step.options[1]).toEqual({
      label: 'Planning an exit',
      value: 'Seeking Exit',
    });
    untouched(client, text, ['phase']);
    // Renamed again, the value is still the first one.
    const again = edits.setOptionLabel(text, phase, 1, 'Selling the business');
    expect(edits.readFlow(again)!.steps[phase]!.options).toContainEqual({
      label: 'Selling the business',
      value: 'Seeking Exit',
    });
    // Changing the value is a separate, deliberate edit.
    const revalued = edits.setOptionValue(again, phase, 1, 'Exit');
    expect(edits.readFlow(revalued)!.steps[phase]!.options).toContainEqual({
      label: 'Selling the business',
      value: 'Exit',
    });
  });

  it('adds, duplicates, moves and deletes options', () => {
    const phase = stepAt(client, 'phase');
    let text = edits.addOption(client, phase, 'Franchise');
    text = edits.duplicateOption(text, phase, 0);
    text = edits.moveOption(text, phase, 7, -1);
    const options = edits.readFlow(text)!.steps[phase]!.options;
    expect(options).toEqual([
      'Start-up',
      'Start-up (copy)',
      'Seeking Exit',
      'In-Revenue',
      'Acquisition',
      'M&A',
      'Franchise',
      'IPO & ICO',
    ]);
    loads(text);
    text = edits.deleteOption(text, phase, 1);
    expect(edits.readFlow(text)!.steps[phase]!.options).toHaveLength(7);
    untouched(client, text, ['phase']);
  });

  it('inserts a step on one branch, its id made from its question', () => {
    const capital = stepAt(client, 'capital');
    const text = edits.insertStepAfter(client, capital, 'When did you start trading?', 'choice');
    const flow = loads(text);
    const added = flow.steps[capital + 1]!;
    expect(added).toMatchObject({
      id: 'whenDidYouStart',
      question: 'When did you start trading?',
      next: { otherwise: 'industry' },
    });
    expect(flow.steps.find((s) => s.id === 'capital')!.next.otherwise).toBe('whenDidYouStart');
    untouched(client, text, ['capital']);
    // The same question again gets an id of its own.
    const twice = edits.insertStepAfter(text, capital, 'When did you start trading?', 'fields');
    expect(edits.readFlow(twice)!.steps[capital + 1]!.id).toBe('whenDidYouStart2');
    loads(twice);
    expect(edits.idFrom('3 things: “ok”?', new Set())).toBe('step3ThingsOk');
  });

  it('duplicates, moves and changes the kind of a step', () => {
    const service = stepAt(client, 'service');
    const industry = stepAt(client, 'industry');
    let text = edits.setStepKind(client, industry, 'fields');
    const flow = loads(
      edits.setHubSpotField(text, { formKey: 'question', answer: 'industry', whenNotAsked: false }),
    );
    expect(flow.steps[industry]).toMatchObject({
      kind: 'fields',
      fields: [{ name: 'industryAnswer', type: 'text', label: 'What is your industry?' }],
    });
    untouched(client, text, ['industry']);
    text = edits.moveStep(client, service, -1);
    expect(
      edits
        .readFlow(text)!
        .steps.map((s) => s.id)
        .slice(3, 5),
    ).toEqual(['service', 'industry']);
    loads(text);
    text = edits.duplicateStep(client, service);
    expect(edits.readFlow(text)!.steps[service + 1]!.id).toBe('whatServiceBestSuits');
    loads(text);
    untouched(client, text, ['service']);
  });

  it('asks a step later or earlier in visitor order, only where no other path changes', () => {
    const raw = edits.readFlow(client)!;
    const [industry, service, revenue] = ['industry', 'service', 'revenue'].map((id) =>
      stepAt(client, id),
    );
    // Industry leads to service, its only way in; two steps lead to industry, and phase branches.
    expect(edits.laterPlace(raw, industry!)).toBe(service);
    expect(edits.earlierPlace(raw, service!)).toBe(industry);
    expect(edits.earlierPlace(raw, industry!)).toBeUndefined();
    expect(edits.laterPlace(raw, stepAt(client, 'phase'))).toBeUndefined();
    expect(edits.askEarlier(client, industry!)).toBe(client);

    const later = edits.askLater(client, industry!);
    expect(edits.askEarlier(client, service!)).toBe(later);
    loads(later);
    const next = (id: string) => edits.readFlow(later)!.steps.find((s) => s.id === id)!.next;
    // Revenue and capital's "otherwise" now reach service, service industry, industry contact.
    expect(next('revenue')).toBe('service');
    expect(next('capital')).toMatchObject({ otherwise: 'service' });
    expect(next('service')).toBe('industry');
    expect(next('industry')).toBe('contact');
    // The file follows the visitors, and nothing else changes.
    expect(
      edits
        .readFlow(later)!
        .steps.map((s) => s.id)
        .slice(revenue, service! + 1),
    ).toEqual(['revenue', 'capital', 'service', 'industry']);
    untouched(client, later, ['revenue', 'capital', 'industry', 'service']);
    // And back again (the moved step's JSON is written anew, so compare what it says).
    const back = edits.askEarlier(later, stepAt(later, 'industry'));
    expect(JSON.parse(back)).toEqual(JSON.parse(client));
  });

  it('sets a field’s type, label and required flag, and adds and deletes fields', () => {
    const contact = stepAt(client, 'contact');
    let text = edits.addField(client, contact, 'Company website');
    text = edits.setFieldType(text, contact, 0, 'url');
    text = edits.setFieldRequired(text, contact, 0, false);
    text = edits.setFieldLabel(text, contact, 0, 'Your website');
    const flow = loads(text);
    expect(flow.steps[contact]).toMatchObject({
      fields: expect.arrayContaining([
        { name: 'companyWebsite', type: 'url', label: 'Your website', required: false },
      ]) as unknown,
    });
    untouched(client, text, ['contact']);
    const select = edits.setFieldType(text, contact, 0, 'select');
    expect(edits.readFlow(select)!.steps[contact]!.fields![0]).toMatchObject({
      type: 'select',
      options: ['Yes', 'No'],
    });
    loads(select);
    expect(edits.deleteField(text, contact, 0)).toBe(client);
  });

  it('adds a rule with an AND group, sets the otherwise, and removes rules', () => {
    const ready = stepAt(client, 'ready');
    const rule = {
      join: 'all' as const,
      tests: [
        { answer: 'ready', op: 'is' as const, values: ['No, Book Consultation First'] },
        { answer: 'phase', op: 'isNot' as const, values: ['Start-up'] },
      ],
    };
    let text = edits.setBranch(client, ready, 1, { when: conditionOf(rule), to: 'checkout' });
    let flow = loads(text);
    expect(flow.steps[ready]!.next.branches[1]).toEqual({
      when: {
        all: [
          { answer: 'ready', equals: 'No, Book Consultation First' },
          { not: { answer: 'phase', equals: 'Start-up' } },
        ],
      },
      to: 'checkout',
    });
    expect(testsOf(flow.steps[ready]!.next.branches[1]!.when)).toEqual(rule);
    untouched(client, text, ['ready']);
    text = edits.setBranch(text, ready, 1, { when: conditionOf(rule), to: 'bookConsult' });
    text = edits.setOtherwise(text, ready, 'checkout');
    expect(loads(text).steps[ready]!.next.otherwise).toBe('checkout');
    const revenue = stepAt(client, 'revenue');
    expect(
      edits.readFlow(edits.setOtherwise(client, revenue, 'service'))!.steps[revenue]!.next,
    ).toBe('service');
    // A plain next becomes the otherwise of a first rule.
    const industry = stepAt(client, 'industry');
    text = edits.setBranch(client, industry, 0, {
      when: { answer: 'industry', oneOf: ['Fintech'] },
      to: 'service',
    });
    flow = loads(text);
    expect(flow.steps[industry]!.next).toEqual({
      branches: [{ when: { answer: 'industry', oneOf: ['Fintech'] }, to: 'service' }],
      otherwise: 'service',
    });
    // Its last rule removed, the step goes where its otherwise went.
    expect(edits.removeBranch(text, industry, 0)).toContain('"next": "service"');
    loads(edits.removeBranch(text, industry, 0));
  });

  it('lists what points to a step, and deletes it rerouting those visitors', () => {
    const revenue = stepAt(client, 'revenue');
    expect(edits.referencesTo(edits.readFlow(client)!, revenue)).toEqual([
      {
        pointer: '/steps/0/next/otherwise',
        what: '“What phase is your business in?” goes there otherwise',
        kind: 'route',
      },
      {
        pointer: '/submissions/0/fields/1',
        what: 'HubSpot form “question” receives its answer as what_was_company_gross_revenue_last_year',
        kind: 'answer',
      },
    ]);
    const text = edits.deleteStep(client, revenue, 'industry');
    const flow = loads(text);
    expect(flow.steps.map((s) => s.id)).not.toContain('revenue');
    expect(flow.steps[0]!.next.otherwise).toBe('industry');
    expect(flow.submissions[0]!.fields.map((f) => f.name)).not.toContain(
      'what_was_company_gross_revenue_last_year',
    );
    untouched(client, text, ['phase', 'revenue'], true);
    // A step whose rule read the deleted answer loses that rule, and goes where it went otherwise.
    const capital = stepAt(client, 'capital');
    const ready = stepAt(client, 'ready');
    const reading = edits.setBranch(client, ready, 1, {
      when: { answer: 'capital', equals: 'No Capital' },
      to: 'bookConsult',
    });
    expect(edits.referencesTo(edits.readFlow(reading)!, capital).map((r) => r.what)).toContain(
      'A rule of “Are you ready to buy this service?” reads its answer',
    );
    const after = loads(edits.deleteStep(reading, capital, 'noCapital'));
    expect(after.steps[0]!.next.branches[0]!.to).toBe('noCapital');
    expect(after.steps.find((s) => s.id === 'ready')!.next).toEqual({
      branches: [{ when: { answer: 'ready', equals: 'Yes Go to Checkout' }, to: 'checkout' }],
      otherwise: 'bookConsult',
    });
  });

  it('deleting the first step moves the start', () => {
    const text = edits.deleteStep(client, 0, 'revenue');
    expect(edits.readFlow(text)!.start).toBe('revenue');
    expect(text).toContain('"start": "revenue"');
  });

  it('sends an answer to a HubSpot field, with whenNotAsked only off some paths', () => {
    const capital = stepAt(client, 'capital');
    const inserted = edits.insertStepAfter(
      client,
      capital,
      'When did you start trading?',
      'choice',
    );
    const flow = loads(inserted);
    expect(askedOnEverySubmittingPath(flow, 'whenDidYouStart')).toBe(false);
    expect(askedOnEverySubmittingPath(flow, 'phase')).toBe(true);
    expect(askedOnEverySubmittingPath(flow, 'email')).toBe(true);
    // A field asked only when its condition holds is, for the engine's check, not asked either.
    const contact = stepAt(client, 'contact');
    const conditional = edits.set(
      edits.addField(client, contact, 'Company website'),
      ['steps', contact, 'fields', 0, 'when'],
      { answer: 'phase', equals: 'Start-up' },
    );
    expect(askedOnEverySubmittingPath(loads(conditional), 'companyWebsite')).toBe(false);
    const unconditional = edits.addField(client, contact, 'Company website');
    expect(askedOnEverySubmittingPath(loads(unconditional), 'companyWebsite')).toBe(true);
    const sentAlways = edits.setHubSpotField(conditional, {
      formKey: 'question',
      answer: 'companyWebsite',
      field: { name: 'website', objectTypeId: '0-2' },
      whenNotAsked: false,
    });
    expect(
      checkClient(sentAlways)
        .diagnostics.filter(isErrorDiagnostic)
        .map((d) => d.code),
    ).toContain('submission.asked-on-condition');
    const text = edits.setHubSpotField(inserted, {
      formKey: 'question',
      answer: 'whenDidYouStart',
      field: { name: 'trading_since', objectTypeId: '0-2' },
      whenNotAsked: true,
    });
    const sent = loads(text).submissions[0]!.fields.find((f) => f.name === 'trading_since');
    expect(sent).toEqual({
      name: 'trading_since',
      objectTypeId: '0-2',
      value: { answer: 'whenDidYouStart', whenNotAsked: '' },
    });
    // Without whenNotAsked the engine's check refuses it: the decision matters.
    const without = edits.setHubSpotField(inserted, {
      formKey: 'question',
      answer: 'whenDidYouStart',
      field: { name: 'trading_since', objectTypeId: '0-2' },
      whenNotAsked: false,
    });
    const { diagnostics } = checkClient(without);
    expect(diagnostics.filter(isErrorDiagnostic)).not.toEqual([]);
    // Another field chosen for the same answer replaces it; none removes it.
    const moved = edits.setHubSpotField(text, {
      formKey: 'question',
      answer: 'whenDidYouStart',
      field: { name: 'started', objectTypeId: '0-1' },
      whenNotAsked: true,
    });
    expect(
      loads(moved).submissions[0]!.fields.filter(
        (f) => 'answer' in f.value && f.value.answer === 'whenDidYouStart',
      ),
    ).toEqual([
      {
        name: 'started',
        objectTypeId: '0-1',
        value: { answer: 'whenDidYouStart', whenNotAsked: '' },
      },
    ]);
    expect(
      edits.setHubSpotField(moved, {
        formKey: 'question',
        answer: 'whenDidYouStart',
        whenNotAsked: true,
      }),
    ).toBe(inserted);
  });

  it('leaves a text that does not parse as it is', () => {
    expect(edits.setStepText('{"steps": [', 0, 'question', 'x')).toBe('{"steps": [');
  });
});
