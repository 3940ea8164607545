import { stepSchema } from './field-schema';
import { findEnding, findStep } from './flow-lookup';
import { chooseTransition } from './flow-walk';
import type { Answers, ResolvedFlow } from './types';

/** Where a prefilled flow opens: the step shown first, the steps skipped, the answers. */
export interface Prefill {
  step: string;
  /** The leading steps the known answers fully answered, in order (the way Back goes). */
  history: string[];
  /** The known answers, with those of the skipped steps normalised as validation does. */
  answers: Answers;
}

/**
 * Where a flow starts when some answers are known beforehand (the contact details of an
 * earlier form, flows.md §5): every leading fields step those answers fully and validly answer
 * is skipped; a choice, or a step whose answer would end the flow, is shown so the visitor still
 * confirms it. The answers also prefill the first step that is still shown. Null when nothing
 * is known.
 */
export function prefillAnswers(flow: ResolvedFlow, known: Answers | undefined): Prefill | null {
  if (!known || Object.keys(known).length === 0) return null;
  const history: string[] = [];
  const answers: Answers = {};
  let current = flow.start;
  for (let guard = 0; guard < flow.steps.length; guard++) {
    const step = findStep(flow, current);
    if (!step || step.kind === 'choice') break;
    const parsed = stepSchema(flow, step.id, answers).safeParse(
      Object.fromEntries(step.fields.map((f) => [f.name, known[f.name]])),
    );
    if (!parsed.success) break;
    const own: Answers = Object.fromEntries(
      Object.entries(parsed.data as Answers).filter(([, v]) => v !== undefined),
    );
    const next = chooseTransition(step, { ...answers, ...own });
    if (!next || findEnding(flow, next.to)) break;
    Object.assign(answers, own);
    history.push(step.id);
    current = next.to;
  }
  return { step: current, history, answers: { ...known, ...answers } };
}
