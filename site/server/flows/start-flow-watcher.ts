/** The site's flow watcher, started once per server process when it listens (instrumentation.ts). */
import { env } from '@/site/env';
import { watchPublishedFlows, type FlowWatcher } from './flow-publish-watcher';
import { revalidateFlows } from './revalidate-flows';
import { siteFlowStore, siteFlows } from './site-flows';

let watcher: FlowWatcher | undefined;

export function startFlowWatcher(origin: string): void {
  if (env.NEXT_PHASE === 'phase-production-build' || watcher) return;
  watcher = watchPublishedFlows({
    flows: siteFlows(),
    store: siteFlowStore(),
    intervalMs: env.FLOWS_WATCH_MS,
    revalidate: (flowIds) => revalidateFlows(origin, flowIds),
  });
  process.once('SIGTERM', () => watcher?.stop());
}
