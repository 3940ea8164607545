/**
 * The studio's templates (site/admin/studio/flow-templates.ts): every starting point of a new
 * flow is a flow the engine's check accepts as it stands, and every step template, placed in the
 * client questionnaire by the visual editor's add-step edit, leaves a flow the check accepts: its
 * id made from the question and unique, placed after the chosen step on its way, its contact
 * fields sent to HubSpot's contact fields (what HubSpot's form has, and only once).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isErrorDiagnostic, type HubSpotFormDefinition, type RawFlow } from '@/engine/client';
import { checkFlowText } from '@/site/admin/studio/check-flow-text';
import {
  FLOW_TEMPLATES,
  newFlowFromTemplate,
  STEP_TEMPLATES,
} from '@/site/admin/studio/flow-templates';
import { insertTemplateAfter } from '@/site/admin/studio/visual-template-edits';
import { FLOWS_DIR, VARS } from '@/tests/unit/engine/load-repo-flows';
import { checkClient, client } from './support/client-flow';

const allLists = Object.fromEntries(
  readdirSync(join(FLOWS_DIR, 'options')).map((file) => [
    file.replace(/\.json$/, ''),
    JSON.parse(readFileSync(join(FLOWS_DIR, 'options', file), 'utf8')) as unknown,
  ]),
);

const at = (id: string) => (JSON.parse(client) as RawFlow).steps.findIndex((s) => s.id === id);
const errorsOf = (text: string) =>
  checkClient(text)
    .diagnostics.filter(isErrorDiagnostic)
    .map((d) => d.message);

describe('a new flow from a template', () => {
  it.each(FLOW_TEMPLATES.map((t) => [t.id, t] as const))(
    'starting point %s passes the engine check with no diagnostic',
    (_, template) => {
      const text = newFlowFromTemplate(template.id, {
        flowId: 'fresh',
        title: 'Fresh',
        list: 'services',
      });
      const { flow, diagnostics } = checkFlowText({
        flowId: 'fresh',
        text,
        optionLists: allLists,
        vars: VARS,
      });
      expect(diagnostics).toEqual([]);
      expect(flow?.submissions.map((s) => s.formKey)).toEqual(['fresh']);
      const first = flow!.steps.find((s) => s.id === flow!.start)!;
      if (template.needsList)
        expect(first.kind === 'choice' && first.options.map((o) => o.label)).toEqual(
          (allLists.services as { options: string[] }).options,
        );
    },
  );

  it('sends the contact details to HubSpot contact fields, the e-mail required', () => {
    const text = newFlowFromTemplate('yesNoThenContact', { flowId: 'fresh', title: 'Fresh' });
    const flow = JSON.parse(text) as RawFlow;
    expect(flow.submissions[0]!.fields.map((f) => [f.name, f.objectTypeId])).toEqual([
      ['full_name', '0-1'],
      ['email', '0-1'],
      ['phone', '0-1'],
    ]);
    const contact = flow.steps.find((s) => s.id === 'contact')!;
    expect(contact.fields!.find((f) => f.name === 'email')).toMatchObject({ required: true });
    expect(flow.steps[0]!.options).toEqual([
      { label: 'Yes', value: 'yes' },
      { label: 'No', value: 'no' },
    ]);
  });
});

describe('a step from a template in the visual editor', () => {
  const flow = checkClient(client).flow;
  const placements = [
    ['after a step with one way on', 'industry'],
    ['after a step with rules', 'capital'],
  ] as const;

  for (const template of STEP_TEMPLATES)
    for (const [where, after] of placements)
      it(`${template.id}, ${where}: the check accepts the flow`, () => {
        const { text, id } = insertTemplateAfter(client, at(after), {
          template: template.id,
          question: template.question,
          list: 'services',
          hubspotForms: {},
          flow,
        });
        expect(errorsOf(text)).toEqual([]);
        const steps = (JSON.parse(text) as RawFlow).steps;
        // Placed after the chosen step, which now goes to it.
        expect(steps[at(after) + 1]!.id).toBe(id);
        const before = steps[at(after)]!.next;
        expect(typeof before === 'string' ? before : before.otherwise).toBe(id);
      });

  it('makes the id from the question, unique when added twice', () => {
    const choice = {
      template: 'yesNo' as const,
      question: 'Do you export?',
      hubspotForms: {},
      flow,
    };
    const once = insertTemplateAfter(client, at('industry'), choice);
    const twice = insertTemplateAfter(once.text, at('industry'), choice);
    expect([once.id, twice.id]).toEqual(['doYouExport', 'doYouExport2']);
    expect(errorsOf(twice.text)).toEqual([]);
  });

  it('maps contact details to the fields HubSpot’s form has, once each', () => {
    const form: HubSpotFormDefinition = {
      formKey: 'question',
      formId: 'f',
      name: 'Question',
      fetchedAt: 0,
      fields: [
        { name: 'full_name', label: 'Full name', objectTypeId: '0-1', required: false },
        { name: 'email', label: 'Email', objectTypeId: '0-1', required: true },
      ] as HubSpotFormDefinition['fields'],
    };
    const { text, id } = insertTemplateAfter(client, at('capital'), {
      template: 'contactDetails',
      question: 'How can we reach you?',
      hubspotForms: { question: form },
      flow,
    });
    const out = JSON.parse(text) as RawFlow;
    const step = out.steps.find((s) => s.id === id)!;
    // The client flow's contact step asks full_name, email and phone: these are new keys.
    expect(step.fields!.map((f) => [f.name, f.type, f.required])).toEqual([
      ['fullName', 'fullName', undefined],
      ['email2', 'email', true],
      ['phone2', 'phone', false],
    ]);
    const sent = out.submissions[0]!.fields.filter((f) => f.objectTypeId === '0-1');
    // full_name is on HubSpot's form and not sent yet; email is sent already; phone is not on it.
    expect(sent.filter((f) => 'answer' in f.value)).toEqual([
      { name: 'email', objectTypeId: '0-1', value: { answer: 'email' } },
      {
        name: 'full_name',
        objectTypeId: '0-1',
        value: { answer: 'fullName', whenNotAsked: '' },
      },
    ]);
    expect(errorsOf(text)).toEqual([]);
  });
});
