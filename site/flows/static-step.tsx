/**
 * The step a flow opens on, rendered on the server as plain HTML with the same markup as the
 * interactive renderer (shared through step-markup and field-markup). It ships no JavaScript:
 * the flow island swaps in the renderer at the visitor's first touch, carrying over what was
 * typed, so a page pays for the questionnaire code only when someone uses it.
 */
import {
  findStep,
  stepLeadIn,
  stepProgress,
  visibleFields,
  type Answers,
  type ResolvedChoiceStep,
  type ResolvedField,
  type ResolvedFieldsStep,
  type ResolvedFlow,
} from '@/engine/client';
import {
  autoComplete,
  fieldId,
  FieldLabel,
  FieldLegend,
  submitText,
  textInputType,
  uploadHint,
} from './field-markup';
import type { SavedProgress } from './flow-storage';
import {
  BackButton,
  choiceStart,
  FlowFrame,
  optionsListId,
  StepHeader,
  type HeadingLevel,
} from './step-markup';

export interface StaticStepProps {
  flow: ResolvedFlow;
  /** Where the flow starts when answers are known beforehand (prefill-progress). */
  start: SavedProgress | null;
  headingLevel?: HeadingLevel;
  label?: string;
  className?: string;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function StaticField({
  flow,
  field,
  answers,
}: {
  flow: ResolvedFlow;
  field: ResolvedField;
  answers: Answers;
}) {
  const id = fieldId(flow.id, field.name);
  const value = answers[field.name];
  const required = field.required ? true : undefined;
  if (field.type === 'consent') {
    return (
      <div className="field field--consent">
        <input
          id={id}
          name={field.name}
          type="checkbox"
          className="field__check"
          aria-required={required}
          defaultChecked={value === true}
        />
        <FieldLabel id={id} field={field} />
      </div>
    );
  }
  if (field.type === 'multiselect') {
    const ticked = Array.isArray(value) ? value : [];
    return (
      <fieldset className="field field--group">
        <FieldLegend field={field} />
        <div className="field__options">
          {(field.options ?? []).map((option, i) => (
            <label key={option.value} className="field__option">
              <input
                type="checkbox"
                name={field.name}
                value={option.value}
                id={i === 0 ? id : undefined}
                defaultChecked={ticked.includes(option.value)}
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>
    );
  }
  const common = {
    id,
    name: field.name,
    className: 'field__input',
    'aria-required': required,
    defaultValue: text(value),
  };
  let control;
  switch (field.type) {
    case 'phone':
      control = (
        <input
          {...common}
          type="tel"
          inputMode="tel"
          placeholder={field.placeholder}
          autoComplete={autoComplete(field)}
        />
      );
      break;
    case 'file':
      // A native file input: a file chosen before the renderer arrives goes with the draft.
      control = (
        <div className="dropzone">
          <input
            id={id}
            name={field.name}
            type="file"
            aria-required={required}
            accept={Object.entries(field.accept ?? {})
              .flatMap(([mime, extensions]) => [mime, ...extensions])
              .join(',')}
          />
          <p className="dropzone__hint">{uploadHint(field)}</p>
        </div>
      );
      break;
    case 'textarea':
      control = (
        <textarea
          {...common}
          className="field__input field__input--long"
          rows={5}
          placeholder={field.placeholder}
        />
      );
      break;
    case 'select':
      control = (
        <select {...common} defaultValue={text(value) ?? ''}>
          <option value="">Choose…</option>
          {(field.options ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      );
      break;
    default:
      control = (
        <input
          {...common}
          type={textInputType(field)}
          placeholder={field.placeholder}
          autoComplete={autoComplete(field)}
        />
      );
  }
  return (
    <div className="field">
      <FieldLabel id={id} field={field} />
      {control}
    </div>
  );
}

function choiceParts(flow: ResolvedFlow, step: ResolvedChoiceStep, answers: Answers) {
  const { chosen, limit, expanded } = choiceStart(step, answers);
  const shown = expanded ? step.options : step.options.slice(0, limit);
  const listId = optionsListId(flow.id, step.id);
  const seeAll = expanded ? null : (
    <button
      type="button"
      className="button button--ghost flow-step__see-all"
      aria-expanded={false}
      aria-controls={listId}
    >
      See all
    </button>
  );
  if (step.multiple) {
    return {
      seeAll,
      list: (
        <fieldset className="flow-options flow-options--multiple" id={listId}>
          <legend className="flow-sr-only">{step.question}</legend>
          {shown.map((option) => (
            <label key={option.value} className="field__option">
              <input
                type="checkbox"
                name={step.id}
                value={option.value}
                defaultChecked={chosen.includes(option.value)}
              />
              {option.label}
            </label>
          ))}
        </fieldset>
      ),
    };
  }
  return {
    seeAll,
    list: (
      <ul className="flow-options" id={listId} role="list">
        {shown.map((option) => (
          <li key={option.value}>
            <button
              type="button"
              className={`flow-option${chosen.includes(option.value) ? ' flow-option--chosen' : ''}`}
              aria-pressed={chosen.includes(option.value)}
            >
              {option.label}
            </button>
          </li>
        ))}
      </ul>
    ),
  };
}

export function StaticStep({ flow, start, headingLevel, label, className }: StaticStepProps) {
  const answers = start?.answers ?? {};
  const history = start?.history ?? [];
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
  const back = history.length > 0 ? <BackButton /> : null;
  const content =
    step.kind === 'choice' ? (
      <StaticChoiceStep flow={flow} step={step} answers={answers} header={header} back={back} />
    ) : (
      <StaticFieldsStep
        flow={flow}
        step={step}
        answers={answers}
        header={header}
        back={back}
        label={label}
      />
    );
  return (
    <FlowFrame flow={flow} level={level} leadIn={stepLeadIn(flow, step.id)} className={className}>
      {content}
    </FlowFrame>
  );
}

interface StaticStepPartProps<S> {
  flow: ResolvedFlow;
  step: S;
  answers: Answers;
  header: React.ReactNode;
  back: React.ReactNode;
}

function StaticChoiceStep({
  flow,
  step,
  answers,
  header,
  back,
}: StaticStepPartProps<ResolvedChoiceStep>) {
  const { list, seeAll } = choiceParts(flow, step, answers);
  if (!step.multiple) {
    return (
      <div className="flow-step flow-step--choice">
        {header}
        {list}
        {seeAll}
        {back ? <div className="flow-step__actions">{back}</div> : null}
      </div>
    );
  }
  return (
    <form className="flow-step flow-step--choice" noValidate>
      {header}
      {list}
      {seeAll}
      <div className="flow-step__actions">
        {back}
        <button type="submit" className="button">
          {submitText(undefined)}
        </button>
      </div>
    </form>
  );
}

function StaticFieldsStep({
  flow,
  step,
  answers,
  header,
  back,
  label,
}: StaticStepPartProps<ResolvedFieldsStep> & { label?: string }) {
  return (
    <form
      className="flow-step flow-step--fields"
      noValidate
      aria-label={step.question ? undefined : label}
    >
      {header}
      <div className="flow-step__fields">
        {visibleFields(step.fields, answers).map((field) => (
          <StaticField key={field.name} flow={flow} field={field} answers={answers} />
        ))}
      </div>
      <div className="flow-step__actions">
        {back}
        <button type="submit" className="button flow-step__submit">
          {submitText(step.submitLabel)}
        </button>
      </div>
    </form>
  );
}
