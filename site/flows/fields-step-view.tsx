/**
 * The markup of a step of fields (contact block, uploads, single-step forms), the one
 * definition the server renders as the opening step and the browser renders interactive
 * (fields-step adds react-hook-form, the error summary and the busy state).
 */
import { Fragment, type FormEventHandler, type ReactNode, type Ref } from 'react';
import type { ResolvedField, ResolvedFieldsStep } from '@/engine/client';
import { fieldId } from './field-view';
import { SubmitButton } from './step-frame';

export interface FieldsStepViewProps {
  flowId: string;
  step: ResolvedFieldsStep;
  /** The fields the answers so far make visible. */
  fields: readonly ResolvedField[];
  /** One field's view (field-view) with its control bound, given the id its label points to. */
  renderField: (field: ResolvedField, id: string) => ReactNode;
  header: ReactNode;
  /** Accessible name of the form when the step asks no question. */
  label?: string;
  /** The error summary of a failed Next. */
  summary?: ReactNode;
  /** Shown above the buttons: the submission error and the captcha widget. */
  footer?: ReactNode;
  back?: ReactNode;
  busy?: boolean;
  formRef?: Ref<HTMLFormElement>;
  onSubmit?: FormEventHandler<HTMLFormElement>;
}

export function FieldsStepView({
  flowId,
  step,
  fields,
  renderField,
  header,
  label,
  summary,
  footer,
  back,
  busy,
  formRef,
  onSubmit,
}: FieldsStepViewProps) {
  return (
    <form
      ref={formRef}
      className="flow-step flow-step--fields"
      noValidate
      aria-label={step.question ? undefined : label}
      aria-busy={busy || undefined}
      onSubmit={onSubmit}
    >
      {header}
      {summary}
      <div className="flow-step__fields">
        {fields.map((field) => (
          <Fragment key={field.name}>{renderField(field, fieldId(flowId, field.name))}</Fragment>
        ))}
      </div>
      {footer}
      <div className="flow-step__actions">
        {back}
        <SubmitButton label={step.submitLabel} busy={busy} />
      </div>
    </form>
  );
}
