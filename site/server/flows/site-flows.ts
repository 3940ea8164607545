/**
 * The flows the site serves: the newest published version of each flow in the catalogue
 * (flow-catalogue.ts), over the files in `flows/` that seeded it. Pages, `/api/flows/{id}`, the lead
 * and flow-event endpoints and the back office read flows here, so a version published in the
 * studio (or with `npm run flows -- publish`) reaches each of them without a rebuild.
 *
 * - `current()` is a synchronous snapshot, a `FlowRegistry` like the files' one: whoever holds it
 *   sees one consistent set of flows. It starts as the files' registry and is replaced by
 *   `refresh()`, which reads the newest version number of every flow (one small query) and
 *   compiles only the flows whose number changed.
 * - `fresh(maxAgeMs)` refreshes when the snapshot is older than that, sharing one refresh among
 *   concurrent callers; a failed refresh (database down) logs and keeps the snapshot it had.
 * - `version(id, n)` is any published version, kept once compiled (versions are immutable): a
 *   visitor who started on version n submits against version n after n + 1 is published.
 * - While Next builds there is no database: pages are prerendered from the files. A page or a
 *   `/api/flows/{id}` cached for another revision of its flow than the live one is never served
 *   (site/server/runtime/page-cache-handler.mjs asks `isLiveRevision`): it is rendered again.
 *
 * The catalogue (flow-catalogue.ts) holds the process's one `SiteFlows`, as `live`.
 */
import type { Diagnostic, ResolvedFlow } from '@/engine';
import type { FlowCatalogue } from './flow-catalogue';
import { isOptionListId } from './flow-version-store';
import { flowLookups, type FlowRegistry } from './flow-registry';
import { absentFlowRevision, flowRevision, revisionFlowId } from './flow-revision';

/**
 * How old a snapshot may be when a lead or a page asks for a flow: one query a second at most,
 * and a publish reaches every instance's endpoints well within the 10 s the studio promises.
 */
export const LOOKUP_MAX_AGE_MS = 1000;

/** How many old versions stay compiled in memory (each is a few KiB of JSON). */
const OLD_VERSIONS_KEPT = 64;

export interface SiteFlowsOptions {
  /** The files' registry: the snapshot before the first refresh, and the flows while building. */
  files: FlowRegistry;
  /** What it reads; absent while building: the files are then all there is. */
  catalogue?: Pick<
    FlowCatalogue,
    'latestVersionNumbers' | 'versionSource' | 'check' | 'reloadOptionLists'
  >;
  log?: (message: string) => void;
  now?: () => number;
}

export class SiteFlows {
  private snapshot: FlowRegistry;
  private refreshedAt = -Infinity;
  private refreshing: Promise<string[]> | undefined;
  /** The option list versions the snapshot was compiled with (none read yet: the files'). */
  private lists: string | undefined;
  private readonly old = new Map<string, ResolvedFlow>();
  /**
   * The published versions (`id@version`) that did not load with the lists of `lists`: not
   * compiled again, nor logged again, until a list changes.
   */
  private readonly failed = new Set<string>();
  private readonly log: (message: string) => void;
  private readonly now: () => number;

  constructor(private readonly options: SiteFlowsOptions) {
    this.snapshot = options.files;
    this.log = options.log ?? console.error;
    this.now = options.now ?? Date.now;
  }

  /** The flows as last refreshed (the files' ones before any refresh). */
  current(): FlowRegistry {
    return this.snapshot;
  }

  /**
   * Whether `revision` (flow-revision.ts) is what the site serves of its flow now: the newest
   * version as last refreshed, or, for a flow the catalogue lacks, its absence.
   */
  isLiveRevision(revision: string): boolean {
    const flowId = revisionFlowId(revision);
    const flow = this.snapshot.get(flowId);
    return revision === (flow ? flowRevision(flow) : absentFlowRevision(flowId));
  }

  /**
   * Reads the store and swaps in a snapshot holding each flow's newest version; resolves with
   * the ids whose version changed. A stored version that no longer passes the checks (a shared
   * option list changed under it) keeps the flow at the version it had, and is logged.
   */
  refresh(): Promise<string[]> {
    this.refreshing ??= this.load().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  /** The snapshot, refreshed first when it is older than `maxAgeMs`. */
  async fresh(maxAgeMs: number): Promise<FlowRegistry> {
    if (this.options.catalogue && this.now() - this.refreshedAt >= maxAgeMs) {
      try {
        await this.refresh();
      } catch (error) {
        this.log(
          `[flows] could not read the published flows, serving the last known: ${String(error)}`,
        );
      }
    }
    return this.snapshot;
  }

  /**
   * The flow a lead or an event is checked against: version `version` when given (any published
   * one), else the newest, read from the store at most `LOOKUP_MAX_AGE_MS` ago.
   */
  async flow(flowId: string, version?: number): Promise<ResolvedFlow | undefined> {
    const current = (await this.fresh(LOOKUP_MAX_AGE_MS)).get(flowId);
    if (version === undefined || !current) return current;
    return this.version(flowId, version);
  }

  /** Version `version` of a flow, or undefined when it was never published. */
  async version(flowId: string, version: number): Promise<ResolvedFlow | undefined> {
    const current = this.snapshot.get(flowId);
    if (current?.version === version) return current;
    const key = `${flowId}@${version}`;
    const kept = this.old.get(key);
    if (kept || this.failed.has(key)) return kept;
    const source = await this.options.catalogue?.versionSource(flowId, version);
    if (source === undefined) return undefined;
    const checked = this.options.catalogue?.check(flowId, source);
    const flow = checked?.flow;
    if (!flow) {
      if (checked) this.doesNotLoad(flowId, version, checked.diagnostics);
      return undefined;
    }
    if (this.old.size >= OLD_VERSIONS_KEPT) this.old.delete(this.old.keys().next().value!);
    this.old.set(key, flow);
    return flow;
  }

  private async load(): Promise<string[]> {
    const store = this.options.catalogue;
    if (!store) return [];
    const started = this.now();
    const numbers = await store.latestVersionNumbers();
    // A shared list published since the last look changes the flows that use it: every flow is
    // compiled again (list publishes are rare), and those whose result differs have changed.
    const lists = [...numbers]
      .filter(([id]) => isOptionListId(id))
      .map(([id, version]) => `${id}@${version}`)
      .sort()
      .join(',');
    const listsChanged = lists !== this.lists;
    if (listsChanged) {
      await store.reloadOptionLists();
      this.failed.clear();
    }
    const before = this.snapshot;
    const flows: Record<string, ResolvedFlow> = { ...before.flows };
    const changed: string[] = [];
    for (const [flowId, version] of numbers) {
      if (isOptionListId(flowId)) continue;
      const had = before.get(flowId);
      if (had?.version === version && !listsChanged) continue;
      if (this.failed.has(`${flowId}@${version}`)) continue;
      const source = await store.versionSource(flowId, version);
      const checked = source === undefined ? undefined : store.check(flowId, source);
      if (!checked?.flow) {
        this.doesNotLoad(flowId, version, checked?.diagnostics);
        continue;
      }
      if (had && JSON.stringify(had) === JSON.stringify(checked.flow)) continue;
      flows[flowId] = checked.flow;
      changed.push(flowId);
    }
    if (listsChanged) this.old.clear();
    if (changed.length > 0) {
      this.snapshot = { ...before, ...flowLookups(flows) };
    }
    this.lists = lists;
    this.refreshedAt = started;
    return changed;
  }

  /** Logs a published version that does not load (`undefined`: its text is gone), once. */
  private doesNotLoad(flowId: string, version: number, diagnostics: Diagnostic[] | undefined) {
    this.failed.add(`${flowId}@${version}`);
    const problems = diagnostics?.map((d) => this.snapshot.format(d)).join('; ') ?? 'gone';
    this.log(`[flows] ${flowId} version ${version} is published but does not load: ${problems}`);
  }
}
