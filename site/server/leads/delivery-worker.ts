/**
 * The delivery worker: sends due outbox deliveries to the CRM sink and records each outcome.
 * It runs inside every server process (started from `instrumentation.ts`), is woken right after a
 * lead is committed (the first attempt follows the reply at once), and otherwise sleeps until the
 * next delivery is due or `pollMs` passes — so retries queued by the CLI are picked up too.
 *
 * HubSpot's limit counts the whole portal, so the workers of every instance share one budget,
 * kept in the store: each send takes a slot of the site-wide window (`sendLimit`), and a 429
 * pauses every instance until its Retry-After has passed (sending meanwhile would only earn
 * another 429). Leads submitted meanwhile wait, stored.
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
  /** Sends the whole site may make per window, across every instance (HubSpot's limit). */
  sendLimit: { count: number; windowMs: number };
  /**
   * Whether this worker is the database's only one, so leases it finds at start are its own dead
   * predecessor's (SQLite). With several instances (PostgreSQL) leases run out instead.
   */
  soleWorker: boolean;
  /** Deliveries sent at the same time. */
  concurrency: number;
  /** How long a claimed delivery stays leased; longer than one HubSpot call may take. */
  leaseMs: number;
  /** Replaces links to stored files by HubSpot Files URLs when the sink can upload them. */
  resolveFiles?: (delivery: DeliveryRow, sink: CrmSink) => Promise<Record<string, string>>;
  log?: (message: string) => void;
}

/**
 * How far back HubSpot takes a `submittedAt`: it refuses a time more than about a month old.
 * Four weeks keeps a margin under that.
 */
export const SUBMITTED_AT_MAX_AGE_MS = 28 * 24 * 60 * 60 * 1000;

/**
 * The body as it goes out: context keys HubSpot rejected before are left out, and a lead held
 * longer than HubSpot backdates is sent with the oldest time it still accepts (the outbox keeps
 * the true time).
 */
export function outgoingBody(
  delivery: DeliveryRow,
  replacements: Record<string, string>,
  now = Date.now(),
): HubSpotBody {
  const context = { ...delivery.body.context } as Record<string, unknown>;
  for (const key of delivery.droppedContext) delete context[key];
  return {
    ...delivery.body,
    submittedAt: Math.max(delivery.body.submittedAt, now - SUBMITTED_AT_MAX_AGE_MS),
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
    // A database that is down at start must not stop the worker: the loop retries it.
    this.loopDone = this.recover()
      .catch((error: unknown) =>
        this.options.log?.(
          `recovery at start failed: ${error instanceof Error ? error.message : String(error)}`,
        ),
      )
      .then(() => this.loop());
  }

  private async recover(): Promise<void> {
    const stale = this.options.soleWorker ? await this.store.releaseStaleLeases() : 0;
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

  /**
   * One pass: claims up to `concurrency` due deliveries (optionally of given leads) and sends
   * those the site-wide send window has room for; the others go back to the queue, and the worker
   * waits for the next window (or the end of a pause another instance met).
   */
  async runOnce(leadIds?: string[]): Promise<number> {
    const now = Date.now();
    const claimed = await this.store.claimDue(
      now,
      this.options.concurrency,
      this.options.leaseMs,
      leadIds,
    );
    if (claimed.length === 0) return 0;
    const { count, windowMs } = this.options.sendLimit;
    const slots = await this.store.takeSendSlots(now, claimed.length, count, windowMs);
    const sending = claimed.slice(0, slots.granted);
    await this.store.releaseClaims(claimed.slice(slots.granted).map((d) => d.id));
    if (sending.length < claimed.length) {
      this.pausedUntil = Math.max(this.pausedUntil, slots.pausedUntil || slots.windowEndsAt);
    }
    await Promise.all(sending.map((delivery) => this.deliver(delivery)));
    return sending.length;
  }

  private async deliver(delivery: DeliveryRow): Promise<void> {
    const replacements = this.options.resolveFiles
      ? await this.options.resolveFiles(delivery, this.sink)
      : {};
    const result = await this.sink.send(delivery.formKey, outgoingBody(delivery, replacements));
    const record = this.toRecord(delivery, result);
    await this.store.recordAttempt(delivery.id, record);
    // A 429 pauses every instance: the pause is written where they all look before sending.
    if (record.status === 'pending' && record.httpStatus === 429) {
      await this.store.pauseSending(this.pausedUntil);
    }
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
