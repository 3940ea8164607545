/**
 * A flow's draft row inside a transaction of the flow version store (flow-version-store.ts):
 * locking it, reading the flow's state under that lock, ending the draft. The row outlives its
 * draft (`discarded`) so that the next draft of the flow continues its revision numbers.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DraftState } from './draft-revision';
import type { FlowDraft } from './flow-version-store';
import type { FlowVersionTables } from './flow-versions-schema';

type Trx = Transaction<FlowVersionTables>;

export type DraftRow = FlowVersionTables['flow_drafts'];

export function draftOfRow(row: DraftRow): FlowDraft {
  return {
    source: row.source,
    author: row.author,
    savedAt: Number(row.saved_at),
    revision: Number(row.revision),
    baseVersion: Number(row.base_version),
  };
}

export const versionOf = (state: DraftState) => state.latest?.version ?? 0;

/**
 * Makes sure the flow has a draft row (an empty one, marked discarded, at revision 0) and locks
 * it with a write that changes nothing: PostgreSQL holds the row until commit, so the next writer
 * of the flow waits here and then reads what this one wrote; on SQLite the first write takes the
 * database's write lock (another process waits with busy_timeout).
 */
export async function lockDraft(trx: Trx, flowId: string): Promise<void> {
  await trx
    .insertInto('flow_drafts')
    .values({
      flow_id: flowId,
      source: '',
      author: '',
      saved_at: 0,
      revision: 0,
      base_version: 0,
      discarded: 1,
    })
    .onConflict((conflict) => conflict.column('flow_id').doNothing())
    .execute();
  await trx
    .updateTable('flow_drafts')
    .set({ revision: sql`revision` })
    .where('flow_id', '=', flowId)
    .execute();
}

/**
 * The flow's newest version and its draft row (read under the draft's lock by a write; a row
 * exists then).
 */
export async function draftState(
  db: Pick<Trx, 'selectFrom'>,
  flowId: string,
): Promise<{ state: DraftState; row?: DraftRow }> {
  const latest = await db
    .selectFrom('flow_versions')
    .selectAll()
    .where('flow_id', '=', flowId)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  const row = await db
    .selectFrom('flow_drafts')
    .selectAll()
    .where('flow_id', '=', flowId)
    .executeTakeFirst();
  const state: DraftState = {
    latest: latest && {
      version: Number(latest.version),
      source: latest.source,
      author: latest.author,
      publishedAt: Number(latest.published_at),
    },
    draft: row && { ...draftOfRow(row), discarded: row.discarded !== 0 },
  };
  return { state, row };
}

/** No draft from now on (discarded by `by`, or published); the row keeps its revision. */
export async function endDraft(trx: Trx, flowId: string, by: string, now: number): Promise<void> {
  await trx
    .updateTable('flow_drafts')
    .set({ discarded: 1, author: by, saved_at: now })
    .where('flow_id', '=', flowId)
    .where('discarded', '=', 0)
    .execute();
}

/**
 * Runs `work` in a transaction holding the flow's draft row (made, marked discarded, when the
 * flow has none yet), with the flow's state read under that lock.
 */
export async function underDraftLock<T>(
  db: Kysely<FlowVersionTables>,
  flowId: string,
  work: (trx: Trx, state: DraftState, row: DraftRow) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await lockDraft(trx, flowId);
    const { state, row } = await draftState(trx, flowId);
    if (!row) throw new Error(`The draft row of "${flowId}" is missing after lockDraft`);
    return work(trx, state, row);
  });
}
