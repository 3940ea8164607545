/**
 * The process's delivery workers, one per destination: HubSpot's and one per configured webhook.
 * Each runs its own loop over its own deliveries (delivery-worker.ts), so a webhook that is down
 * or hangs never delays HubSpot's delivery, nor the reverse. Together they answer what the
 * runtime, the endpoint and the CLI ask of "the worker": start, stop, wake, deliver now, health.
 */
import type { DeliveryWorker, WorkerHealth } from './delivery-worker';

const earliest = (values: (number | undefined)[]) => {
  const defined = values.filter((value): value is number => value !== undefined);
  return defined.length > 0 ? Math.min(...defined) : undefined;
};

export class DeliveryWorkers {
  constructor(readonly workers: readonly DeliveryWorker[]) {}

  /** The destinations served, HubSpot first (its partial leads' worker is HubSpot too). */
  destinations(): string[] {
    return [...new Set(this.workers.map((worker) => worker.destination))];
  }

  start(): void {
    for (const worker of this.workers) worker.start();
  }

  async stop(graceMs?: number): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.stop(graceMs)));
  }

  /** Wakes every destination's worker: a new lead has a delivery for each of them. */
  kick(): void {
    for (const worker of this.workers) worker.kick();
  }

  /**
   * Attempts the due deliveries of these leads now (every due one when undefined), up to
   * `expected` per destination; only `destination`'s when given. Resolves with how many were sent.
   */
  async deliverNow(
    leadIds: string[] | undefined,
    expected: number,
    destination?: string,
  ): Promise<number> {
    const chosen = this.workers.filter(
      (worker) => destination === undefined || worker.destination === destination,
    );
    const sent = await Promise.all(chosen.map((worker) => worker.deliverNow(leadIds, expected)));
    return sent.reduce((sum, n) => sum + n, 0);
  }

  /**
   * One health for `/healthz`: running only if every worker runs, the stalest pass, the first
   * failure. The database is the same for all, so they fail and resume together.
   */
  health(): WorkerHealth {
    const all = this.workers.map((worker) => worker.health());
    const failing = all.find((health) => health.failingSince !== undefined);
    const lastPasses = all.map((health) => health.lastPassAt);
    return {
      running: all.every((health) => health.running),
      startedAt: Math.min(...all.map((health) => health.startedAt)),
      lastPassAt: lastPasses.includes(undefined) ? undefined : earliest(lastPasses),
      passStartedAt: earliest(all.map((health) => health.passStartedAt)),
      failingSince: earliest(all.map((health) => health.failingSince)),
      lastError: failing?.lastError,
      lastErrorCode: failing?.lastErrorCode,
      unrecorded: all.reduce((sum, health) => sum + health.unrecorded, 0),
    };
  }
}
