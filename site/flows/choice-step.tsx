'use client';
/**
 * A choice step: each option is a real button named by its label (one click answers), or a
 * checkbox group with Next for multiple choice. Long lists show the first options and a
 * "See all" button; revealing them moves focus to the first option that appeared.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { messages, type Answers, type ResolvedChoiceStep } from '@/engine/client';
import { choiceStart, optionsListId } from './step-markup';
import { submitText } from './field-markup';

export interface ChoiceStepProps {
  flowId: string;
  step: ResolvedChoiceStep;
  answers: Answers;
  /** Options ticked before the renderer loaded (see FlowRendererProps.draft). */
  draft?: Record<string, unknown>;
  busy: boolean;
  header: ReactNode;
  footer?: ReactNode;
  back?: ReactNode;
  onAnswer: (values: Answers) => void;
}

export function ChoiceStep({
  flowId,
  step,
  answers,
  draft,
  busy,
  header,
  footer,
  back,
  onAnswer,
}: ChoiceStepProps) {
  const { chosen, limit, expanded: startExpanded } = choiceStart(step, answers);
  const [expanded, setExpanded] = useState(startExpanded);
  const [pending, setPending] = useState<string | null>(null);
  const [picked, setPicked] = useState<string[]>(() => {
    const ticked = draft?.[step.id];
    return chosen.length === 0 && Array.isArray(ticked) ? ticked.map(String) : chosen;
  });
  const [problem, setProblem] = useState<string | null>(null);
  const firstRevealed = useRef<HTMLButtonElement | HTMLInputElement | null>(null);
  const revealing = useRef(false);
  const listId = optionsListId(flowId, step.id);

  useEffect(() => {
    if (expanded && revealing.current) {
      revealing.current = false;
      firstRevealed.current?.focus();
    }
  }, [expanded]);

  const shown = expanded ? step.options : step.options.slice(0, limit);
  const seeAll =
    !expanded && step.options.length > limit ? (
      <button
        type="button"
        className="button button--ghost flow-step__see-all"
        aria-expanded={false}
        aria-controls={listId}
        onClick={() => {
          revealing.current = true;
          setExpanded(true);
        }}
      >
        See all
      </button>
    ) : null;

  if (!step.multiple) {
    return (
      <div className="flow-step flow-step--choice" aria-busy={busy || undefined}>
        {header}
        <ul className="flow-options" id={listId} role="list">
          {shown.map((option, i) => (
            <li key={option.value}>
              <button
                type="button"
                ref={i === limit ? (el) => void (firstRevealed.current = el) : undefined}
                className={`flow-option${chosen.includes(option.value) ? ' flow-option--chosen' : ''}`}
                aria-pressed={chosen.includes(option.value)}
                aria-disabled={busy || undefined}
                onClick={() => {
                  if (busy) return;
                  setPending(option.value);
                  onAnswer({ [step.id]: option.value });
                }}
              >
                {option.label}
                {busy && pending === option.value ? (
                  <span className="flow-option__busy"> — sending…</span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
        {seeAll}
        {footer}
        {back ? <div className="flow-step__actions">{back}</div> : null}
      </div>
    );
  }

  return (
    <form
      className="flow-step flow-step--choice"
      noValidate
      aria-busy={busy || undefined}
      onSubmit={(event) => {
        event.preventDefault();
        if (busy) return;
        if (step.required && picked.length === 0) {
          setProblem(messages.chooseAnswer);
          return;
        }
        setProblem(null);
        onAnswer({ [step.id]: picked });
      }}
    >
      {header}
      <fieldset className="flow-options flow-options--multiple" id={listId}>
        <legend className="flow-sr-only">{step.question}</legend>
        {shown.map((option, i) => (
          <label key={option.value} className="field__option">
            <input
              type="checkbox"
              ref={i === limit ? (el) => void (firstRevealed.current = el) : undefined}
              checked={picked.includes(option.value)}
              onChange={(event) =>
                setPicked((list) =>
                  event.target.checked
                    ? [...list, option.value]
                    : list.filter((v) => v !== option.value),
                )
              }
            />
            {option.label}
          </label>
        ))}
      </fieldset>
      {seeAll}
      {problem ? (
        <p className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
      {footer}
      <div className="flow-step__actions">
        {back}
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {submitText(undefined, busy)}
        </button>
      </div>
    </form>
  );
}
