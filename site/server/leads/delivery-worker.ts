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
 *
 * Each destination has its own worker (delivery-workers.ts): HubSpot's, and one per webhook with a
 * `WebhookSink`. A worker claims only its destination's deliveries, so a webhook that is down or
 * slow never delays HubSpot's, nor the reverse. A webhook's worker retries and leases the same
 * way; HubSpot's send window and site-wide pause are HubSpot's alone (a webhook's 429 pauses only
 * its own worker).
 */
import type { CrmSink } from './crm-sink';
import type { HubSpotBody } from '@/engine';
import type { DeliveryRow } from './lead-types';
import type { AttemptRecord, DeliveryQueue } from './lead-store';
import { backoffDelay, classify, type HttpResult } from './retry-policy';
import { classifyWebhook, type WebhookSink } from './webhook-sink';

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
  /**
   * While true, the worker has nothing it may send and leaves the database alone: a pass is
   * skipped and counted as done (partial leads' worker while no flow sends them to HubSpot, so
   * an idle worker never competes for a locked SQLite file).
   */
  idle?: () => boolean;
}

/**
 * How far back HubSpot takes a `submittedAt`: it refuses a time more than about a month old.
 * Four weeks keeps a margin under that.
 */
export const SUBMITTED_AT_MAX_AGE_MS = 28 * 24 * 60 * 60 * 1000;

/**
 * The body as it goes out: context keys and fields HubSpot refused before are left out, and a
 * lead held longer than HubSpot backdates is sent with the oldest time it still accepts (the
 * outbox keeps the true body and time).
 */
export function outgoingBody(
  delivery: DeliveryRow,
  replacements: Record<string, string>,
  now = Date.now(),
): HubSpotBody {
  const context = { ...delivery.body.context } as Record<string, unknown>;
  for (const key of delivery.droppedContext) delete context[key];
  const dropped = new Set(delivery.droppedFields?.fields.map((field) => field.name));
  return {
    ...delivery.body,
    submittedAt: Math.max(delivery.body.submittedAt, now - SUBMITTED_AT_MAX_AGE_MS),
    fields: delivery.body.fields
      .filter((field) => !dropped.has(field.name))
      .map((field) =>
        replacements[field.value] ? { ...field, value: replacements[field.value]! } : field,
      ),
    context: context,
  };
}

/** What the worker can say of itself, for `/healthz`. */
export interface WorkerHealth {
  running: boolean;
  /** When the worker was started (ms). */
  startedAt: number;
  /** When the last pass completed (ms), undefined before the first. */
  lastPassAt: number | undefined;
  /** When the pass under way started (ms), if one is. */
  passStartedAt: number | undefined;
  /** Since when every pass has failed (the database unreachable), if they have. */
  failingSince: number | undefined;
  /** Why the last pass failed, while they fail. */
  lastError: string | undefined;
  /** The error's code (`ECONNREFUSED`, `SQLITE_BUSY`), when it has one: safe to show. */
  lastErrorCode: string | undefined;
  /** Outcomes sent to HubSpot but not yet written (the database was down when they came). */
  unrecorded: number;
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class DeliveryWorker {
  private running = false;
  private wake: (() => void) | undefined;
  private kicked = false;
  private loopDone: Promise<void> | undefined;
  /** No delivery is sent before this time (set by a 429 from the sink). */
  private pausedUntil = 0;
  /** Whether the start's recovery (stale leases, configuration holds) has been done. */
  private recovered = false;
  private startedAt = Date.now();
  private lastPassAt: number | undefined;
  private passStartedAt: number | undefined;
  private failingSince: number | undefined;
  private lastError: string | undefined;
  private lastErrorCode: string | undefined;
  /**
   * Since when this worker has reached the database without a break: another holder's expired
   * lease is taken over only after one lease length of that (see `claimDue`).
   */
  private connectedSince = Date.now();
  /**
   * Writes that must happen before anything new is claimed: outcomes of sends whose record
   * failed (HubSpot has the lead, the database did not take the answer) and claims to give back.
   * Done first on every pass, so a delivery that went out is never claimed and sent again.
   */
  private readonly owed: (() => Promise<void>)[] = [];
  /** Deliveries claimed by the pass under way and not yet recorded. */
  private readonly inFlight = new Set<number>();

  /** The deliveries this worker claims: `hubspot`, or its webhook's name. */
  readonly destination: string;

  constructor(
    private readonly store: DeliveryQueue,
    private readonly sink: CrmSink | WebhookSink,
    private readonly options: WorkerOptions,
  ) {
    this.destination = sink.name === 'webhook' ? sink.destination : 'hubspot';
  }

  /**
   * Starts the loop. It never ends by itself: a pass that fails (the database down, for a moment
   * or an hour) is logged once and tried again every `pollMs`, and the worker resumes on the
   * first pass that succeeds. The start's recovery (a dead predecessor's leases released,
   * configuration holds re-queued) is part of the first pass that reaches the database.
   */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.startedAt = Date.now();
    this.connectedSince = this.startedAt;
    this.loopDone = this.loop();
  }

  private async recover(): Promise<void> {
    if (this.recovered) return;
    const stale = this.options.soleWorker
      ? await this.store.releaseStaleLeases(this.destination)
      : 0;
    if (stale > 0)
      this.options.log?.(`${stale} delivery attempt(s) were interrupted; retrying them`);
    if (this.sink.name === 'hubspot') {
      // Leads held only because HubSpot was not configured go out now that it is.
      const released = await this.store.requeue({ unconfiguredOnly: true });
      if (released > 0)
        this.options.log?.(`${released} held delivery(ies) re-queued: HubSpot is configured`);
    }
    this.recovered = true;
  }

  /**
   * Stops the loop: the pass under way finishes (its sends are recorded) within `graceMs`; past
   * that, the deliveries it has not sent yet are given back to the queue and the ones being sent
   * stay leased, to be retried (as in doubt) when the lease runs out.
   */
  async stop(graceMs = 8_000): Promise<void> {
    this.running = false;
    this.wake?.();
    if (!this.loopDone) return;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), graceMs);
    });
    const drained = this.loopDone.then(async () => {
      // Outcomes still owed to the outbox are written now if the database answers; otherwise
      // their deliveries stay leased and are retried, in doubt, after the restart.
      await this.payOwed().catch(() => undefined);
      return 'ended' as const;
    });
    const ended = await Promise.race([drained, late]);
    clearTimeout(timer);
    if (ended === 'late') {
      this.options.log?.(
        `stopped with ${this.inFlight.size} delivery(ies) still being sent; they are retried when their lease ends`,
      );
    }
  }

  /** Wakes the loop now (a lead was just committed); while paused by a 429 it waits its turn. */
  kick(): void {
    this.kicked = true;
    if (Date.now() >= this.pausedUntil) this.wake?.();
  }

  /**
   * Attempts the due deliveries of these leads (every due one when undefined) now, up to
   * `expected` sends, outside the loop: a staff member's retry, `npm run leads -- retry`. Leases
   * keep it and a running loop (this process's or another's) from sending one delivery twice.
   */
  async deliverNow(leadIds: string[] | undefined, expected: number): Promise<number> {
    let attempted = 0;
    for (let sent = await this.runOnce(leadIds); sent > 0; sent = await this.runOnce(leadIds)) {
      attempted += sent;
      if (attempted >= expected) break;
    }
    return attempted;
  }

  health(): WorkerHealth {
    return {
      running: this.running,
      startedAt: this.startedAt,
      lastPassAt: this.lastPassAt,
      passStartedAt: this.passStartedAt,
      failingSince: this.failingSince,
      lastError: this.lastError,
      lastErrorCode: this.lastErrorCode,
      unrecorded: this.owed.length,
    };
  }

  private async loop(): Promise<void> {
    while (this.running) {
      const paused = this.pausedUntil - Date.now();
      if (paused > 0) {
        await this.sleep(paused);
        continue;
      }
      if (this.options.idle?.()) {
        this.lastPassAt = Date.now();
        this.failingSince = undefined;
        this.lastError = undefined;
        this.lastErrorCode = undefined;
        await this.sleep(this.options.pollMs);
        continue;
      }
      let sent: number;
      this.passStartedAt = Date.now();
      try {
        sent = await this.pass();
      } catch (error) {
        this.passFailed(error);
        await this.sleep(this.options.pollMs);
        continue;
      } finally {
        this.passStartedAt = undefined;
      }
      if (sent > 0 || !this.running) continue;
      if (this.kicked) {
        this.kicked = false;
        continue;
      }
      await this.sleep(await this.idleWait());
    }
  }

  /** One pass of the loop: what is owed, the start's recovery, then the due deliveries. */
  private async pass(): Promise<number> {
    await this.payOwed();
    await this.recover();
    const sent = await this.runOnce();
    const now = Date.now();
    if (this.failingSince !== undefined) {
      this.options.log?.(
        `delivery resumed after ${Math.round((now - this.failingSince) / 1000)} s without the database`,
      );
      this.failingSince = undefined;
      this.lastError = undefined;
      this.lastErrorCode = undefined;
      this.connectedSince = now;
    }
    this.lastPassAt = now;
    return sent;
  }

  private passFailed(error: unknown): void {
    this.lastError = reason(error);
    const code = (error as { code?: unknown } | null)?.code;
    this.lastErrorCode = typeof code === 'string' ? code : undefined;
    if (this.failingSince === undefined) {
      this.failingSince = Date.now();
      // Once per outage, not once per poll.
      this.options.log?.(
        `delivery pass failed: ${this.lastError}; trying again every ${this.options.pollMs} ms`,
      );
    }
  }

  /** Until the next delivery is due, `pollMs` at most. */
  private async idleWait(): Promise<number> {
    try {
      const due = await this.store.nextDueAt(this.destination);
      if (due !== undefined) return Math.min(this.options.pollMs, Math.max(25, due - Date.now()));
    } catch {
      // The next pass finds out whether the database is gone.
    }
    return this.options.pollMs;
  }

  private async payOwed(): Promise<void> {
    while (this.owed.length > 0) {
      await this.owed[0]!();
      this.owed.shift();
    }
  }

  /** Waits `ms`, or less when woken (`kick`, `stop`). */
  private async sleep(ms: number): Promise<void> {
    if (!this.running) return;
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
   * waits for the next window (or the end of a pause another instance met). Another worker's
   * expired lease is taken over only once this one has reached the database for a whole lease:
   * after an outage, the holder (back as soon as this one) records what it sent first.
   */
  async runOnce(leadIds?: string[]): Promise<number> {
    const now = Date.now();
    const claimed = await this.store.claimDue(
      now,
      this.options.concurrency,
      this.options.leaseMs,
      leadIds,
      {
        takeOverExpired: now - this.connectedSince >= this.options.leaseMs,
        destination: this.destination,
      },
    );
    if (claimed.length === 0) return 0;
    for (const delivery of claimed) this.inFlight.add(delivery.id);
    try {
      const { count, windowMs } = this.options.sendLimit;
      // HubSpot's portal limit is HubSpot's: a webhook's sends take no slot of it.
      const slots =
        this.sink.name === 'webhook'
          ? { granted: claimed.length, pausedUntil: 0, windowEndsAt: now }
          : await this.store.takeSendSlots(now, claimed.length, count, windowMs);
      const sending = claimed.slice(0, slots.granted);
      const unsent = claimed.slice(slots.granted).map((d) => d.id);
      await this.store.releaseClaims(unsent);
      for (const id of unsent) this.inFlight.delete(id);
      if (sending.length < claimed.length) {
        this.pausedUntil = Math.max(this.pausedUntil, slots.pausedUntil || slots.windowEndsAt);
      }
      // Every send runs to its end (and its record) before the pass reports a failure of one.
      const results = await Promise.allSettled(sending.map((delivery) => this.deliver(delivery)));
      const failed = results.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
      return sending.length;
    } catch (error) {
      // Nothing was sent: the claims go back (once the database takes it), not left to expire.
      const unsent = claimed.map((d) => d.id).filter((id) => this.inFlight.delete(id));
      if (unsent.length > 0) {
        this.owed.push(() => this.store.releaseClaims(unsent));
      }
      throw error;
    }
  }

  private async deliver(delivery: DeliveryRow): Promise<void> {
    const sink = this.sink;
    if (sink.name === 'webhook') {
      // The stored payload as it is: its file links are the site's own unguessable ones.
      const result = await sink.send(delivery);
      return this.recordSent(delivery, this.webhookRecord(delivery, result));
    }
    let replacements: Record<string, string> = {};
    try {
      replacements = this.options.resolveFiles
        ? await this.options.resolveFiles(delivery, sink)
        : {};
    } catch (error) {
      // Files could not be read or uploaded: nothing was sent, the claim goes back.
      this.inFlight.delete(delivery.id);
      this.owed.push(() => this.store.releaseClaims([delivery.id]));
      throw error;
    }
    const body = outgoingBody(delivery, replacements);
    const result = await sink.send(delivery.formKey, body);
    return this.recordSent(delivery, this.toRecord(delivery, body, result));
  }

  /** Writes a sent delivery's outcome, or owes it to the outbox while the database is away. */
  private async recordSent(delivery: DeliveryRow, record: AttemptRecord): Promise<void> {
    const at = Date.now();
    const write = async () => {
      await this.store.recordAttempt(delivery.id, record, at);
      // A 429 pauses every instance: the pause is written where they all look before sending.
      if (
        this.sink.name !== 'webhook' &&
        record.status === 'pending' &&
        record.httpStatus === 429
      ) {
        await this.store.pauseSending(this.pausedUntil);
      }
    };
    try {
      await write();
    } catch (error) {
      // HubSpot has its answer; the outbox gets it before this worker claims anything again.
      this.owed.push(write);
      this.options.log?.(
        `delivery ${delivery.id} was sent (${record.status}) but not recorded: ${reason(error)}; recording it once the database answers`,
      );
    } finally {
      this.inFlight.delete(delivery.id);
    }
  }

  /** A webhook's answer as the outbox records it: the same backoff and holds as HubSpot's. */
  private webhookRecord(delivery: DeliveryRow, http: HttpResult): AttemptRecord {
    const httpStatus = http.ok ? http.status : undefined;
    const response = http.ok ? http.body : undefined;
    const verdict = classifyWebhook(http);
    const now = Date.now();
    if (verdict.kind === 'delivered') {
      return { status: 'delivered', httpStatus: httpStatus ?? 200, response: response ?? '' };
    }
    if (verdict.kind === 'hold') {
      return { status: 'held', holdKind: 'provider', httpStatus, response, error: verdict.reason };
    }
    return this.retryRecord(delivery, http, verdict, now);
  }

  /**
   * A transient failure: tried again after its Retry-After or the backoff. A 429 pauses this
   * worker as long (HubSpot's also pauses every instance: recordSent); other workers go on.
   */
  private retryRecord(
    delivery: DeliveryRow,
    http: HttpResult,
    verdict: { reason: string; retryAfterMs?: number },
    now: number,
  ): AttemptRecord {
    const httpStatus = http.ok ? http.status : undefined;
    const delay =
      verdict.retryAfterMs ??
      backoffDelay(delivery.attempts, this.options.retryBaseMs, this.options.retryMaxMs);
    if (httpStatus === 429) this.pausedUntil = Math.max(this.pausedUntil, now + delay);
    return {
      status: 'pending',
      nextAttemptAt: now + delay,
      httpStatus,
      response: http.ok ? http.body : undefined,
      error: verdict.reason,
    };
  }

  private toRecord(
    delivery: DeliveryRow,
    sent: HubSpotBody,
    result: Awaited<ReturnType<CrmSink['send']>>,
  ): AttemptRecord {
    if (result.kind === 'unconfigured') {
      return { status: 'held', holdKind: 'unconfigured', error: result.reason };
    }
    const http = result.result;
    const httpStatus = http.ok ? http.status : undefined;
    const response = http.ok ? http.body : undefined;
    const verdict = classify(http, delivery.droppedContext, {
      sent: sent.fields.map((field) => field.name),
      dropped: delivery.droppedFields?.fields.map((field) => field.name),
    });
    const now = Date.now();
    switch (verdict.kind) {
      case 'delivered':
        return {
          status: 'delivered',
          httpStatus: http.ok ? http.status : 200,
          response: response ?? '',
        };
      case 'retry':
        return this.retryRecord(delivery, http, verdict, now);
      case 'retry-without':
        // Sent again at once without what HubSpot refused; the outbox keeps the whole body.
        return {
          status: 'pending',
          nextAttemptAt: now,
          httpStatus,
          response,
          error: verdict.reason,
          ...(verdict.keys.length > 0
            ? { dropContext: [...delivery.droppedContext, ...verdict.keys] }
            : {}),
          ...(verdict.fields.length > 0
            ? {
                dropFields: {
                  at: now,
                  httpStatus: httpStatus ?? 400,
                  response: response ?? '',
                  fields: verdict.fields.map(({ name, errorType, message }) => ({
                    name,
                    value: sent.fields.find((f) => f.name === name)?.value ?? '',
                    errorType,
                    message,
                  })),
                },
              }
            : {}),
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
