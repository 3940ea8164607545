/**
 * The saved-progress shape of a flow opened with known answers (the engine decides which
 * leading steps they answer, see prefillAnswers), so it resumes like progress kept in storage.
 */
import { prefillAnswers, type Answers, type ResolvedFlow } from '@/engine/client';
import type { SavedProgress } from './flow-storage';

export function prefillProgress(
  flow: ResolvedFlow,
  known: Answers | undefined,
): SavedProgress | null {
  const prefill = prefillAnswers(flow, known);
  return prefill && { flowId: flow.id, version: flow.version, ...prefill };
}
