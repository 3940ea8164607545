/**
 * What a successful submission leaves in the browser session (flows.md §4): the
 * `ready-to-talk-submitted` flag after a submission of a flow that declares
 * `session.marksContacted` (the questionnaires and the ready-to-talk forms), and the visitor's
 * `full_name`, `phone` and `email`, which prefill a booking.
 */
import { CONTACT_KEYS, type Answers, type ResolvedFlow } from '@/engine/client';

export const READY_TO_TALK_FLAG = 'ready-to-talk-submitted';

export type StoredContact = Record<(typeof CONTACT_KEYS)[number], string>;

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function rememberSubmission(flow: ResolvedFlow, answers: Answers, suppressFlag = false) {
  const store = storage();
  if (!store) return;
  try {
    if (flow.session.marksContacted && !suppressFlag) store.setItem(READY_TO_TALK_FLAG, 'true');
    if (CONTACT_KEYS.every((key) => typeof answers[key] === 'string' && answers[key] !== '')) {
      for (const key of CONTACT_KEYS) store.setItem(key, answers[key] as string);
    }
  } catch {
    // Storage full or disabled: the lead is saved; only the prefill is lost.
  }
}

/** The contact details of an earlier submission in this session, when all three are there. */
export function storedContact(): StoredContact | null {
  const store = storage();
  if (!store) return null;
  try {
    const values = CONTACT_KEYS.map((key) => store.getItem(key) ?? '');
    if (values.some((v) => v === '')) return null;
    const [full_name, phone, email] = values as [string, string, string];
    return { full_name, phone, email };
  } catch {
    return null;
  }
}
