/** The session-storage key of a flow's saved progress (flow-storage writes it; the island reads it). */
export const progressStorageKey = (flowId: string) => `flow-progress:${flowId}`;

/** Whether this session holds progress for the flow (cheap: no parsing, no engine code). */
export function hasSavedProgress(flowId: string): boolean {
  try {
    return window.sessionStorage.getItem(progressStorageKey(flowId)) !== null;
  } catch {
    return false;
  }
}
