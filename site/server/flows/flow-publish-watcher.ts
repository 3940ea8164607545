/**
 * Brings a published flow version to this instance's pages, whichever instance published it.
 * Pages and `/api/flows/{id}` are statically generated and kept by Next between publishes; every
 * instance runs this watcher, which reads the store every `intervalMs` (a query of each flow's
 * newest version number) and, when a flow moved on, has the pages revalidated and warmed so the
 * next visitor gets the new version without waiting for a render.
 *
 * Started by the production server once it listens (instrumentation.ts → scripts/serve.mjs): it
 * first imports the flows folder's files the store lacks (`seedFromFiles`), then compares the
 * store with the files the build prerendered, so a server started on an older build catches up
 * at once.
 */
import type { FlowVersionStore } from './flow-versions';
import type { SiteFlows } from './site-flows';

export interface FlowWatcherOptions {
  flows: SiteFlows;
  store: FlowVersionStore;
  intervalMs: number;
  /** Revalidates and warms what shows the flows; resolves once done. */
  revalidate: (flowIds: string[]) => Promise<void>;
  log?: (message: string) => void;
}

export interface FlowWatcher {
  /** One look at the store (what the timer runs); resolves with the flows that moved on. */
  tick(): Promise<string[]>;
  stop(): void;
}

export function watchPublishedFlows(options: FlowWatcherOptions): FlowWatcher {
  const log = options.log ?? console.error;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const seeded = options.store.seedFromFiles().then(
    ({ imported, diagnostics }) => {
      if (imported.length > 0)
        log(`[flows] imported from the flows folder: ${imported.join(', ')}`);
      for (const d of diagnostics)
        log(`[flows] not imported: ${d.file} ${d.pointer}: ${d.message}`);
    },
    (error: unknown) => log(`[flows] could not import the flows folder: ${String(error)}`),
  );

  // Flows whose pages still show an older version: kept until a revalidation succeeds.
  const pending = new Set<string>();
  const tick = async (): Promise<string[]> => {
    await seeded;
    for (const flowId of await options.flows.refresh()) pending.add(flowId);
    const changed = [...pending];
    if (changed.length > 0) {
      log(`[flows] new published versions: ${changed.join(', ')}; revalidating their pages`);
      await options.revalidate(changed);
      for (const flowId of changed) pending.delete(flowId);
    }
    return changed;
  };

  const loop = async () => {
    try {
      await tick();
    } catch (error) {
      log(`[flows] could not check for published versions: ${String(error)}`);
    }
    if (!stopped) timer = setTimeout(() => void loop(), options.intervalMs).unref();
  };
  void loop();

  return {
    tick,
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
