/**
 * The flow catalogue: the one entry point to where a flow comes from. The database holds what is
 * live, each flow's and shared option list's published versions (immutable, numbered) and one
 * draft per flow; the flows folder is the seed, and what `npm run flows -- export` writes back.
 * The runtime (site/server/runtime/site-runtime.ts) holds the process's one catalogue; the CLI
 * makes one over the database the environment names.
 *
 * Its parts, each a module of its own:
 * - flow-version-store.ts: the SQL (versions, drafts, numbering under concurrent writers), and
 *   draft-revision.ts, the rule by which a save or publish from a stale base is refused;
 * - option-list-cache.ts: the shared option lists every check uses (files, stored ones over them);
 * - flow-checker.ts: a text's checks, as `npm run flows -- check` makes them;
 * - flow-seeder.ts: the folder's files into the store, by the rule written there;
 * - site-flows.ts: `live`, the snapshot of each flow's newest version that pages, endpoints and
 *   tools read (refreshed from the store, a cache checked against it).
 *
 * A version is stored only after its text passed the checks; a refusal is a value carrying the
 * diagnostics, placed at their line and column. A flow's published text has its `version`
 * rewritten to the number the store gives, nothing else; an option list is stored as written,
 * and only when every flow as published still loads with it.
 */
import {
  checkFlowLinks,
  locateInText,
  type Diagnostic,
  type FlowVars,
  type LinkHosts,
  type LoadFlowsOptions,
  type ResolvedFlow,
} from '@/engine';
import type { SiteDatabase } from '@/site/server/db/database';
import { FlowChecker, isError } from './flow-checker';
import type { FlowRegistry } from './flow-registry';
import { seedFromFiles, type SeedResult } from './flow-seeder';
import type { DraftBase, DraftOp, FlowHead } from './draft-revision';
import {
  FlowVersionStore,
  isOptionListId,
  optionListIdOf,
  type DraftDiscard,
  type DraftWrite,
  type FlowDraft,
  type FlowVersion,
  type FlowVersionInfo,
  type VersionMeta,
} from './flow-version-store';
import { OptionListCache } from './option-list-cache';
import { setSourceVersion } from './set-source-version';
import { SiteFlows } from './site-flows';

export type { FlowDraft, FlowVersion, FlowVersionInfo } from './flow-version-store';
export type { DraftBase, FlowHead } from './draft-revision';
export { isOptionListId, optionListIdOf, optionListStoreId } from './flow-version-store';

export type PublishResult =
  | {
      ok: true;
      version: number;
      /** The text as stored: its `version` set to `version` (a flow), or as sent (a list). */
      source: string;
      warnings: Diagnostic[];
    }
  | { ok: false; diagnostics: Diagnostic[] };

/** A publish from a stale base (`publishFrom`): nothing stored, the flow's text now instead. */
export type PublishConflict = { ok: false; conflict: FlowHead };

export interface FlowCatalogueOptions extends LoadFlowsOptions {
  /** The flows folder: the seed, and the shared option lists under the stored ones. */
  flowsDir: string;
  vars: FlowVars;
  database: () => Promise<SiteDatabase>;
  /** The folder's flows as loaded: `live` before its first refresh, and while Next builds. */
  files: FlowRegistry;
  /** False while Next builds: no database, the files are all there is. */
  readsStore?: boolean;
  log?: (message: string) => void;
  now?: () => number;
}

export class FlowCatalogue {
  readonly store: FlowVersionStore;
  readonly lists: OptionListCache;
  readonly checker: FlowChecker;
  /** Each flow's newest version as last refreshed: what visitors get. */
  readonly live: SiteFlows;

  constructor(private readonly options: FlowCatalogueOptions) {
    this.store = new FlowVersionStore({ database: options.database, now: options.now });
    this.lists = new OptionListCache(options.flowsDir, this.store);
    this.checker = new FlowChecker({
      vars: options.vars,
      lists: this.lists,
      unconfiguredForm: options.unconfiguredForm,
      linkHosts: options.linkHosts,
    });
    this.live = new SiteFlows({
      files: options.files,
      catalogue: options.readsStore === false ? undefined : this,
      log: options.log,
      now: options.now,
    });
  }

  /**
   * Checks a stored flow's text as `npm run flows -- check` checks `<flowId>.json`, to serve it
   * (flow-checker.ts: a link outside an enforced host list warns only); `publish` holds a new
   * text to every rule.
   */
  check(flowId: string, source: string) {
    return this.checker.flow(flowId, source, undefined, 'serve');
  }

  /** The flows folder's files into the store (flow-seeder.ts says the rule). */
  seed(dir: string = this.options.flowsDir): Promise<SeedResult> {
    return seedFromFiles({ dir, store: this.store, checker: this.checker, lists: this.lists });
  }

  /**
   * Checks `source` and, when it has no error, stores it as the id's next version (a flow's
   * `version` rewritten to that number) and ends the flow's draft, in one transaction; then
   * this instance's `live` is refreshed (the others' within their watch interval).
   */
  async publish(id: string, source: string, meta: VersionMeta): Promise<PublishResult> {
    return (await this.publishFrom(id, source, meta, undefined)) as PublishResult;
  }

  /**
   * `publish` by an editor whose text started from `base`: stored only while the flow is still
   * there (draft-revision.ts: its newest version and its draft's revision), checked in the
   * transaction that stores it; else the flow's text now (`conflict`). Without a base, always.
   */
  async publishFrom(
    id: string,
    source: string,
    meta: VersionMeta,
    base: DraftBase | undefined,
  ): Promise<PublishResult | PublishConflict> {
    await this.lists.reload();
    const result = isOptionListId(id)
      ? await this.publishList(id, source, meta, base)
      : await this.publishFlow(id, source, meta, base);
    if (result.ok && this.options.readsStore !== false) await this.live.refresh();
    return result;
  }

  private async publishFlow(
    flowId: string,
    source: string,
    meta: VersionMeta,
    base: DraftBase | undefined,
  ): Promise<PublishResult | PublishConflict> {
    const checked = this.checker.flow(flowId, source);
    if (!checked.flow || checked.diagnostics.some(isError)) {
      return { ok: false as const, diagnostics: checked.diagnostics };
    }
    const links = await this.linkProblems(flowId, checked.flow, source);
    if (links.length > 0) return { ok: false as const, diagnostics: links };
    const stored = await this.store.publishNext(
      flowId,
      (next) => setSourceVersion(source, next),
      meta,
      base,
    );
    if (!stored.ok) return { ok: false, conflict: stored.head };
    return { ...stored, warnings: checked.diagnostics };
  }

  /**
   * What publishing `flow` would break between the live flows (engine's checkFlowLinks, as
   * `flows -- check` runs it over a folder): its booking's fallback must be a live flow that is
   * not a booking itself, and a booking that falls back to it must still be able to. Each problem
   * is placed in the text being published.
   */
  private async linkProblems(
    flowId: string,
    flow: ResolvedFlow,
    source: string,
  ): Promise<Diagnostic[]> {
    const flows = { ...(await this.live.fresh(0)).flows, [flowId]: flow };
    const file = `${flowId}.json`;
    return checkFlowLinks(flows).flatMap((d) => {
      if (d.file === file) return [locateInText(file, source, d)];
      const other = d.file.slice(0, -'.json'.length);
      if (flows[other]?.booking?.fallbackFlow !== flowId) return [];
      return [
        locateInText(file, source, {
          ...d,
          file,
          pointer: '/booking',
          message: `Flow "${other}" falls back to this flow, which would no longer work: ${d.message}`,
          args: { ...d.args, fallsBack: other },
        }),
      ];
    });
  }

  /**
   * An option list's text after its own checks, and only when every flow as published still
   * loads with it (a removed value a branch tests, say): each flow's problems are refused with
   * the flow named.
   */
  private async publishList(
    id: string,
    source: string,
    meta: VersionMeta,
    base: DraftBase | undefined,
  ): Promise<PublishResult | PublishConflict> {
    const listId = optionListIdOf(id);
    const checked = this.checker.list(listId, source);
    if (checked.diagnostics.length > 0) return { ok: false, diagnostics: checked.diagnostics };
    const lists = this.lists.lists({ [listId]: JSON.parse(source) as unknown });
    const broken: Diagnostic[] = [];
    for (const flow of await this.store.latestVersions(undefined, 'flows')) {
      const result = this.checker.flow(flow.flowId, flow.source, lists, 'serve');
      for (const d of result.diagnostics.filter(isError)) {
        broken.push({
          ...d,
          message: `Flow "${flow.flowId}" would no longer load: ${d.message}`,
          args: { ...d.args, inFlow: flow.flowId },
        });
      }
    }
    if (broken.length > 0) return { ok: false, diagnostics: broken };
    const stored = await this.store.publishNext(id, () => source, meta, base);
    if (!stored.ok) return { ok: false, conflict: stored.head };
    await this.lists.reload();
    return { ...stored, warnings: [] };
  }

  /** The shared lists' data as checks see them, by list id (the studio's browser checks). */
  optionListData(): Readonly<Record<string, unknown>> {
    return this.lists.data();
  }

  /** The hosts endings may link to, as `publish` holds them (the studio's browser checks). */
  linkHosts(): LinkHosts | undefined {
    return this.options.linkHosts;
  }

  reloadOptionLists(): Promise<void> {
    return this.lists.reload();
  }

  /**
   * The flow's text now, when `op` from `base` would overwrite it (draft-revision.ts); undefined
   * while the base is current. Asked before other checks: the write itself asks again.
   */
  staleBase(flowId: string, op: DraftOp, base: DraftBase): Promise<FlowHead | undefined> {
    return this.store.staleBase(flowId, op, base);
  }

  // What the store holds, read as it is; a write given the editor's base, only from it.
  saveDraft(flowId: string, source: string, author: string, base?: DraftBase): Promise<DraftWrite> {
    return this.store.saveDraft(flowId, source, author, base);
  }
  draftOf(flowId: string): Promise<FlowDraft | undefined> {
    return this.store.draftOf(flowId);
  }
  draftIds(): Promise<string[]> {
    return this.store.draftIds();
  }
  discardDraft(flowId: string, by?: string, base?: DraftBase): Promise<DraftDiscard> {
    return this.store.discardDraft(flowId, by, base);
  }
  versions(flowId: string): Promise<FlowVersionInfo[]> {
    return this.store.versions(flowId);
  }
  versionSource(flowId: string, version: number): Promise<string | undefined> {
    return this.store.versionSource(flowId, version);
  }
  latestVersionNumbers(): Promise<Map<string, number>> {
    return this.store.latestVersionNumbers();
  }
  latest(flowId: string): Promise<FlowVersion | undefined> {
    return this.store.latest(flowId);
  }
  latestVersions(flowId?: string, kind?: 'flows' | 'lists'): Promise<FlowVersion[]> {
    return this.store.latestVersions(flowId, kind);
  }
}
