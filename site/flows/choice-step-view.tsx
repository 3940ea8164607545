/**
 * The markup of a choice step, the one definition the server renders as the opening step and
 * the browser renders interactive (choice-step adds the state and handlers). Single choice:
 * each option is a real button named by its label. Multiple choice: a checkbox group with Next.
 * Long lists show the first options and a "See all" button.
 */
import type { FormEventHandler, ReactNode, RefCallback } from 'react';
import { RENDERER_WORDS, type Answers, type ResolvedChoiceStep } from '@/engine/client';
import type { ControlBinding } from './field-view';
import { optionsListId, SubmitButton, type ControlName } from './step-frame';

/**
 * How a choice step opens: the options already chosen, how many show before "See all", and
 * whether the list starts expanded (all fit, or a chosen option sits past the limit).
 */
export function choiceStart(step: ResolvedChoiceStep, answers: Answers) {
  const previous = answers[step.id];
  const chosen = Array.isArray(previous)
    ? previous
    : typeof previous === 'string'
      ? [previous]
      : [];
  const limit = step.showFirst ?? step.options.length;
  const expanded =
    step.options.length <= limit ||
    step.options.findIndex((o) => chosen.includes(o.value)) >= limit;
  return { chosen, limit, expanded };
}

export interface ChoiceStepViewProps {
  flowId: string;
  step: ResolvedChoiceStep;
  /** The options answered before (pressed, for single choice). */
  chosen: readonly string[];
  limit: number;
  expanded: boolean;
  header: ReactNode;
  footer?: ReactNode;
  back?: ReactNode;
  /** The lead is being sent: the options and Next are marked busy. */
  busy?: boolean;
  /** The option whose click is being sent (it says so). */
  pending?: string | null;
  /** The option just pressed, shown as chosen while its answer waits for the next frame. */
  pressing?: string | null;
  /** Multiple choice: the message of a Next with nothing ticked. */
  problem?: string | null;
  /** Multiple choice: each checkbox's state (ticked by default on the server, controlled after). */
  bindOption?: (value: string) => ControlBinding;
  /** The first option "See all" reveals, to move focus to. */
  firstRevealed?: RefCallback<HTMLButtonElement | HTMLInputElement>;
  onPick?: (value: string) => void;
  onSeeAll?: () => void;
  onSubmit?: FormEventHandler<HTMLFormElement>;
}

export function ChoiceStepView(props: ChoiceStepViewProps) {
  const { step, chosen, limit, expanded, header, footer, back, busy, pending } = props;
  const listId = optionsListId(props.flowId, step.id);
  const shown = expanded ? step.options : step.options.slice(0, limit);
  const revealed = (i: number) => (i === limit ? props.firstRevealed : undefined);
  const seeAll = expanded ? null : (
    <button
      type="button"
      className="button button--ghost flow-step__see-all"
      data-control={'see-all' satisfies ControlName}
      aria-expanded={false}
      aria-controls={listId}
      onClick={props.onSeeAll}
    >
      {RENDERER_WORDS.seeAll}
    </button>
  );

  if (!step.multiple) {
    return (
      <div className="flow-step flow-step--choice" aria-busy={busy || undefined}>
        {header}
        <ul className="flow-options" id={listId} role="list">
          {shown.map((option, i) => {
            const pressed = chosen.includes(option.value) || props.pressing === option.value;
            return (
              <li key={option.value}>
                <button
                  type="button"
                  ref={revealed(i)}
                  className={`flow-option${pressed ? ' flow-option--chosen' : ''}`}
                  data-control={`option:${option.value}` satisfies ControlName}
                  aria-pressed={pressed}
                  aria-disabled={busy || undefined}
                  onClick={props.onPick ? () => props.onPick?.(option.value) : undefined}
                >
                  {option.label}
                  {busy && pending === option.value ? (
                    <span className="flow-option__busy"> — sending…</span>
                  ) : null}
                </button>
              </li>
            );
          })}
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
      onSubmit={props.onSubmit}
    >
      {header}
      <fieldset className="flow-options flow-options--multiple" id={listId}>
        <legend className="flow-sr-only">{step.question}</legend>
        {shown.map((option, i) => (
          <label key={option.value} className="field__option">
            <input
              type="checkbox"
              name={step.id}
              value={option.value}
              ref={revealed(i)}
              {...props.bindOption?.(option.value)}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
      {seeAll}
      {props.problem ? (
        <p className="field__error" role="alert">
          {props.problem}
        </p>
      ) : null}
      {footer}
      <div className="flow-step__actions">
        {back}
        <SubmitButton busy={busy} />
      </div>
    </form>
  );
}
