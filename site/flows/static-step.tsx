/**
 * The step a flow opens on, rendered on the server as plain HTML: the same step views the
 * browser renderer uses (choice-step-view, fields-step-view, field-view), bound to the answers
 * known beforehand as default values instead of to state. It ships no JavaScript: the flow
 * island swaps in the renderer at the visitor's first touch, carrying over what was typed, so a
 * page pays for the questionnaire code only when someone uses it.
 */
import {
  findStep,
  formatNumber,
  parseNumber,
  stepLeadIn,
  stepProgress,
  visibleFields,
  type Answers,
  type ResolvedChoiceStep,
  type ResolvedField,
  type ResolvedFlow,
} from '@/engine/client';
import type { ReactNode } from 'react';
import { ChoiceStepView, choiceStart } from './choice-step-view';
import { FieldView, type ControlBinding } from './field-view';
import { FieldsStepView } from './fields-step-view';
import type { SavedProgress } from './flow-storage';
import { BackButton, FlowFrame, StepHeader, type HeadingLevel } from './step-frame';

export interface StaticStepProps {
  flow: ResolvedFlow;
  /** Where the flow starts when answers are known beforehand (prefill-progress). */
  start: SavedProgress | null;
  headingLevel?: HeadingLevel;
  label?: string;
  className?: string;
  /** The flow's revision (site/server/flows/flow-revision.ts), set by the server component. */
  revision?: string;
}

/** A control bound to a known answer: its name, and the answer as what it shows first. */
function answerBinding(field: ResolvedField, answers: Answers) {
  const value = answers[field.name];
  return (option?: string): ControlBinding => {
    if (field.type === 'consent') return { name: field.name, defaultChecked: value === true };
    if (option !== undefined) {
      return { name: field.name, defaultChecked: Array.isArray(value) && value.includes(option) };
    }
    if (field.type === 'file') return { name: field.name };
    const text = typeof value === 'string' ? value : '';
    // A known amount shows as the renderer's mask will show it ("$12,500"), so nothing jumps.
    if (field.type === 'number' && field.format === 'currency' && parseNumber(field, text)) {
      return { name: field.name, defaultValue: formatNumber(field, parseNumber(field, text)!) };
    }
    return { name: field.name, defaultValue: text };
  };
}

function StaticChoiceStep({
  step,
  answers,
  ...parts
}: {
  flowId: string;
  step: ResolvedChoiceStep;
  answers: Answers;
  header: ReactNode;
  back: ReactNode;
}) {
  const opening = choiceStart(step, answers);
  return (
    <ChoiceStepView
      step={step}
      {...opening}
      {...parts}
      bindOption={(value) => ({ defaultChecked: opening.chosen.includes(value) })}
    />
  );
}

export function StaticStep({
  flow,
  start,
  headingLevel,
  label,
  className,
  revision,
}: StaticStepProps) {
  const answers = start?.answers ?? {};
  const step = findStep(flow, start?.step ?? flow.start);
  if (!step) return null;
  const level = headingLevel ?? 2;
  const header = (
    <StepHeader
      flow={flow}
      level={level}
      question={step.question}
      progress={stepProgress(flow, answers, step.id)}
    />
  );
  const back = (start?.history.length ?? 0) > 0 ? <BackButton /> : null;
  return (
    <FlowFrame
      flow={flow}
      level={level}
      leadIn={stepLeadIn(flow, step.id)}
      className={className}
      revision={revision}
    >
      {step.kind === 'choice' ? (
        <StaticChoiceStep
          flowId={flow.id}
          step={step}
          answers={answers}
          header={header}
          back={back}
        />
      ) : (
        <FieldsStepView
          flowId={flow.id}
          step={step}
          fields={visibleFields(step.fields, answers)}
          renderField={(field, id) => (
            <FieldView id={id} field={field} bind={answerBinding(field, answers)} />
          )}
          header={header}
          label={label}
          back={back}
        />
      )}
    </FlowFrame>
  );
}
