/**
 * The delivery worker: sends due outbox deliveries to the CRM sink and records each outcome.
 * It runs inside the server process (started from `instrumentation.ts`), is woken right after a
 * lead is committed (the first attempt follows the reply at once), and otherwise sleeps until the
 * next delivery is due or `pollMs` passes — so retries queued by the CLI are picked up too.
 * A 429 pauses all sending until its Retry-After has passed: HubSpot's limit counts the whole
 * portal, so sending the next lead meanwhile would only earn another 429 (and cost this server,
 * which also answers visitors, one HTTP call per lead). Leads submitted meanwhile wait, stored.
 */
import type { CrmSink } from './crm-sink';
import type { HubSpotBody } from '@/engine';
import type { DeliveryRow } from './lead-types';
import type { AttemptRecord, LeadStore } from './lead-store';
import { backoffDelay, classify } from './retry-policy';

export interface WorkerOptions {
  retryBaseMs: number;
  retryMaxMs: number;
  pollMs: number;
  /** Deliveries sent at the same time. */
  concurrency: number;
  /** How long a claimed delivery stays leased; longer than one HubSpot call may take. */
  leaseMs: number;
  /** Replaces links to stored files by HubSpot Files URLs when the sink can upload them. */
  resolveFiles?: (delivery: DeliveryRow, sink: CrmSink) => Promise<Record<string, string>>;
  log?: (message: string) => void;
}

/** The body as it goes out: context keys HubSpot rejected before are left out. */
function outgoingBody(delivery: DeliveryRow, replacements: Record<string, string>): HubSpotBody {
  const context = { ...delivery.body.context } as Record<string, unknown>;
  for (const key of delivery.droppedContext) delete context[key];
  return {
    ...delivery.body,
    fields: delivery.body.fields.map((field) =>
      replacements[field.value] ? { ...field, value: replacements[field.value]! } : field,
    ),
    context: context,
  };
}

export class DeliveryWorker {
  private running = false;
  private wake: (() => void) | undefined;
  private kicked = false;
  private loopDone: Promise<void> | undefined;
  /** No delivery is sent before this time (set by a 429 from the sink). */
  private pausedUntil = 0;

  constructor(
    private readonly store: LeadStore,
    private readonly sink: CrmSink,
    private readonly options: WorkerOptions,
  ) {}

  /** Starts the loop: stale leases of a previous process are released, config holds re-queued. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.loopDone = this.recover().then(() => this.loop());
  }

  private async recover(): Promise<void> {
    const stale = await this.store.releaseStaleLeases();
    if (stale > 0)
      this.options.log?.(`${stale} delivery attempt(s) were interrupted; retrying them`);
    if (this.sink.name === 'hubspot') {
      // Leads held only because HubSpot was not configured go out now that it is.
      const released = await this.store.requeue({ unconfiguredOnly: true });
      if (released > 0)
        this.options.log?.(`${released} held delivery(ies) re-queued: HubSpot is configured`);
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loopDone;
  }

  /** Wakes the loop now (a lead was just committed); while paused by a 429 it waits its turn. */
  kick(): void {
    this.kicked = true;
    if (Date.now() >= this.pausedUntil) this.wake?.();
  }

  private async loop(): Promise<void> {
    while (this.running) {
      const paused = this.pausedUntil - Date.now();
      if (paused > 0) {
        await this.sleep(paused);
        continue;
      }
      let sent = 0;
      try {
        sent = await this.runOnce();
      } catch (error) {
        this.options.log?.(
          `delivery pass failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      if (sent > 0 || !this.running) continue;
      if (this.kicked) {
        this.kicked = false;
        continue;
      }
      const due = await this.store.nextDueAt();
      await this.sleep(
        due === undefined
          ? this.options.pollMs
          : Math.min(this.options.pollMs, Math.max(25, due - Date.now())),
      );
    }
  }

  /** Waits `ms`, or less when woken (`kick`, `stop`). */
  private async sleep(ms: number): Promise<void> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.wake = undefined;
  }

  /** One pass: claims up to `concurrency` due deliveries (optionally of given leads) and sends them. */
  async runOnce(leadIds?: string[]): Promise<number> {
    const claimed = await this.store.claimDue(
      Date.now(),
      this.options.concurrency,
      this.options.leaseMs,
      leadIds,
    );
    await Promise.all(claimed.map((delivery) => this.deliver(delivery)));
    return claimed.length;
  }

  private async deliver(delivery: DeliveryRow): Promise<void> {
    const replacements = this.options.resolveFiles
      ? await this.options.resolveFiles(delivery, this.sink)
      : {};
    const result = await this.sink.send(delivery.formKey, outgoingBody(delivery, replacements));
    await this.store.recordAttempt(delivery.id, this.toRecord(delivery, result));
  }

  private toRecord(
    delivery: DeliveryRow,
    result: Awaited<ReturnType<CrmSink['send']>>,
  ): AttemptRecord {
    if (result.kind === 'unconfigured') {
      return { status: 'held', holdKind: 'unconfigured', error: result.reason };
    }
    const http = result.result;
    const httpStatus = http.ok ? http.status : undefined;
    const response = http.ok ? http.body : undefined;
    const verdict = classify(http, delivery.droppedContext);
    const now = Date.now();
    switch (verdict.kind) {
      case 'delivered':
        return {
          status: 'delivered',
          httpStatus: http.ok ? http.status : 200,
          response: response ?? '',
        };
      case 'retry': {
        const delay =
          verdict.retryAfterMs ??
          backoffDelay(delivery.attempts, this.options.retryBaseMs, this.options.retryMaxMs);
        if (httpStatus === 429) this.pausedUntil = Math.max(this.pausedUntil, now + delay);
        return {
          status: 'pending',
          nextAttemptAt: now + delay,
          httpStatus,
          response,
          error: verdict.reason,
        };
      }
      case 'retry-without-context':
        return {
          status: 'pending',
          nextAttemptAt: now,
          httpStatus,
          response,
          error: verdict.reason,
          dropContext: [...delivery.droppedContext, ...verdict.keys],
        };
      case 'hold':
        return {
          status: 'held',
          holdKind: 'provider',
          httpStatus,
          response,
          error: verdict.reason,
        };
      case 'failed':
        return { status: 'failed', httpStatus, response, error: verdict.reason };
    }
  }
}
