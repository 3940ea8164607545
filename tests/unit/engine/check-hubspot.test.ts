import { describe, expect, it } from 'vitest';
import {
  checkHubSpot,
  formatDiagnostic,
  loadFlowFromText,
  locateInText,
  missingFields,
  type HubSpotFormDefinition,
  type HubSpotFormField,
  type ResolvedFlow,
} from '@/engine';
import { VARS } from './load-repo-flows';

/**
 * A small flow with each kind of value source: a choice that branches (so one path skips a
 * question), a free-text answer asked on one path only, an e-mail, a consent box, a constant and
 * the attribution set.
 */
const flowData = {
  id: 'probe',
  version: 1,
  title: 'Probe',
  progress: { mode: 'none' },
  steps: [
    {
      id: 'size',
      kind: 'choice',
      question: 'How large is your company?',
      options: [
        { label: 'Small', value: 'small' },
        { label: 'Large', value: 'large' },
      ],
      next: {
        branches: [{ when: { answer: 'size', equals: 'small' }, to: 'contact' }],
        otherwise: 'budget',
      },
    },
    {
      id: 'budget',
      kind: 'fields',
      fields: [{ name: 'budget', type: 'text', label: 'Budget', required: true }],
      next: 'contact',
    },
    {
      id: 'areas',
      kind: 'choice',
      question: 'Which areas?',
      multiple: true,
      options: [
        { label: 'Sales', value: 'sales' },
        { label: 'Finance', value: 'finance' },
      ],
      next: 'done',
    },
    {
      id: 'contact',
      kind: 'fields',
      fields: [
        { name: 'email', type: 'email', label: 'Email' },
        { name: 'agree', type: 'consent', label: 'Keep me posted', required: false },
      ],
      next: 'areas',
    },
  ],
  start: 'size',
  endings: [{ id: 'done', kind: 'screen', submits: true, heading: 'Thanks' }],
  hidden: ['utm'],
  submissions: [
    {
      formKey: 'lead',
      fields: [
        { name: 'email', objectTypeId: '0-1', value: { answer: 'email' } },
        { name: 'company_size', objectTypeId: '0-1', value: { answer: 'size' } },
        { name: 'budget', objectTypeId: '0-1', value: { answer: 'budget', whenNotAsked: '' } },
        { name: 'agreed', objectTypeId: '0-1', value: { answer: 'agree' } },
        { name: 'areas', objectTypeId: '0-1', value: { answer: 'areas' } },
        { name: 'source', objectTypeId: '0-1', value: { constant: 'web' } },
        { name: 'utm_source', objectTypeId: '0-1', value: { hidden: 'utm_source' } },
      ],
    },
  ],
};

const text = JSON.stringify(flowData, null, 2);

function load(data: unknown = flowData): { flow: ResolvedFlow; text: string } {
  const source = JSON.stringify(data, null, 2);
  const loaded = loadFlowFromText({ file: 'probe.json', text: source, vars: VARS });
  if (!loaded.flow) throw new Error(loaded.diagnostics.map((d) => formatDiagnostic(d)).join('\n'));
  return { flow: loaded.flow, text: source };
}

const field = (name: string, more: Partial<HubSpotFormField> = {}): HubSpotFormField => ({
  name,
  label: name,
  fieldType: 'single_line_text',
  required: false,
  hidden: false,
  objectTypeId: '0-1',
  ...more,
});

/** The HubSpot form as a marketer set it up to match the flow. */
function matching(): HubSpotFormDefinition {
  return {
    formKey: 'lead',
    formId: 'form-guid',
    name: 'Website leads',
    fetchedAt: 0,
    fields: [
      field('email', { fieldType: 'email', required: true }),
      field('company_size', { fieldType: 'dropdown', options: ['small', 'large'] }),
      field('budget', { fieldType: 'multi_line_text' }),
      field('agreed'),
      field('areas', { fieldType: 'multi_line_text' }),
      field('source'),
      field('utm_source', { hidden: true }),
    ],
  };
}

/** The findings against `form`, placed in the file's text, one line each. */
function check(form: HubSpotFormDefinition, data?: unknown) {
  const { flow, text: source } = load(data);
  return checkHubSpot(flow, { lead: form }, { file: 'probe.json' }).map((d) =>
    locateInText('probe.json', source, d),
  );
}

const without = (form: HubSpotFormDefinition, name: string) => ({
  ...form,
  fields: form.fields.filter((f) => f.name !== name),
});
const changed = (form: HubSpotFormDefinition, name: string, more: Partial<HubSpotFormField>) => ({
  ...form,
  fields: form.fields.map((f) => (f.name === name ? { ...f, ...more } : f)),
});
/** The line (from 1) of the first line holding `needle` after the one holding `after`. */
function lineOf(needle: string, after: string) {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.includes(after));
  return lines.findIndex((l, i) => i > start && l.includes(needle)) + 1;
}

describe('checkHubSpot: what a path sends against HubSpot’s form', () => {
  it('is quiet when the form declares what every path sends, as it sends it', () => {
    expect(check(matching())).toEqual([]);
  });

  it('a field the form lacks: every lead refused, even empty, at the field’s name line', () => {
    const [finding, ...rest] = check(without(matching(), 'budget'));
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({
      severity: 'warning',
      pointer: '/submissions/0/fields/2/name',
      line: lineOf('"name": "budget"', '"submissions"'),
    });
    expect(finding!.message).toContain(
      'HubSpot form "Website leads" (form key "lead") has no field "budget"',
    );
    expect(finding!.message).toContain('even when the value is empty');
    expect(finding!.message).toMatch(/\(path 1: size › [a-z› ]+ › done\)/);
    expect(finding!.hint).toContain('npm run hubspot -- add-fields lead');
    expect(formatDiagnostic(finding!)).toMatch(/^probe\.json:\d+:\d+: warning: /);
  });

  it('a misspelt field gets the form’s own name as a quick fix', () => {
    const form = changed(matching(), 'company_size', { name: 'company_sizes' });
    const [finding] = check(form);
    expect(finding!.fix).toEqual({ replace: 'company_size', with: 'company_sizes' });
  });

  it('a hidden field the form does not declare: the leads of paid campaigns are refused', () => {
    const [finding, ...rest] = check(without(matching(), 'utm_source'));
    expect(rest).toEqual([]);
    expect(finding!.message).toContain('does not declare the hidden field "utm_source"');
    expect(finding!.message).toContain('paid campaigns');
    expect(finding!.hint).toContain('as a hidden field');
  });

  it('a dropdown value HubSpot does not list: names the value, the option, the step and a path', () => {
    const form = changed(matching(), 'company_size', { options: ['small', 'medium'] });
    const [finding, ...rest] = check(form);
    expect(rest).toEqual([]);
    expect(finding!.pointer).toBe('/submissions/0/fields/1/value');
    expect(finding!.message).toContain('HubSpot\'s dropdown "company_size" does not list "large"');
    expect(finding!.message).toContain('option "Large" of step "size"');
    expect(finding!.message).toMatch(/path \d: size › budget/);
    expect(finding!.hint).toContain('"small", "medium"');
  });

  it('a reworded option whose value changed is caught with the value HubSpot lists', () => {
    const data = structuredClone(flowData);
    data.steps[0]!.options![1] = { label: 'Large company', value: 'Large company' };
    const form = changed(matching(), 'company_size', { options: ['small', 'large'] });
    const [finding] = check(form, data);
    expect(finding!.message).toContain('does not list "Large company"');
  });

  it('free text sent to a dropdown, number or date field is a type mismatch', () => {
    for (const fieldType of ['dropdown', 'number', 'datepicker'] as const) {
      const [finding, ...rest] = check(
        changed(matching(), 'budget', { fieldType, options: ['low', 'high'] }),
      );
      expect(rest).toEqual([]);
      expect(finding!.pointer).toBe('/submissions/0/fields/2/value');
      expect(finding!.message).toContain(
        'but it gets free text (the answer to "budget" at step "budget")',
      );
    }
  });

  it('a constant that is not a number, and a consent box’s Yes/No sent to a checkbox', () => {
    const number = check(changed(matching(), 'source', { fieldType: 'number' }));
    expect(number.map((d) => d.message)).toEqual([
      expect.stringContaining('"source" is a number field, but the constant sends "web"'),
    ]);
    const checkbox = check(changed(matching(), 'agreed', { fieldType: 'single_checkbox' }));
    expect(checkbox).toHaveLength(1);
    expect(checkbox[0]!.message).toContain('does not list 2 of the values sent: "Yes", "No"');
  });

  it('several choices sent to HubSpot checkboxes: the separator HubSpot reads is ";"', () => {
    const form = changed(matching(), 'areas', {
      fieldType: 'multiple_checkboxes',
      options: ['sales', 'finance'],
    });
    const findings = check(form);
    expect(findings.map((d) => d.message)).toEqual([
      expect.stringContaining('reads several choices separated by ";"'),
    ]);
  });

  it('a required field: never sent, left empty on a path, or sent only with a visit’s value', () => {
    const never = check({
      ...matching(),
      fields: [...matching().fields, field('phone', { required: true })],
    });
    expect(never.map((d) => [d.pointer, d.message])).toEqual([
      [
        '/submissions/0/fields',
        expect.stringContaining('requires "phone", which this form key never sends'),
      ],
    ]);
    const empty = check(changed(matching(), 'budget', { required: true }));
    expect(empty).toHaveLength(1);
    expect(empty[0]!.message).toMatch(
      /requires "budget", which path \d: size › contact › areas › done leaves empty/,
    );
    const hidden = check(changed(matching(), 'utm_source', { required: true }));
    expect(hidden[0]!.message).toContain(
      'sent only when the visit brought the hidden value "utm_source"',
    );
  });

  it('checks nothing for a form key HubSpot was not asked about', () => {
    const { flow } = load();
    expect(checkHubSpot(flow, {}, { file: 'probe.json' })).toEqual([]);
    expect(
      checkHubSpot(
        flow,
        { other: { ...matching(), formKey: 'other', fields: [] } },
        { file: 'probe.json' },
      ),
    ).toEqual([]);
  });
});

describe('missingFields: what add-fields adds', () => {
  it('the attribution set first, then the others in the flow’s order, labelled by their question', () => {
    const { flow } = load();
    const bare = { formKey: 'lead', fields: [field('email')] };
    expect(missingFields([flow], bare).map((f) => [f.name, f.label])).toEqual([
      ['utm_source', 'utm_source'],
      ['company_size', 'How large is your company?'],
      ['budget', 'Budget'],
      ['agreed', 'Keep me posted'],
      ['areas', 'Which areas?'],
      ['source', 'source'],
    ]);
    expect(missingFields([flow], matching())).toEqual([]);
  });
});
