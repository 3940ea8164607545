/**
 * The studio's templates, as data in one place: the common steps a marketer adds from the visual
 * editor ("Add a step from a template": visual-template-edits.ts places one in the flow's text),
 * and the starting points of a new flow (the new-flow form on the flows page), which are built
 * from the same steps. Pure and browser-safe: the server builds a new flow's text with it, the
 * visual editor its steps.
 */
import type { RawField, RawFlow, RawOption, RawStep } from '@/engine/client';

/** A HubSpot field a template's step sends, as the visual editor maps one (visual-rule-edits.ts). */
export interface TemplateSend {
  /** The answer key sent (a field's name). */
  answer: string;
  /** HubSpot's name for it, and its object type (`0-1`: a contact). */
  name: string;
  objectTypeId: string;
}

export type StepTemplateId = 'contactDetails' | 'yesNo' | 'sharedList';

export interface StepTemplate {
  id: StepTemplateId;
  /** What the marketer picks. */
  name: string;
  /** What the step asks until the marketer words it: the step's id is made from it. */
  question: string;
  /** Whether it asks for a shared option list. */
  needsList: boolean;
}

export const STEP_TEMPLATES: readonly StepTemplate[] = [
  {
    id: 'contactDetails',
    name: 'Contact details (name, e-mail, phone)',
    question: 'How can we reach you?',
    needsList: false,
  },
  {
    id: 'yesNo',
    name: 'Yes or no',
    question: 'Is this what you are looking for?',
    needsList: false,
  },
  {
    id: 'sharedList',
    name: 'A choice from a shared list',
    question: 'Which of these fits you best?',
    needsList: true,
  },
];

/**
 * The contact details a template asks, each with the HubSpot contact property it fills (the names
 * the site's forms use: full_name, email, phone). The e-mail is required; the phone is not.
 */
const CONTACT_DETAILS: readonly (RawField & { hubspot: string })[] = [
  { name: 'full_name', type: 'fullName', label: 'Full name', hubspot: 'full_name' },
  { name: 'email', type: 'email', label: 'E-mail address', required: true, hubspot: 'email' },
  { name: 'phone', type: 'phone', label: 'Phone number', required: false, hubspot: 'phone' },
];

const CONTACT_OBJECT = '0-1';

/** Yes and No, their HubSpot values apart from the words visitors read. */
const YES_NO: RawOption[] = [
  { label: 'Yes', value: 'yes' },
  { label: 'No', value: 'no' },
];

export interface TemplateStepInput {
  /** The step's id, made from its question by whoever places it. */
  id: string;
  question: string;
  /** The shared option list's id, for a template that needs one. */
  list?: string;
  /**
   * The answer key a field gets, from the one it would like (`email`): a flow that already asks an
   * e-mail address needs another. Without it, each field keeps its own.
   */
  fieldName?: (wanted: string) => string;
}

/** A template's step (without where it goes) and the HubSpot fields it sends. */
export function templateStep(
  template: StepTemplateId,
  input: TemplateStepInput,
): { step: Omit<RawStep, 'next'>; sends: TemplateSend[] } {
  const { id, question } = input;
  if (template === 'yesNo')
    return { step: { id, kind: 'choice', question, options: YES_NO }, sends: [] };
  if (template === 'sharedList')
    return { step: { id, kind: 'choice', question, options: input.list ?? '' }, sends: [] };
  const nameOf = input.fieldName ?? ((wanted: string) => wanted);
  const fields = CONTACT_DETAILS.map(({ hubspot, ...field }) => ({
    field: { ...field, name: nameOf(field.name) },
    hubspot,
  }));
  return {
    step: { id, kind: 'fields', question, fields: fields.map((f) => f.field), submitLabel: 'Send' },
    sends: fields.map((f) => ({
      answer: f.field.name,
      name: f.hubspot,
      objectTypeId: CONTACT_OBJECT,
    })),
  };
}

/** A shared option list's options, from the data of its file (`flows/options/<id>.json`). */
export function sharedListOptions(data: unknown): { label: string; value: string }[] {
  const options = (data as { options?: unknown } | undefined)?.options;
  if (!Array.isArray(options)) return [];
  return options.flatMap((o: unknown) => {
    if (typeof o === 'string') return [{ label: o, value: o }];
    if (o && typeof o === 'object' && typeof (o as { label?: unknown }).label === 'string') {
      const { label, value } = o as { label: string; value?: unknown };
      return [{ label, value: typeof value === 'string' ? value : label }];
    }
    return [];
  });
}

// ---- New flows -------------------------------------------------------------------------------

export type FlowTemplateId = 'contact' | 'yesNoThenContact' | 'listThenContact';

export interface FlowTemplate {
  id: FlowTemplateId;
  name: string;
  description: string;
  needsList: boolean;
}

export const FLOW_TEMPLATES: readonly FlowTemplate[] = [
  {
    id: 'contact',
    name: 'Contact form',
    description: 'One step asking an e-mail address, sent to HubSpot.',
    needsList: false,
  },
  {
    id: 'yesNoThenContact',
    name: 'Yes or no, then contact details',
    description: 'Visitors who answer No see a closing message; the others leave their details.',
    needsList: false,
  },
  {
    id: 'listThenContact',
    name: 'A choice from a shared list, then contact details',
    description: 'Visitors pick from a shared list, then leave their details.',
    needsList: true,
  },
];

export function isFlowTemplateId(id: string): id is FlowTemplateId {
  return FLOW_TEMPLATES.some((t) => t.id === id);
}

const THANKS = 'Thank you: an advisor will be in touch within one business day.';

/** The smallest flow the engine accepts: one step asking an e-mail address, sent to HubSpot. */
function contactOnly(): Pick<RawFlow, 'steps' | 'start' | 'endings'> & { sends: TemplateSend[] } {
  return {
    steps: [
      {
        id: 'contact',
        kind: 'fields',
        fields: [{ name: 'email', type: 'email', label: 'Email' }],
        submitLabel: 'Send',
        next: 'done',
      },
    ],
    start: 'contact',
    endings: [{ id: 'done', kind: 'screen', submits: true, heading: THANKS }],
    sends: [{ answer: 'email', name: 'email', objectTypeId: CONTACT_OBJECT }],
  };
}

/** A first step from a template, then the contact details step, then the thank-you ending. */
function thenContact(
  first: Omit<RawStep, 'next'>,
  next: RawStep['next'],
  endings: RawFlow['endings'],
): Pick<RawFlow, 'steps' | 'start' | 'endings'> & { sends: TemplateSend[] } {
  const contact = templateStep('contactDetails', {
    id: 'contact',
    question: 'How can we reach you?',
  });
  return {
    steps: [
      { ...first, next },
      { ...contact.step, next: 'done' },
    ],
    start: first.id,
    endings: [{ id: 'done', kind: 'screen', submits: true, heading: THANKS }, ...endings],
    sends: contact.sends,
  };
}

/**
 * A new flow's text from a starting point: `list` names the shared list a template that needs
 * one asks from. Each submits to a HubSpot form key named after the flow.
 */
export function newFlowFromTemplate(
  template: FlowTemplateId,
  input: { flowId: string; title: string; list?: string },
): string {
  const { flowId, title } = input;
  const body =
    template === 'yesNoThenContact'
      ? thenContact(
          templateStep('yesNo', { id: 'lookingForHelp', question: 'Are you looking for help?' })
            .step,
          {
            branches: [{ when: { answer: 'lookingForHelp', equals: 'no' }, to: 'notNow' }],
            otherwise: 'contact',
          },
          [
            {
              id: 'notNow',
              kind: 'screen',
              submits: false,
              heading: 'Thank you for your interest: come back whenever you are ready.',
              buttons: [{ label: 'Start again', action: 'restart' }],
            },
          ],
        )
      : template === 'listThenContact'
        ? thenContact(
            templateStep('sharedList', {
              id: 'choice',
              question: 'Which of these fits you best?',
              list: input.list,
            }).step,
            'contact',
            [],
          )
        : contactOnly();
  const { sends, ...flowSteps } = body;
  const flow = {
    $schema: '../schemas/flow.schema.json',
    id: flowId,
    version: 1,
    title,
    progress: { mode: 'none' },
    steps: flowSteps.steps,
    start: flowSteps.start,
    endings: flowSteps.endings,
    hidden: ['utm'],
    submissions: [
      {
        formKey: flowId,
        fields: sends.map((s) => ({
          name: s.name,
          objectTypeId: s.objectTypeId,
          value: { answer: s.answer },
        })),
      },
    ],
  };
  return `${JSON.stringify(flow, null, 2)}\n`;
}
