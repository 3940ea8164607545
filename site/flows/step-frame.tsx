/**
 * The frame of a flow and the header of its steps. Like every view of a step (choice-step-view,
 * fields-step-view, field-view, upload-view) it has no hooks and no 'use client': the server
 * renders it as the opening step's HTML without shipping it, and the browser renderer renders
 * the very same component with state and handlers attached, so the markup exists once.
 */
import type { ReactNode, Ref } from 'react';
import { RENDERER_WORDS, type ResolvedFlow } from '@/engine/client';
import { REVISION_ATTRIBUTE } from './flow-revision-marks.mjs';

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
  revision,
  children,
}: {
  flow: ResolvedFlow;
  level: HeadingLevel;
  leadIn?: string;
  className?: string;
  /** The flow's revision, on the server-rendered step: what the page cache checks it by. */
  revision?: string;
  children: ReactNode;
}) {
  const FlowHeading = `h${level}` as 'h2';
  return (
    // A plain container: the page's slot is the landmark; a second one would repeat its name.
    <div
      className={`flow ${className ?? ''}`}
      {...(revision ? { [REVISION_ATTRIBUTE]: revision } : {})}
    >
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

/** About 20 seconds a numbered step, said in whole minutes. */
export function durationText(totalSteps: number): string {
  const minutes = Math.max(1, Math.round((totalSteps * 20) / 60));
  return `Takes about ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * "Question n / N" with a bar showing it (the text says it to every reader; the bar is drawn),
 * the flow's reassurance and how long it takes beside the first question, and the step's
 * question as a focusable heading.
 */
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
        <div className="flow-step__progress">
          <p className="flow-step__count">
            Question {progress.n} / {progress.total}
          </p>
          <div className="flow-step__bar" aria-hidden="true">
            <span style={{ width: `${Math.round((100 * progress.n) / progress.total)}%` }} />
          </div>
          {progress.n === 1 ? (
            <p className="flow-step__reassurance">
              {flow.reassurance ? `${flow.reassurance} ` : ''}
              {durationText(progress.total)}.
            </p>
          ) : null}
        </div>
      ) : null}
      {question ? (
        <StepHeading ref={headingRef} tabIndex={-1} className="flow-step__question">
          {question}
        </StepHeading>
      ) : null}
    </>
  );
}

/**
 * The name every button of a step carries in `data-control` (an option, "See all", Back, the
 * submit button, an upload's Remove). The flow island finds the control the visitor pressed in
 * the server-rendered step again by it once the renderer has replaced that step.
 */
export type ControlName = `option:${string}` | 'see-all' | 'back' | 'submit' | `remove:${string}`;

export function BackButton({ onClick, disabled }: { onClick?: () => void; disabled?: boolean }) {
  return (
    <button
      type="button"
      className="button button--ghost flow-step__back"
      data-control={'back' satisfies ControlName}
      onClick={onClick}
      disabled={disabled}
    >
      {RENDERER_WORDS.back}
    </button>
  );
}

/** The button that sends a step: its words, or "Sending…" while the lead is on its way. */
export function SubmitButton({ label, busy }: { label?: string; busy?: boolean }) {
  return (
    <button
      type="submit"
      className="button flow-step__submit"
      data-control={'submit' satisfies ControlName}
      aria-disabled={busy || undefined}
    >
      {busy ? 'Sending…' : (label ?? RENDERER_WORDS.next)}
    </button>
  );
}
