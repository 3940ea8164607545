'use client';
/**
 * A choice step in the browser: the choice step view (choice-step-view) with its state. One
 * click on an option answers; multiple choice ticks boxes and answers with Next. Revealing the
 * rest of a long list moves focus to the first option that appeared.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { messages, type Answers, type ResolvedChoiceStep } from '@/engine/client';
import { afterNextPaint } from './after-next-paint';
import { ChoiceStepView, choiceStart } from './choice-step-view';

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

export function ChoiceStep({ flowId, step, answers, draft, busy, ...parts }: ChoiceStepProps) {
  const { chosen, limit, expanded: startExpanded } = choiceStart(step, answers);
  const [expanded, setExpanded] = useState(startExpanded);
  const [pending, setPending] = useState<string | null>(null);
  const [pressing, setPressing] = useState<string | null>(null);
  const [picked, setPicked] = useState<string[]>(() => {
    const ticked = draft?.[step.id];
    return chosen.length === 0 && Array.isArray(ticked) ? ticked.map(String) : chosen;
  });
  const [problem, setProblem] = useState<string | null>(null);
  const firstRevealed = useRef<HTMLButtonElement | HTMLInputElement | null>(null);
  const revealing = useRef(false);
  const { onAnswer } = parts;

  useEffect(() => {
    if (expanded && revealing.current) {
      revealing.current = false;
      firstRevealed.current?.focus();
    }
  }, [expanded]);

  return (
    <ChoiceStepView
      flowId={flowId}
      step={step}
      chosen={chosen}
      limit={limit}
      expanded={expanded}
      header={parts.header}
      footer={parts.footer}
      back={parts.back}
      busy={busy}
      pending={pending}
      pressing={pressing}
      problem={problem}
      firstRevealed={(el) => void (firstRevealed.current = el)}
      bindOption={(value) => ({
        checked: picked.includes(value),
        onChange: (event) =>
          setPicked((list) =>
            (event.target as HTMLInputElement).checked
              ? [...list, value]
              : list.filter((v) => v !== value),
          ),
      })}
      onSeeAll={() => {
        revealing.current = true;
        setExpanded(true);
      }}
      onPick={(value) => {
        if (busy || pressing !== null) return;
        // The option shows as pressed in the press's own frame; the answer, which moves the
        // machine and draws the next step, follows once that frame is painted.
        setPressing(value);
        afterNextPaint(() => {
          setPressing(null);
          setPending(value);
          onAnswer({ [step.id]: value });
        });
      }}
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
    />
  );
}
