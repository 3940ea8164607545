/**
 * The flow catalogue's SQL: published versions of each flow and shared option list, immutable and
 * numbered, and one draft per flow, over the site database (SQLite or PostgreSQL, one Kysely
 * store). It stores what it is given; what may be stored is the checker's to say
 * (flow-checker.ts) and the catalogue's to ask (flow-catalogue.ts).
 *
 * - Version numbers are per id, the previous version + 1, taken in the transaction that stores
 *   the version; the primary key refuses a number taken meanwhile by another writer (another
 *   instance), and the write is retried with the next one.
 * - Shared option lists live in the same tables under the id `options/<listId>` (a flow id has no
 *   slash); that prefix is this module's business: callers name lists with `optionListStoreId`.
 * - A draft save, a publish and a discard given the editor's base (`DraftBase`) are each one
 *   transaction that first locks the flow's draft row (made if missing), then reads the flow's
 *   state and writes only when draft-revision.ts finds the base current: two writers from the same
 *   base, on any instances, are taken one after the other, and the second is answered with the
 *   first's text (`FlowHead`) instead of overwriting it.
 */
import { sql, type Transaction } from 'kysely';
import { isUniqueViolation, onceUntilFailure, type SiteDatabase } from '@/site/server/db/database';
import { staleHead, type DraftBase, type DraftOp, type FlowHead } from './draft-revision';
import {
  draftOfRow,
  draftState,
  endDraft,
  lockDraft,
  underDraftLock,
  versionOf,
} from './draft-rows';
import type { FlowVersionTables } from './flow-versions-schema';

export type { DraftBase, FlowHead } from './draft-revision';

export interface FlowVersionInfo {
  version: number;
  author: string;
  note: string;
  /** ms since the epoch. */
  publishedAt: number;
}

export interface FlowVersion extends FlowVersionInfo {
  flowId: string;
  /** The flow file's exact text, its `version` equal to `version`. */
  source: string;
}

export interface FlowDraft {
  source: string;
  author: string;
  /** ms since the epoch. */
  savedAt: number;
  /** Up by one on each save, never reused for the flow (a new draft continues the count). */
  revision: number;
  /** The published version the draft started from (0: none). */
  baseVersion: number;
}

/** A save from a stale base answers the flow's text as it is now. */
export type DraftWrite = { ok: true; draft: FlowDraft } | { ok: false; head: FlowHead };
export type DraftDiscard = { ok: true; discarded: boolean } | { ok: false; head: FlowHead };
export type VersionWrite =
  { ok: true; version: number; source: string } | { ok: false; head: FlowHead };

export interface VersionMeta {
  author: string;
  note: string;
}

const OPTION_LIST_PREFIX = 'options/';

/** The store id of a shared option list: `options/<listId>`. */
export const optionListStoreId = (listId: string) => `${OPTION_LIST_PREFIX}${listId}`;
/** Whether a store id names a shared option list (else a flow). */
export const isOptionListId = (id: string) => id.startsWith(OPTION_LIST_PREFIX);
/** The list id of a store id that names one (`isOptionListId`). */
export const optionListIdOf = (id: string) => id.slice(OPTION_LIST_PREFIX.length);

// Each retry follows a commit by another writer of the same id: a handful is plenty.
const WRITE_ATTEMPTS = 10;

type Trx = Transaction<FlowVersionTables>;

export class FlowVersionStore {
  private readonly now: () => number;

  constructor(options: { database: () => Promise<SiteDatabase>; now?: () => number }) {
    this.now = options.now ?? Date.now;
    this.db = onceUntilFailure(async () =>
      (await options.database()).db.withTables<FlowVersionTables>(),
    );
  }

  private readonly db;

  /**
   * Keeps `source` as the flow's one draft, valid or not, as its next revision. Given the base
   * the editor started from, only while it is current (draft-revision.ts); without one, always
   * (a new flow's template, the tests).
   */
  async saveDraft(
    flowId: string,
    source: string,
    author: string,
    base?: DraftBase,
  ): Promise<DraftWrite> {
    return underDraftLock(await this.db(), flowId, async (trx, state, row) => {
      const head = base && staleHead('save', base, state);
      if (head) return { ok: false, head };
      const live = row.discarded === 0;
      const draft: FlowDraft = {
        source,
        author,
        savedAt: this.now(),
        revision: Number(row.revision) + 1,
        baseVersion: base?.version ?? (live ? Number(row.base_version) : versionOf(state)),
      };
      const updated = await trx
        .updateTable('flow_drafts')
        .set({
          source,
          author,
          saved_at: draft.savedAt,
          revision: draft.revision,
          base_version: draft.baseVersion,
          discarded: 0,
        })
        .where('flow_id', '=', flowId)
        .where('revision', '=', row.revision)
        .executeTakeFirst();
      // The lock holds the row: another revision here would be a bug, not a race to answer.
      if (Number(updated.numUpdatedRows) !== 1)
        throw new Error(`The draft of "${flowId}" changed under its lock`);
      return { ok: true, draft };
    });
  }

  async draftOf(flowId: string): Promise<FlowDraft | undefined> {
    const db = await this.db();
    const row = await db
      .selectFrom('flow_drafts')
      .selectAll()
      .where('flow_id', '=', flowId)
      .where('discarded', '=', 0)
      .executeTakeFirst();
    return row && draftOfRow(row);
  }

  /** The ids of the flows that have a draft, sorted. */
  async draftIds(): Promise<string[]> {
    const db = await this.db();
    const rows = await db
      .selectFrom('flow_drafts')
      .select('flow_id')
      .where('discarded', '=', 0)
      .orderBy('flow_id')
      .execute();
    return rows.map((row) => row.flow_id);
  }

  /**
   * Drops the draft (`by`: who, told to an editor that still holds it); given the editor's base,
   * only the draft it knows. Resolves with whether there was a draft.
   */
  async discardDraft(flowId: string, by = '', base?: DraftBase): Promise<DraftDiscard> {
    return underDraftLock(await this.db(), flowId, async (trx, state, row) => {
      const head = base && staleHead('discard', base, state);
      if (head) return { ok: false, head };
      if (row.discarded !== 0) return { ok: true, discarded: false };
      await endDraft(trx, flowId, by, this.now());
      return { ok: true, discarded: true };
    });
  }

  /**
   * The flow's text now, when `op` from `base` would overwrite it; undefined while the base is
   * current. Read without a lock: the write asks again in its transaction.
   */
  async staleBase(flowId: string, op: DraftOp, base: DraftBase): Promise<FlowHead | undefined> {
    const { state } = await draftState(await this.db(), flowId);
    return staleHead(op, base, state);
  }

  /**
   * Stores `source` as version `version` exactly; resolves with whether it did (another instance
   * storing the same number at the same moment may have been first).
   */
  async insertVersion(
    id: string,
    version: number,
    source: string,
    meta: VersionMeta,
  ): Promise<boolean> {
    const db = await this.db();
    const result = await db
      .insertInto('flow_versions')
      .values({ flow_id: id, version, source, ...meta, published_at: this.now() })
      .onConflict((conflict) => conflict.columns(['flow_id', 'version']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /**
   * Stores `source(next)` as version `next` = the previous + 1, in one transaction that also
   * ends the draft (`clearDraft`, a publish) and first asks `skip` whether a stored version
   * makes the write needless (an import another instance already made): then nothing is written
   * and it resolves with undefined. A number taken meanwhile by another writer is retried with
   * the next one, `skip` asked again.
   */
  async storeNext(
    id: string,
    source: (next: number) => string,
    meta: VersionMeta,
    options: { clearDraft: boolean; skip?: (stored: FlowVersion[]) => boolean },
  ): Promise<{ version: number; source: string } | undefined> {
    const db = await this.db();
    return retryingNumber(() =>
      db.transaction().execute(async (trx) => {
        // A write first: on SQLite it takes the write lock at once (waiting out another
        // process's write), where a read first would fail to upgrade its lock.
        await (options.clearDraft ? lockDraft(trx, id) : takeWriteLock(trx, id));
        if (options.skip?.(await versionsOf(trx, id))) return undefined;
        const stored = await this.insertNext(trx, id, source, meta);
        if (options.clearDraft) await endDraft(trx, id, meta.author, this.now());
        return stored;
      }),
    );
  }

  /**
   * A publish: `source(next)` stored as the id's next version and the draft ended, in one
   * transaction under the draft's lock; given the editor's base, only while it is current
   * (draft-revision.ts), else nothing is written and the flow's text now is answered.
   */
  async publishNext(
    id: string,
    source: (next: number) => string,
    meta: VersionMeta,
    base?: DraftBase,
  ): Promise<VersionWrite> {
    const db = await this.db();
    return retryingNumber(() =>
      underDraftLock(db, id, async (trx, state): Promise<VersionWrite> => {
        const head = base && staleHead('publish', base, state);
        if (head) return { ok: false, head };
        const stored = await this.insertNext(trx, id, source, meta);
        await endDraft(trx, id, meta.author, this.now());
        return { ok: true, ...stored };
      }),
    );
  }

  private async insertNext(
    trx: Trx,
    id: string,
    source: (next: number) => string,
    meta: VersionMeta,
  ): Promise<{ version: number; source: string }> {
    const previous = await trx
      .selectFrom('flow_versions')
      .select(sql<number | null>`MAX(version)`.as('version'))
      .where('flow_id', '=', id)
      .executeTakeFirst();
    const next = Number(previous?.version ?? 0) + 1;
    const text = source(next);
    await trx
      .insertInto('flow_versions')
      .values({ flow_id: id, version: next, source: text, ...meta, published_at: this.now() })
      .execute();
    return { version: next, source: text };
  }

  /** The flow's published versions, newest first. */
  async versions(flowId: string): Promise<FlowVersionInfo[]> {
    const db = await this.db();
    const rows = await db
      .selectFrom('flow_versions')
      .select(['version', 'author', 'note', 'published_at'])
      .where('flow_id', '=', flowId)
      .orderBy('version', 'desc')
      .execute();
    return rows.map((row) => ({
      version: Number(row.version),
      author: row.author,
      note: row.note,
      publishedAt: Number(row.published_at),
    }));
  }

  async versionSource(flowId: string, version: number): Promise<string | undefined> {
    const db = await this.db();
    const row = await db
      .selectFrom('flow_versions')
      .select('source')
      .where('flow_id', '=', flowId)
      .where('version', '=', version)
      .executeTakeFirst();
    return row?.source;
  }

  /** The newest version number of every id that has one: what a refresh compares. */
  async latestVersionNumbers(): Promise<Map<string, number>> {
    const db = await this.db();
    const rows = await db
      .selectFrom('flow_versions')
      .select(['flow_id', sql<number>`MAX(version)`.as('version')])
      .groupBy('flow_id')
      .execute();
    return new Map(rows.map((row) => [row.flow_id, Number(row.version)]));
  }

  /** The flow's newest published version, if it has any. */
  async latest(flowId: string): Promise<FlowVersion | undefined> {
    return (await this.latestVersions(flowId))[0];
  }

  /**
   * The newest published version of every flow and option list (or of one id; or of the flows
   * or the lists only), by id.
   */
  async latestVersions(flowId?: string, kind?: 'flows' | 'lists'): Promise<FlowVersion[]> {
    const db = await this.db();
    let query = db
      .selectFrom('flow_versions as v')
      .selectAll()
      .where((eb) =>
        eb(
          'v.version',
          '=',
          eb
            .selectFrom('flow_versions as w')
            .select(sql<number>`MAX(w.version)`.as('max'))
            .whereRef('w.flow_id', '=', 'v.flow_id'),
        ),
      );
    if (flowId !== undefined) query = query.where('v.flow_id', '=', flowId);
    if (kind === 'lists') query = query.where('v.flow_id', 'like', `${OPTION_LIST_PREFIX}%`);
    if (kind === 'flows') query = query.where('v.flow_id', 'not like', `${OPTION_LIST_PREFIX}%`);
    const rows = await query.orderBy('v.flow_id').execute();
    return rows.map(versionOfRow);
  }

  /** Every stored version of one id, with its text, oldest first. */
  async allVersions(id: string): Promise<FlowVersion[]> {
    return versionsOf(await this.db(), id);
  }
}

function versionOfRow(row: FlowVersionTables['flow_versions']): FlowVersion {
  return {
    flowId: row.flow_id,
    version: Number(row.version),
    source: row.source,
    author: row.author,
    note: row.note,
    publishedAt: Number(row.published_at),
  };
}

async function versionsOf(db: Pick<Trx, 'selectFrom'>, id: string): Promise<FlowVersion[]> {
  const rows = await db
    .selectFrom('flow_versions')
    .selectAll()
    .where('flow_id', '=', id)
    .orderBy('version')
    .execute();
  return rows.map(versionOfRow);
}

/** Runs a write that takes the next version number again while another writer took it first. */
async function retryingNumber<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      // Another writer took the number between our read and our insert: take the next.
      if (!isUniqueViolation(error) || attempt >= WRITE_ATTEMPTS) throw error;
    }
  }
}

/** A write that changes nothing: SQLite takes its write lock; PostgreSQL relies on the key. */
async function takeWriteLock(trx: Trx, id: string): Promise<void> {
  await trx
    .updateTable('flow_versions')
    .set({ note: sql`note` })
    .where('flow_id', '=', id)
    .where('version', '<', 0)
    .execute();
}
