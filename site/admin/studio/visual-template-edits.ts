/**
 * A step from a template (flow-templates.ts) placed in the flow's text by the visual editor's own
 * add-step edit (insertStepAfter): after the step the marketer chose, on its way, with an id made
 * from the question. The HubSpot fields the template fills are then mapped as the visual editor
 * maps a field by hand (setHubSpotField), for every form the flow submits to.
 */
import { CONTACT_KEYS, type HubSpotForms, type ResolvedFlow } from '@/engine/client';
import { templateStep, type StepTemplateId } from './flow-templates';
import { answerKeysOfStep, insertStepAfter } from './visual-edits';
import { askedOnEverySubmittingPath } from './visual-logic';
import { setHubSpotField } from './visual-rule-edits';
import { idFrom, readFlow } from './visual-text';

export interface TemplateChoice {
  template: StepTemplateId;
  question: string;
  /** The shared option list, for a template that asks from one. */
  list?: string;
  /** HubSpot's definitions of the flow's forms: a field is mapped only to one its form has. */
  hubspotForms: HubSpotForms;
  /** The flow as it last loaded: whether the new step is on every path that submits. */
  flow?: ResolvedFlow;
}

/** The text with the template's step after the step at `at`, and the new step's id. */
export function insertTemplateAfter(
  text: string,
  at: number,
  choice: TemplateChoice,
): { text: string; id?: string } {
  const before = readFlow(text);
  const after = before?.steps[at];
  if (!before || !after) return { text };
  const { step: made, sends } = templateStep(choice.template, {
    id: '',
    question: choice.question,
    list: choice.list,
  });
  const fieldNames = new Map<string, string>();
  let out = insertStepAfter(text, at, choice.question, made.kind, (id, taken, flow) => {
    // The standard contact keys are free until a step asks them (takenNames counts them always).
    const asked = new Set(flow.steps.flatMap(answerKeysOfStep));
    const used = new Set(
      [...taken].filter((n) => asked.has(n) || !(CONTACT_KEYS as readonly string[]).includes(n)),
    );
    const { step } = templateStep(choice.template, {
      id,
      question: choice.question,
      list: choice.list,
      fieldName: (wanted) => {
        const name = used.has(wanted) ? idFrom(wanted, used) : wanted;
        used.add(name);
        fieldNames.set(wanted, name);
        return name;
      },
    });
    return step;
  });
  const id = readFlow(out)?.steps[at + 1]?.id;
  if (out === text || !id) return { text };

  // Where the step it follows goes on, every visitor who submits passes: so does the new step.
  const everyPath =
    choice.flow !== undefined &&
    typeof after.next === 'string' &&
    answerKeysOfStep(after).some((key) => askedOnEverySubmittingPath(choice.flow!, key));
  for (const submission of readFlow(out)?.submissions ?? []) {
    const form = choice.hubspotForms[submission.formKey];
    for (const send of sends) {
      if (submission.fields.some((f) => f.name === send.name)) continue;
      const declared = form ? form.fields.find((f) => f.name === send.name) : send;
      if (!declared) continue;
      out = setHubSpotField(out, {
        formKey: submission.formKey,
        answer: fieldNames.get(send.answer) ?? send.answer,
        field: { name: declared.name, objectTypeId: declared.objectTypeId },
        whenNotAsked: !everyPath,
      });
    }
  }
  return { text: out, id };
}
