/**
 * The shared option lists every check uses: the flows folder's `options/*.json` with the newest
 * stored version of each over them (flow-version-store.ts), read and resolved once and kept until
 * `reload` reads both again (the catalogue reloads after a list is published or imported, and a
 * refresh when another instance published one).
 */
import {
  loadOptionListsFromData,
  readOptionListFiles,
  type Diagnostic,
  type OptionLists,
} from '@/engine';
import { optionListIdOf, type FlowVersionStore } from './flow-version-store';

/** The lists resolved, with the problems of those that did not resolve. */
export interface ResolvedLists {
  optionLists: OptionLists;
  diagnostics: Diagnostic[];
}

/** The lists as data by id, the folder's unreadable files, and both resolved. */
type SharedLists = { data: Record<string, unknown>; unread: Diagnostic[]; lists: ResolvedLists };

export class OptionListCache {
  /** The newest stored version of each option list, as data, by list id. */
  private stored: Record<string, unknown> = {};
  private resolved: SharedLists | undefined;

  constructor(
    private readonly flowsDir: string,
    private readonly store: FlowVersionStore,
  ) {}

  private shared(): SharedLists {
    if (!this.resolved) {
      const read = readOptionListFiles(this.flowsDir);
      const data = { ...read.files, ...this.stored };
      this.resolved = { data, unread: read.diagnostics, lists: resolve(data, read.diagnostics) };
    }
    return this.resolved;
  }

  /** The lists resolved (`extra` over them: a list about to be published). */
  lists(extra?: Record<string, unknown>): ResolvedLists {
    const shared = this.shared();
    if (!extra) return shared.lists;
    return resolve({ ...shared.data, ...extra }, shared.unread);
  }

  /**
   * The lists' data as checks see them, by list id (the studio's browser checks use them): the
   * object kept, not a copy.
   */
  data(): Readonly<Record<string, unknown>> {
    return this.shared().data;
  }

  /** Reads the newest stored version of every list; the checks that follow use them. */
  async reload(): Promise<void> {
    const stored: Record<string, unknown> = {};
    for (const v of await this.store.latestVersions(undefined, 'lists')) {
      try {
        stored[optionListIdOf(v.flowId)] = JSON.parse(v.source);
      } catch {
        // Stored only after its checks: unreachable unless the row was edited by hand.
      }
    }
    this.stored = stored;
    this.resolved = undefined;
  }
}

function resolve(data: Record<string, unknown>, unread: Diagnostic[]): ResolvedLists {
  const lists = loadOptionListsFromData(data);
  return { optionLists: lists.optionLists, diagnostics: [...unread, ...lists.diagnostics] };
}
