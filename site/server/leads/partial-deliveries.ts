/**
 * Partial leads to HubSpot (off unless a flow sets `saveProgress.formKey`): each save of saved
 * progress queues the partial lead's HubSpot body in its outbox (partial-delivery-store.ts),
 * and the delivery worker sends it with the leads' retries, lease, holds and 429 pause. Nothing
 * is sent from the request: a HubSpot outage delays a partial lead, it never loses it.
 *
 * When: once at the first save (HubSpot learns of the visitor as soon as they gave their
 * address), and once more with the latest answers when the visitor has stopped saving for the
 * quiet period (PARTIAL_QUIET_MS). Twice at most: every save sent would be a HubSpot form
 * submission, and each may start the firm's HubSpot workflows. Only saves make deliveries, and a
 * save needs the visitor's consent; finishing (the lead goes to its own forms) and forgetting stop
 * what is not sent yet.
 */
import {
  buildPartialSubmission,
  checkHiddenValues,
  type Answers,
  type ResolvedFlow,
} from '@/engine';
import type { PartialDeliveryStore } from './partial-delivery-store';

/** What a save kept, and what HubSpot is told of the visit (as a lead's context). */
export interface SavedProgress {
  partialId: string;
  answers: Answers;
  /** The steps passed: a consent box among them is the visitor's HubSpot consent. */
  history: readonly string[];
  page: { uri: string; name: string };
  hutk?: string;
  ipAddress?: string;
  /** The flow's hidden values as the browser sent them (UTM parameters …); checked here. */
  hidden?: unknown;
}

export class PartialDeliveries {
  constructor(
    readonly queue: PartialDeliveryStore,
    /** Wakes the worker: a first save is sent at once. */
    private readonly wake: () => void,
  ) {}

  /**
   * Queues what a save of `flow` kept, when the flow sends partial leads to a form key. Never
   * rejects: the save is kept whatever happens here, and a delivery that could not be queued
   * is queued by the visitor's next save.
   */
  async saved(flow: ResolvedFlow, saved: SavedProgress, now: number): Promise<void> {
    // Attribution the flow's rules refuse is left out; it never costs the visitor their save.
    const hidden = checkHiddenValues(flow, saved.hidden);
    const submission = buildPartialSubmission(
      flow,
      { answers: saved.answers, steps: saved.history },
      {
        submittedAt: now,
        pageUri: saved.page.uri,
        pageName: saved.page.name,
        ...(saved.hutk ? { hutk: saved.hutk } : {}),
        ...(saved.ipAddress ? { ipAddress: saved.ipAddress } : {}),
        ...(hidden.ok ? { hidden: hidden.values } : {}),
      },
    );
    if (!submission) return;
    try {
      const queued = await this.queue.queue(saved.partialId, submission, now);
      if (queued === 'saved') this.wake();
    } catch (error) {
      console.error(`[leads] partial lead ${saved.partialId} not queued for HubSpot:`, error);
    }
  }
}
