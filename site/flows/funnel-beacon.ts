/**
 * Funnel events from the browser: each step shown and each transition taken, with the flow's id
 * and version, an anonymous id of this visit and the order of events — never an answer or
 * anything about the visitor. Batched and sent with `navigator.sendBeacon` to
 * `POST /api/flow-events` (a short wait, a full batch, an ending, or the page going away flushes
 * the batch). A visitor with Do Not Track or Global Privacy Control on sends nothing.
 */
import { variantTag, type VariantTag } from './variant-tag';
import { trackingDeclined, visitId, visitKey } from './visit';

export interface FunnelEvent {
  flow: string;
  version: number;
  step: string;
  /** `step#index` of the transition taken (see the engine's allTransitions); none: step shown. */
  transition?: string;
}

const seqKey = 'site:visit-seq';
const queue: (FunnelEvent & Partial<VariantTag> & { seq: number; at: number })[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let listening = false;

/** This visit's id and the next event number, kept in session storage (this tab only). */
function visit(): { id: string; seq: number } | undefined {
  try {
    const storage = sessionStorage;
    const id = visitId();
    if (!id) return undefined;
    const seq = Number(storage.getItem(seqKey) ?? 0);
    storage.setItem(seqKey, String(seq + 1));
    return { id, seq };
  } catch {
    return undefined; // no storage: no way to tell one visit from another, so nothing is sent
  }
}

function flush(): void {
  clearTimeout(timer);
  timer = undefined;
  const id = sessionStorage.getItem(visitKey);
  if (queue.length === 0 || !id) return;
  navigator.sendBeacon('/api/flow-events', JSON.stringify({ visit: id, events: queue.splice(0) }));
}

/** Queues one event; `now` sends the batch at once (an ending, which may leave the page). */
export function reportFunnel(event: FunnelEvent, now = false): void {
  if (typeof navigator.sendBeacon !== 'function' || trackingDeclined()) return;
  const current = visit();
  if (!current) return;
  // The A/B test variant that served this flow version, if any (experiment-variant.ts).
  queue.push({
    ...event,
    ...variantTag(event.flow, event.version),
    seq: current.seq,
    at: Date.now(),
  });
  if (!listening) {
    listening = true;
    addEventListener('pagehide', flush);
    addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') flush();
    });
  }
  if (now || queue.length >= 20) flush();
  else timer ??= setTimeout(flush, 2000);
}
