import type { CheckContext } from './check-context';
import { answerKeysOf } from './flow-walk';
import type { ResolvedFlow, ResolvedStep } from './types';

/** The answer that names the visitor in a partial lead, and whose step shows the consent box. */
export const SAVE_PROGRESS_EMAIL = 'email';

/**
 * The step that asks the visitor's e-mail address (the first, in the flow's order): the consent
 * box of saved progress is shown there, and saving starts once it is passed. Undefined for a
 * flow that never asks it.
 */
export function emailStep(flow: ResolvedFlow): ResolvedStep | undefined {
  return flow.steps.find((step) => answerKeysOf(step).includes(SAVE_PROGRESS_EMAIL));
}

/** A flow that keeps answers to finish later must ask where to reach the visitor. */
export function checkSaveProgress(ctx: CheckContext): void {
  const { flow, keyOwner, report } = ctx;
  if (!flow.saveProgress || keyOwner.has(SAVE_PROGRESS_EMAIL)) return;
  report(
    '/saveProgress',
    'A flow with "saveProgress" must ask "email": a partial lead is kept for an e-mail address',
    'Add a "contact" step, or a field named email',
    { code: 'save-progress.no-email' },
  );
}
