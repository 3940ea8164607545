/**
 * The frame of a flow and the header of its steps, shared by the interactive renderer and the
 * server-rendered first step (static-step). No hooks and no 'use client': a server component
 * renders it to HTML without shipping it, and both renderings stay identical.
 */
import type { ReactNode, Ref } from 'react';
import type { Answers, ResolvedChoiceStep, ResolvedFlow } from '@/engine/client';

export type HeadingLevel = 2 | 3;

export function flowHeadingId(flow: ResolvedFlow): string {
  return `flow-${flow.id}-heading`;
}

export function optionsListId(flowId: string, stepId: string): string {
  return `flow-${flowId}-${stepId}-options`;
}

/** The flow's own heading (when it has one), its lead-in and the step. */
export function FlowFrame({
  flow,
  level,
  leadIn,
  className,
  children,
}: {
  flow: ResolvedFlow;
  level: HeadingLevel;
  leadIn?: string;
  className?: string;
  children: ReactNode;
}) {
  const FlowHeading = `h${level}` as 'h2';
  return (
    // A plain container: the page's slot is the landmark; a second one would repeat its name.
    <div className={`flow ${className ?? ''}`}>
      {flow.heading ? (
        <FlowHeading id={flowHeadingId(flow)} className="flow__heading">
          {flow.heading}
        </FlowHeading>
      ) : null}
      {leadIn ? <p className="flow__lead-in">{leadIn}</p> : null}
      {children}
    </div>
  );
}

/** "Question n / N" and the step's question as a focusable heading. */
export function StepHeader({
  flow,
  level,
  question,
  progress,
  headingRef,
}: {
  flow: ResolvedFlow;
  level: HeadingLevel;
  question?: string;
  progress: { n: number; total: number } | null;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const stepLevel = (flow.heading ? Math.min(level + 1, 4) : level) as 2 | 3 | 4;
  const StepHeading = `h${stepLevel}` as 'h2';
  return (
    <>
      {progress ? (
        <p className="flow-step__progress">
          Question {progress.n} / {progress.total}
        </p>
      ) : null}
      {question ? (
        <StepHeading ref={headingRef} tabIndex={-1} className="flow-step__question">
          {question}
        </StepHeading>
      ) : null}
    </>
  );
}

export function BackButton({ onClick, disabled }: { onClick?: () => void; disabled?: boolean }) {
  return (
    <button
      type="button"
      className="button button--ghost flow-step__back"
      onClick={onClick}
      disabled={disabled}
    >
      Back
    </button>
  );
}

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
