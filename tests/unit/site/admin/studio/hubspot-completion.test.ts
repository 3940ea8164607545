/**
 * Completing a submission field's `name` in the editor offers the fields of the HubSpot form its
 * form key sends to (schema-completion.ts), each with its label and type, leaving out the names
 * the submission sends already; anywhere else, and for a form key HubSpot has no definition of,
 * completion is the schema's as before. `|` marks the cursor.
 */
import { describe, expect, it } from 'vitest';
import type { HubSpotForms } from '@/engine';
import flowSchema from '@/schemas/flow.schema.json';
import { completeAt, completionEdit } from '@/site/admin/studio/schema-completion';

const forms: HubSpotForms = {
  question: {
    formKey: 'question',
    formId: 'guid-question',
    name: 'Client questionnaire',
    fetchedAt: 0,
    fields: [
      {
        name: 'email',
        label: 'Email',
        fieldType: 'email',
        required: true,
        hidden: false,
        objectTypeId: '0-1',
      },
      {
        name: 'what_phase_is_your_business_in',
        label: 'Phase',
        fieldType: 'radio',
        required: false,
        hidden: false,
        objectTypeId: '0-2',
        options: ['Start-up', 'In-Revenue'],
      },
      {
        name: 'utm_source',
        label: 'utm_source',
        fieldType: 'single_line_text',
        required: false,
        hidden: true,
        objectTypeId: '0-1',
      },
    ],
  },
};

const flow = (formKey: string, second: string) =>
  `{"submissions": [{"formKey": "${formKey}", "fields": [` +
  `{"name": "email", "objectTypeId": "0-1", "value": {"answer": "email"}}, ` +
  `{"name": "${second}", "objectTypeId": "0-1", "value": {"constant": "x"}}]}]}`;

function complete(marked: string, hubspot?: HubSpotForms) {
  const text = marked.replace('|', '');
  const at = marked.indexOf('|');
  const found = completeAt(flowSchema, text, at, hubspot);
  return {
    found,
    labels: found?.options.map((o) => o.label) ?? [],
    choose: (label: string) => {
      const edit = completionEdit(
        found!.options.find((o) => o.label === label)!,
        text,
        at,
      );
      return text.slice(0, edit.from) + edit.insert + text.slice(edit.to);
    },
  };
}

describe('completing a submission field’s name', () => {
  it('offers the form’s fields not sent yet, with label and type, and writes the name', () => {
    const { found, labels, choose } = complete(flow('question', 'wh|'), forms);
    expect(labels).toEqual(['what_phase_is_your_business_in', 'utm_source']);
    expect(found!.options[0]).toMatchObject({
      kind: 'value',
      detail: 'Phase · radio',
      info: 'A field of HubSpot form "Client questionnaire"; its values: Start-up, In-Revenue',
    });
    expect(found!.options[1]!.info).toBe('A field of HubSpot form "Client questionnaire", hidden');
    expect(choose('what_phase_is_your_business_in')).toBe(
      flow('question', 'what_phase_is_your_business_in'),
    );
  });

  it('offers nothing of HubSpot for a form key it has no definition of, nor without definitions', () => {
    expect(complete(flow('other', 'wh|'), forms).found).toBeNull();
    expect(complete(flow('question', 'wh|')).found).toBeNull();
  });

  it('leaves other places to the schema', () => {
    const { labels } = complete(
      '{"submissions": [{"formKey": "question", "fields": [{"|"}]}]}',
      forms,
    );
    expect(labels).toEqual(['name', 'objectTypeId', 'value']);
  });
});
