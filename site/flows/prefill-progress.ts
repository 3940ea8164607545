/**
 * Where a flow starts when some answers are known beforehand (the contact details of an
 * earlier form, flows.md §5): every leading step those answers fully and validly answer is
 * skipped. The answers also prefill the first step that is still shown.
 */
import {
  chooseTransition,
  findEnding,
  findStep,
  stepSchema,
  type Answers,
  type ResolvedFlow,
} from '@/engine/client';
import type { SavedProgress } from './flow-storage';

export function prefillProgress(
  flow: ResolvedFlow,
  known: Answers | undefined,
): SavedProgress | null {
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
    // A step whose answer would end the flow is shown, so the visitor still confirms it.
    if (!next || findEnding(flow, next.to)) break;
    Object.assign(answers, own);
    history.push(step.id);
    current = next.to;
  }
  const prefilled = { ...known, ...answers };
  return { flowId: flow.id, version: flow.version, step: current, history, answers: prefilled };
}
