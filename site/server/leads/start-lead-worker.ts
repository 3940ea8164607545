/**
 * Starts the delivery worker in the server process (called from `instrumentation.ts` on the
 * Node runtime). Skipped while Next builds: a build must not touch the outbox.
 */
import { env } from '@/site/env';
import { createWorkerFromEnv } from './lead-services';
import { getRunningWorker, setRunningWorker } from './worker-registry';

export function startLeadWorker(): void {
  if (env.NEXT_PHASE === 'phase-production-build' || getRunningWorker()) return;
  const worker = createWorkerFromEnv();
  setRunningWorker(worker);
  worker.start();
  const stop = () => {
    void worker.stop();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
