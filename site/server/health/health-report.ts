/**
 * What `GET /healthz` says of the server: the database, the delivery worker, the outbox and the
 * uploads folder, each checked for real, and which of them fail. A load balancer or an
 * orchestrator reads the status (200 or 503); an operator reads which part failed. Nothing in it
 * names an address, a path or a credential.
 *
 * Unhealthy (503) when:
 * - the database cannot be reached;
 * - the delivery worker has not completed a pass for three poll intervals, plus the longest one
 *   pass may legitimately wait on HubSpot (its timeout): stopped, stalled, or failing every pass;
 * - a file cannot be written in the uploads folder (full, read-only, gone).
 */
import type { Dialect } from '@/site/server/db/database';
import type { WorkerHealth } from '@/site/server/leads/delivery-worker';
import type { OutboxDepth } from '@/site/server/leads/lead-store';

export type HealthPart = 'database' | 'worker' | 'uploads';

export interface HealthChecks {
  dialect: Dialect;
  /** Reads the outbox's depth; rejects when the database cannot be reached. */
  outbox: (now: number) => Promise<OutboxDepth>;
  worker: () => WorkerHealth;
  /** Whether the worker runs in this process at all (not in a CLI, not while building). */
  workerExpected: boolean;
  pollMs: number;
  /** The longest a pass may wait on one HubSpot call. */
  sendTimeoutMs: number;
  /** Writes and removes a small file in the uploads folder; rejects when it cannot. */
  probeUploads: () => Promise<void>;
  now?: () => number;
}

export interface HealthReport {
  status: 'ok' | 'unavailable';
  /** The parts that fail, in the order above; empty when healthy. */
  failing: HealthPart[];
  database: Dialect;
  worker: {
    state: 'running' | 'stalled' | 'failing' | 'stopped' | 'none';
    /** Seconds since the worker last completed a pass (null before its first). */
    lastPassAgeSeconds: number | null;
    /** Outcomes of sends not yet written (kept in memory while the database is away). */
    unrecorded: number;
  };
  outbox: {
    pending: number;
    oldestPendingAgeSeconds: number | null;
    /** How long the longest-waiting due delivery has waited to go out, in seconds. */
    lagSeconds: number | null;
  } | null;
  uploads: 'writable' | 'not writable';
  /** Why each failing part fails, in plain words. */
  problems: string[];
}

const seconds = (ms: number) => Math.max(0, Math.round(ms / 1000));

/** An error's code in brackets (`ENOSPC`, `SQLITE_BUSY`): what it is, never where. */
function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[A-Z0-9_]{2,20}$/.test(code) ? ` (${code})` : '';
}

export async function healthReport(checks: HealthChecks): Promise<HealthReport> {
  const now = (checks.now ?? Date.now)();
  const failing: HealthPart[] = [];
  const problems: string[] = [];

  const [outbox, uploads] = await Promise.allSettled([checks.outbox(now), checks.probeUploads()]);

  if (outbox.status === 'rejected') {
    failing.push('database');
    problems.push('The database cannot be reached');
  }

  const worker = checks.worker();
  const lastPassAgeSeconds =
    worker.lastPassAt === undefined ? null : seconds(now - worker.lastPassAt);
  // A pass under way may wait on HubSpot for its timeout; past that, and three polls, it is stuck.
  const allowedMs = 3 * checks.pollMs + checks.sendTimeoutMs;
  let state: HealthReport['worker']['state'] = 'running';
  if (!checks.workerExpected) state = 'none';
  else if (!worker.running) state = 'stopped';
  else if (worker.failingSince !== undefined) state = 'failing';
  else if (now - (worker.lastPassAt ?? worker.startedAt) > allowedMs) state = 'stalled';
  if (
    state === 'stopped' ||
    state === 'stalled' ||
    (state === 'failing' && now - worker.failingSince! > allowedMs)
  ) {
    failing.push('worker');
    problems.push(
      state === 'stopped'
        ? 'The delivery worker is not running'
        : `The delivery worker has not completed a pass for ${seconds(now - (worker.lastPassAt ?? worker.startedAt))} s` +
            (state === 'failing' ? errorCode({ code: worker.lastErrorCode }) : ''),
    );
  }

  if (uploads.status === 'rejected') {
    failing.push('uploads');
    problems.push(`The uploads folder cannot be written${errorCode(uploads.reason)}`);
  }

  return {
    status: failing.length === 0 ? 'ok' : 'unavailable',
    failing,
    database: checks.dialect,
    worker: { state, lastPassAgeSeconds, unrecorded: worker.unrecorded },
    outbox:
      outbox.status === 'fulfilled'
        ? {
            pending: outbox.value.deliveries,
            oldestPendingAgeSeconds:
              outbox.value.oldestReceivedAt === null
                ? null
                : seconds(now - outbox.value.oldestReceivedAt),
            lagSeconds:
              outbox.value.oldestDueAt === null ? null : seconds(now - outbox.value.oldestDueAt),
          }
        : null,
    uploads: uploads.status === 'fulfilled' ? 'writable' : 'not writable',
    problems,
  };
}
