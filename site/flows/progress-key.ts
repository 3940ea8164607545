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

/** The version a session's saved progress was answered on (cheap: one small JSON read). */
export function savedProgressVersion(flowId: string): number | undefined {
  try {
    const saved = JSON.parse(
      window.sessionStorage.getItem(progressStorageKey(flowId)) ?? 'null',
    ) as { version?: unknown } | null;
    return typeof saved?.version === 'number' ? saved.version : undefined;
  } catch {
    return undefined;
  }
}

/** The session-storage key of the handle on a flow's partial lead (saved progress with consent). */
export const partialHandleKey = (flowId: string) => `flow-partial:${flowId}`;
