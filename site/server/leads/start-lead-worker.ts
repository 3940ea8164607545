/**
 * Starts the delivery worker in the server process (called from `instrumentation.ts` on the
 * Node runtime). Skipped while Next builds: a build must not touch the outbox.
 */
import { env } from '@/site/env';
import { siteFlowRegistry } from '@/site/server/flows/site-flow-registry';
import { createWorkerFromEnv } from './lead-services';
import { getRunningWorker, setRunningWorker } from './worker-registry';

export function startLeadWorker(): void {
  if (env.NEXT_PHASE === 'phase-production-build' || getRunningWorker()) return;
  const worker = createWorkerFromEnv();
  setRunningWorker(worker);
  worker.start();
  // The flows are loaded at start rather than by the first lead, so a flow problem or a form
  // key without a HubSpot form is in the log as the server comes up.
  siteFlowRegistry();
  const stop = () => {
    void worker.stop();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
