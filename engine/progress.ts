import { indexFlow, walkAnswers } from './flow-walk';
import type { Answers, ResolvedFlow } from './types';

/**
 * "Question n / N" for a step, on the visitor's own branch: n counts the numbered steps up to
 * and including this one on the path the answers lead to; N is the flow's fixed total, or (mode
 * `branch`) the numbered steps of that whole path, where steps not yet answered follow the
 * transition their (absent) answers select — usually `otherwise`. Null when the flow or the
 * step shows no number.
 */
export function stepProgress(
  flow: ResolvedFlow,
  answers: Answers,
  stepId: string,
): { n: number; total: number } | null {
  if (flow.progress.mode === 'none') return null;
  const { steps } = indexFlow(flow);
  if (!steps.get(stepId)?.numbered) return null;
  const path = walkAnswers(flow, answers).steps;
  const numbered = path.filter((id) => steps.get(id)?.numbered);
  const position = numbered.indexOf(stepId);
  if (position < 0) return null;
  const total =
    flow.progress.mode === 'fixed' ? (flow.progress.total ?? numbered.length) : numbered.length;
  return { n: position + 1, total };
}

/** The lead-in shown with a step: its own, else the flow's. */
export function stepLeadIn(flow: ResolvedFlow, stepId: string): string | undefined {
  return indexFlow(flow).steps.get(stepId)?.leadIn ?? flow.leadIn;
}
