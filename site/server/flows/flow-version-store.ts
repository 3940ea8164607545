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
 */
import { sql, type Transaction } from 'kysely';
import { isUniqueViolation, onceUntilFailure, type SiteDatabase } from '@/site/server/db/database';
import type { FlowVersionTables } from './flow-versions-schema';

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
}

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

  /** Keeps `source` as the flow's one draft (replacing any), valid or not. */
  async saveDraft(flowId: string, source: string, author: string): Promise<void> {
    const db = await this.db();
    const row = { flow_id: flowId, source, author, saved_at: this.now() };
    await db
      .insertInto('flow_drafts')
      .values(row)
      .onConflict((conflict) =>
        conflict.column('flow_id').doUpdateSet({ source, author, saved_at: row.saved_at }),
      )
      .execute();
  }

  async draftOf(flowId: string): Promise<FlowDraft | undefined> {
    const db = await this.db();
    const row = await db
      .selectFrom('flow_drafts')
      .select(['source', 'author', 'saved_at'])
      .where('flow_id', '=', flowId)
      .executeTakeFirst();
    return row && { source: row.source, author: row.author, savedAt: Number(row.saved_at) };
  }

  /** The ids of the flows that have a draft, sorted. */
  async draftIds(): Promise<string[]> {
    const db = await this.db();
    const rows = await db.selectFrom('flow_drafts').select('flow_id').orderBy('flow_id').execute();
    return rows.map((row) => row.flow_id);
  }

  /** Resolves with whether there was a draft. */
  async discardDraft(flowId: string): Promise<boolean> {
    const db = await this.db();
    const result = await db
      .deleteFrom('flow_drafts')
      .where('flow_id', '=', flowId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
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
   * clears the draft (`clearDraft`, a publish) and first asks `skip` whether a stored version
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
    for (let attempt = 1; ; attempt++) {
      try {
        return await db.transaction().execute(async (trx) => {
          // A write first: on SQLite it takes the write lock at once (waiting out another
          // process's write), where a read first would fail to upgrade its lock.
          await (options.clearDraft ? clearDraft(trx, id) : takeWriteLock(trx, id));
          if (options.skip?.(await versionsOf(trx, id))) return undefined;
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
        });
      } catch (error) {
        // Another writer took the number between our read and our insert: take the next.
        if (!isUniqueViolation(error) || attempt >= WRITE_ATTEMPTS) throw error;
      }
    }
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

async function clearDraft(trx: Trx, flowId: string): Promise<void> {
  await trx.deleteFrom('flow_drafts').where('flow_id', '=', flowId).execute();
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
