/**
 * Where the studio's preview opens when the marketer picks a step: that step, behind it the
 * steps of the first covering path that reaches it, with the answers that path gave them (so
 * the machine sits where a visitor answering so would be, and Back walks those steps), in the
 * shape of saved progress, which the renderer resumes. Null opens the flow afresh: for the start
 * step, and for a step no covering path reaches.
 */
import { answerKeysOf, findStep, type FlowPath, type ResolvedFlow } from '@/engine/client';
import type { SavedProgress } from '@/site/flows/flow-storage';

export function previewStart(
  flow: ResolvedFlow,
  paths: FlowPath[],
  stepId: string,
): SavedProgress | null {
  for (const path of paths) {
    const at = path.steps.findIndex((s) => s.step === stepId);
    if (at <= 0) continue;
    const history = path.steps.slice(0, at).map((s) => s.step);
    const keys = history.flatMap((id) => {
      const step = findStep(flow, id);
      return step ? answerKeysOf(step) : [];
    });
    const answers = Object.fromEntries(
      keys.filter((key) => key in path.answers).map((key) => [key, path.answers[key]!]),
    );
    return { flowId: flow.id, version: flow.version, step: stepId, history, answers };
  }
  return null;
}
