/**
 * Progress kept in session storage so a reload returns to the same step: flow id, version,
 * step, the steps behind it and the answers — never files (a File cannot be stored, and an
 * upload answer without its file would be a lie), so resuming past an upload step goes back to
 * it. A version change or a step the flow no longer has restarts the flow cleanly.
 */
import {
  answerKeysOf,
  findStep,
  uploadFields,
  type Answers,
  type ResolvedFlow,
} from '@/engine/client';
import { progressStorageKey } from './progress-key';

export interface SavedProgress {
  flowId: string;
  version: number;
  step: string;
  history: string[];
  answers: Answers;
}

const storageKey = progressStorageKey;

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined; // storage disabled by the browser: the flow simply does not resume
  }
}

export function saveProgress(
  flow: ResolvedFlow,
  step: string,
  history: string[],
  answers: Answers,
) {
  const files = new Set(uploadFields(flow).map((f) => f.name));
  const kept = Object.fromEntries(Object.entries(answers).filter(([key]) => !files.has(key)));
  const saved: SavedProgress = {
    flowId: flow.id,
    version: flow.version,
    step,
    history,
    answers: kept,
  };
  try {
    storage()?.setItem(storageKey(flow.id), JSON.stringify(saved));
  } catch {
    // Quota or privacy mode: progress is a convenience, the flow goes on without it.
  }
}

export function clearProgress(flowId: string) {
  try {
    storage()?.removeItem(storageKey(flowId));
  } catch {
    // nothing to clear
  }
}

/**
 * The saved progress when it still fits the flow, else null (and the stale entry is removed).
 * A step of the saved path that asks for a file becomes the step to resume on.
 */
export function loadProgress(flow: ResolvedFlow): SavedProgress | null {
  let saved: SavedProgress;
  try {
    const raw = storage()?.getItem(storageKey(flow.id));
    if (!raw) return null;
    saved = JSON.parse(raw) as SavedProgress;
  } catch {
    clearProgress(flow.id);
    return null;
  }
  const fits =
    saved?.flowId === flow.id &&
    saved.version === flow.version &&
    Array.isArray(saved.history) &&
    typeof saved.answers === 'object' &&
    saved.answers !== null &&
    findStep(flow, saved.step) !== undefined &&
    saved.history.every((id) => findStep(flow, id) !== undefined);
  if (!fits) {
    clearProgress(flow.id);
    return null;
  }
  const files = new Set(uploadFields(flow).map((f) => f.name));
  const uploadAt = saved.history.findIndex((id) => {
    const step = findStep(flow, id);
    return step !== undefined && answerKeysOf(step).some((key) => files.has(key));
  });
  if (uploadAt >= 0) {
    return { ...saved, step: saved.history[uploadAt]!, history: saved.history.slice(0, uploadAt) };
  }
  return saved;
}
