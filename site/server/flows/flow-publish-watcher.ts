/**
 * Keeps this instance's flow catalogue current, whichever instance published. Every instance
 * runs this watcher (the runtime starts it, site/server/runtime/site-runtime.ts): it first imports
 * the flows folder's files by the seeder's rule (flow-seeder.ts), logging each import with its
 * file, then reads the store every
 * `intervalMs` (a query of each flow's newest version number) and swaps in a snapshot when a
 * flow moved on.
 *
 * Nothing has to be revalidated for pages: the page cache (site/server/runtime/
 * page-cache-handler.mjs) checks every cached page and `/api/flows/{id}` against the snapshot as
 * it serves them, so the next visit after a refresh renders the new version.
 */
import type { FlowCatalogue } from './flow-catalogue';
import { describeImport } from './flow-seeder';

export interface FlowWatcherOptions {
  catalogue: Pick<FlowCatalogue, 'seed' | 'live'>;
  intervalMs: number;
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
  let seeded = false;
  // A store that is down at start is seeded on the first look that reaches it.
  const seed = async () => {
    if (seeded) return;
    const { imported, diagnostics } = await options.catalogue.seed();
    seeded = true;
    for (const i of imported) log(`[flows] ${describeImport(i)}`);
    for (const d of diagnostics) log(`[flows] not imported: ${d.file} ${d.pointer}: ${d.message}`);
  };

  let failing = false;
  const tick = async (): Promise<string[]> => {
    await seed();
    const changed = await options.catalogue.live.refresh();
    if (changed.length > 0) log(`[flows] new published versions: ${changed.join(', ')}`);
    return changed;
  };

  const loop = async () => {
    try {
      await tick();
      if (failing) log('[flows] the published flows can be read again');
      failing = false;
    } catch (error) {
      // Once per outage: the pages keep the last snapshot meanwhile.
      if (!failing) log(`[flows] could not check for published versions: ${String(error)}`);
      failing = true;
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
