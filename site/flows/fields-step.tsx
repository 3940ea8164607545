'use client';
/**
 * A step of fields in the browser: the fields step view (fields-step-view) driven by
 * react-hook-form with the engine's zod schema for the visible fields, so the browser checks
 * exactly what the server will. A failed Next shows and focuses the error summary.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import {
  stepSchema,
  visibleFields,
  type Answers,
  type ResolvedField,
  type ResolvedFieldsStep,
  type ResolvedFlow,
} from '@/engine/client';
import { ErrorSummary, type SummaryItem } from './error-summary';
import { FieldInput } from './field-input';
import { fieldId } from './field-view';
import { FieldsStepView } from './fields-step-view';

type Values = Record<string, unknown>;

export interface FieldsStepProps {
  flow: ResolvedFlow;
  step: ResolvedFieldsStep;
  answers: Answers;
  /** Values typed before the renderer loaded (see FlowRendererProps.draft). */
  draft?: Record<string, unknown>;
  busy: boolean;
  /** Shown above the buttons: the submission error and the captcha widget. */
  footer?: ReactNode;
  header: ReactNode;
  label?: string;
  onAnswer: (values: Answers) => void;
  onFile: (name: string, file: File | undefined) => void;
  back?: ReactNode;
  formRef?: React.Ref<HTMLFormElement>;
}

function emptyValue(field: ResolvedField): unknown {
  if (field.type === 'multiselect') return [];
  if (field.type === 'consent') return false;
  return '';
}

export function FieldsStep(props: FieldsStepProps) {
  const { flow, step, answers, busy, onAnswer, formRef, header, footer, back, label, onFile } =
    props;
  const { draft } = props;
  const fields = useMemo(() => visibleFields(step.fields, answers), [step.fields, answers]);
  const schema = useMemo(() => stepSchema(flow, step.id, answers), [flow, step.id, answers]);
  const defaultValues = useMemo(() => {
    const values: Values = {};
    for (const field of fields) {
      const typed = draft?.[field.name];
      // A file chosen before the renderer loaded: the field holds its name (the file itself
      // went to the machine view's files, see FlowMachineView).
      const early = typed instanceof File ? typed.name : typed;
      values[field.name] = answers[field.name] ?? early ?? emptyValue(field);
    }
    return values;
    // Defaults are read once per step; later answers must not reset what is being typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step.id]);
  const { control, register, handleSubmit, formState } = useForm<Values>({
    resolver: zodResolver(schema as never) as never,
    defaultValues,
    shouldFocusError: false,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const summaryRef = useRef<HTMLDivElement>(null);
  const [failedAttempts, setFailedAttempts] = useState(0);

  // react-hook-form reports the failure before it publishes the errors, so the summary may
  // appear a render later: focus it once per failed attempt, as soon as it exists.
  const focusedAttempt = useRef(0);
  const hasSummary = Object.keys(formState.errors).length > 0;
  useEffect(() => {
    if (failedAttempts > focusedAttempt.current && hasSummary && summaryRef.current) {
      focusedAttempt.current = failedAttempts;
      summaryRef.current.focus();
    }
  }, [failedAttempts, hasSummary]);

  const errors: FieldErrors<Values> = formState.errors;
  const errorOf = (name: string): string | undefined => {
    const message = errors[name]?.message;
    return typeof message === 'string' && message !== '' ? message : undefined;
  };
  const summary: SummaryItem[] = fields.flatMap((f) => {
    const message = errorOf(f.name);
    return message ? [{ targetId: fieldId(flow.id, f.name), message }] : [];
  });

  const submit = handleSubmit(
    (values) => {
      if (busy) return;
      const out: Answers = {};
      for (const [key, value] of Object.entries(values)) {
        if (value !== undefined) out[key] = value as Answers[string];
      }
      onAnswer(out);
    },
    () => setFailedAttempts((n) => n + 1),
  );

  return (
    <FieldsStepView
      flowId={flow.id}
      step={step}
      fields={fields}
      renderField={(field, id) => (
        <FieldInput
          id={id}
          field={field}
          control={control}
          register={register}
          error={errorOf(field.name)}
          onFile={onFile}
        />
      )}
      header={header}
      label={label}
      summary={
        summary.length > 0 && failedAttempts > 0 ? (
          <ErrorSummary ref={summaryRef} items={summary} />
        ) : null
      }
      footer={footer}
      back={back}
      busy={busy}
      formRef={formRef}
      onSubmit={(event) => void submit(event)}
    />
  );
}
