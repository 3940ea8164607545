/**
 * Saved progress with consent, on the visitor's side: the handle on their partial lead (kept in
 * session storage beside the tab's own progress), and the requests that save or forget it. No
 * request is made before the visitor ticks the box: without it, nothing reaches the server
 * before the final submission.
 */
import { uploadFields, type Answers, type ResolvedFlow } from '@/engine/client';
import { partialHandleKey } from './progress-key';

export interface PartialHandle {
  id: string;
  key: string;
}

const handleKey = partialHandleKey;

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function loadPartialHandle(flowId: string): PartialHandle | null {
  try {
    const value = JSON.parse(storage()?.getItem(handleKey(flowId)) ?? 'null') as unknown;
    if (value && typeof value === 'object' && 'id' in value && 'key' in value) {
      const { id, key } = value as Record<string, unknown>;
      if (typeof id === 'string' && typeof key === 'string') return { id, key };
    }
  } catch {
    // unreadable: no handle
  }
  return null;
}

export function keepPartialHandle(flowId: string, handle: PartialHandle | null) {
  try {
    if (handle) storage()?.setItem(handleKey(flowId), JSON.stringify(handle));
    else storage()?.removeItem(handleKey(flowId));
  } catch {
    // storage disabled: the handle lives as long as the page
  }
}

/** The `X-Partial-Lead` header's value for the lead that finishes the saved progress. */
export const partialHeader = (handle: PartialHandle) => `${handle.id}.${handle.key}`;

const progressUrl = (flowId: string) => `/api/leads/${encodeURIComponent(flowId)}/progress`;

async function post(flowId: string, body: unknown): Promise<Response> {
  return fetch(progressUrl(flowId), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'same-origin',
  });
}

/** Saves the answers so far (never files); resolves with the handle, or null when refused. */
export async function saveProgressRemotely(
  flow: ResolvedFlow,
  progress: { step: string; history: string[]; answers: Answers },
  handle: PartialHandle | null,
  page: { uri: string; name: string },
  /** The visit's hidden values (UTM parameters…), sent as a lead sends them. */
  hidden: Record<string, string> = {},
): Promise<PartialHandle | null> {
  const files = new Set(uploadFields(flow).map((field) => field.name));
  const answers = Object.fromEntries(
    Object.entries(progress.answers).filter(([key]) => !files.has(key)),
  );
  const response = await post(flow.id, {
    action: 'save',
    version: flow.version,
    step: progress.step,
    history: progress.history,
    answers,
    page,
    hidden,
    consent: true,
    ...(handle ? { partial: handle } : {}),
  });
  if (!response.ok) return null;
  return (await response.json()) as PartialHandle;
}

/** "Forget my answers": deletes the partial lead. */
export async function forgetProgressRemotely(flowId: string, handle: PartialHandle) {
  const response = await post(flowId, { action: 'forget', partial: handle });
  return response.ok;
}

/** "E-mail me a link to finish later": the server mails it to the address the answers were kept with. */
export async function emailResumeLink(
  flowId: string,
  handle: PartialHandle,
): Promise<{ ok: true; expiresAt: number } | { ok: false; message: string }> {
  try {
    const response = await post(flowId, { action: 'link', partial: handle });
    const body = (await response.json().catch(() => ({}))) as {
      expiresAt?: number;
      errors?: { message?: string }[];
    };
    if (response.ok && typeof body.expiresAt === 'number') {
      return { ok: true, expiresAt: body.expiresAt };
    }
    return {
      ok: false,
      message: body.errors?.[0]?.message ?? 'The link could not be sent just now; try again.',
    };
  } catch {
    return {
      ok: false,
      message: 'The link could not be sent: check your connection and try again.',
    };
  }
}
