/**
 * The running delivery worker, shared through `globalThis`: Next bundles `instrumentation.ts`
 * (which starts it) and the route handlers (which wake it) separately, so a module-level
 * variable would not be seen by both.
 */
const key = Symbol.for('site.leads.delivery-worker');

interface Wakeable {
  kick(): void;
}

type Holder = typeof globalThis & { [key]?: Wakeable };

export function setRunningWorker(worker: Wakeable | undefined): void {
  (globalThis as Holder)[key] = worker;
}

export function getRunningWorker(): Wakeable | undefined {
  return (globalThis as Holder)[key];
}

/** Asks the worker for an immediate delivery pass (no-op when no worker runs here). */
export function kickWorker(): void {
  getRunningWorker()?.kick();
}
