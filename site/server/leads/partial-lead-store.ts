/**
 * Partial leads over the site database (SQLite or PostgreSQL): saved as the visitor moves, read
 * by staff, forgotten on the visitor's request or after the retention period, and finished once.
 *
 * The visitor's browser holds `{id, key}`; every change needs both, and only the key's SHA-256
 * is stored, so nothing else (a flow id, an e-mail address) opens a partial lead. Finishing
 * claims the row with one conditional UPDATE: of two finishes, only one stores a lead, and the
 * other answers with that lead's id.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { SiteDatabase } from '@/site/server/db/database';
import type { PartialLeadTable, PartialLeadTables } from './partial-lead-schema';

/** The visitor's handle on their partial lead, as their browser keeps it. */
export interface PartialKey {
  id: string;
  key: string;
}

export interface PartialProgress {
  flowId: string;
  flowVersion: number;
  email: string;
  answers: Record<string, unknown>;
  step: string;
  history: string[];
  stepNumber: number;
  stepTotal: number;
  stepQuestion: string;
  pageUri: string;
  /** The words of the box the visitor ticked. */
  consentText: string;
}

/** A partial lead as staff see it. */
export interface PartialLead extends PartialProgress {
  id: string;
  consentedAt: number;
  createdAt: number;
  updatedAt: number;
}

/** What finishing found: this call may store the lead, or another already did. */
export type FinishClaim =
  { kind: 'claimed' } | { kind: 'finished'; leadId: string } | { kind: 'unknown' };

export const DAY_MS = 86_400_000;

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

function sameHash(stored: string, key: string): boolean {
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(hashOf(key), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

const token = (bytes: number) => randomBytes(bytes).toString('base64url');

function partialLeadOf(row: Selectable<PartialLeadTable>): PartialLead {
  return {
    id: row.id,
    flowId: row.flow_id,
    flowVersion: Number(row.flow_version),
    email: row.email,
    answers: JSON.parse(row.answers) as Record<string, unknown>,
    step: row.step,
    history: JSON.parse(row.history) as string[],
    stepNumber: Number(row.step_number),
    stepTotal: Number(row.step_total),
    stepQuestion: row.step_question,
    pageUri: row.page_uri,
    consentText: row.consent_text,
    consentedAt: Number(row.consented_at),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export class PartialLeadStore {
  private purgedAt = 0;

  constructor(
    private readonly database: () => Promise<SiteDatabase>,
    /** How long an unfinished partial lead is kept after its last save. */
    private readonly retentionDays: number,
  ) {}

  private async db(): Promise<Kysely<PartialLeadTables>> {
    return (await this.database()).db.withTables<PartialLeadTables>();
  }

  /** The row `handle` opens, when its key is right; finished rows included. */
  private async opened(handle: PartialKey) {
    const row = await (
      await this.db()
    )
      .selectFrom('partial_leads')
      .select(['id', 'key_hash', 'lead_id', 'consented_at'])
      .where('id', '=', handle.id)
      .executeTakeFirst();
    return row && sameHash(row.key_hash, handle.key) ? row : undefined;
  }

  /**
   * Saves the visitor's progress: a new partial lead (a new handle), or the one `handle` opens
   * while it is unfinished. A wrong or forgotten handle starts a new one; a finished one saves
   * nothing (null): a save still on its way when the lead arrived keeps no answers.
   */
  async save(
    progress: PartialProgress,
    handle: PartialKey | undefined,
    now: number,
  ): Promise<PartialKey | null> {
    await this.purgeIfDue(now);
    const db = await this.db();
    const values = {
      flow_id: progress.flowId,
      flow_version: progress.flowVersion,
      email: progress.email,
      answers: JSON.stringify(progress.answers),
      step: progress.step,
      history: JSON.stringify(progress.history),
      step_number: progress.stepNumber,
      step_total: progress.stepTotal,
      step_question: progress.stepQuestion,
      page_uri: progress.pageUri,
      consent_text: progress.consentText,
      updated_at: now,
    };
    const existing = handle ? await this.opened(handle) : undefined;
    if (existing && existing.lead_id !== null) return null;
    if (handle && existing && existing.lead_id === null) {
      await db
        .updateTable('partial_leads')
        .set(values)
        .where('id', '=', handle.id)
        .where('lead_id', 'is', null)
        .execute();
      return handle;
    }
    const created: PartialKey = { id: token(12), key: token(24) };
    await db
      .insertInto('partial_leads')
      .values({
        ...values,
        id: created.id,
        key_hash: hashOf(created.key),
        consented_at: now,
        created_at: now,
        lead_id: null,
      })
      .execute();
    return created;
  }

  /** Deletes the partial lead `handle` opens ("Forget my answers"); whether there was one. */
  async forget(handle: PartialKey): Promise<boolean> {
    const row = await this.opened(handle);
    if (!row) return false;
    await this.remove(row.id);
    return row.lead_id === null;
  }

  /** Deletes partial lead `id` and its resume links (a link's "Delete my answers"). */
  async remove(id: string): Promise<void> {
    const db = await this.db();
    await db.deleteFrom('resume_links').where('partial_id', '=', id).execute();
    await db.deleteFrom('partial_leads').where('id', '=', id).execute();
  }

  /**
   * Claims the partial lead for the lead `leadId` about to be stored. Only one call claims it;
   * a later one learns the lead's id. `release` undoes a claim whose lead was not stored.
   */
  async claim(handle: PartialKey, leadId: string): Promise<FinishClaim> {
    const row = await this.opened(handle);
    if (!row) return { kind: 'unknown' };
    const db = await this.db();
    const taken = await db
      .updateTable('partial_leads')
      .set({ lead_id: leadId })
      .where('id', '=', row.id)
      .where('lead_id', 'is', null)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) return { kind: 'claimed' };
    const after = await db
      .selectFrom('partial_leads')
      .select('lead_id')
      .where('id', '=', row.id)
      .executeTakeFirst();
    return after?.lead_id ? { kind: 'finished', leadId: after.lead_id } : { kind: 'unknown' };
  }

  /** The claimed lead is stored: the partial lead's answers and address are dropped. */
  async finished(handle: PartialKey): Promise<void> {
    await (
      await this.db()
    )
      .updateTable('partial_leads')
      .set({ answers: '{}', history: '[]', email: '' })
      .where('id', '=', handle.id)
      .where('lead_id', 'is not', null)
      .execute();
  }

  /** The claimed lead could not be stored: the partial lead is unfinished again. */
  async release(handle: PartialKey, leadId: string): Promise<void> {
    await (
      await this.db()
    )
      .updateTable('partial_leads')
      .set({ lead_id: null })
      .where('id', '=', handle.id)
      .where('lead_id', '=', leadId)
      .execute();
  }

  /** Deletes partial leads (finished or not) last saved before the retention period; how many. */
  async purge(now: number): Promise<number> {
    this.purgedAt = now;
    const cutoff = now - this.retentionDays * DAY_MS;
    const db = await this.db();
    const result = await db
      .deleteFrom('partial_leads')
      .where('updated_at', '<', cutoff)
      .executeTakeFirst();
    // Links outlive their partial lead only to say so, until a retention period past expiry.
    await db.deleteFrom('resume_links').where('expires_at', '<', cutoff).execute();
    return Number(result.numDeletedRows);
  }

  /** At most one purge an hour, from saves and staff reads alike. */
  private async purgeIfDue(now: number): Promise<void> {
    if (now - this.purgedAt >= 3_600_000) await this.purge(now);
  }

  /** Unfinished partial lead, newest first, for staff; `flowId` narrows them to one flow. */
  async unfinished(now: number, filter: { flowId?: string; limit?: number } = {}) {
    await this.purgeIfDue(now);
    // Past the retention period a row is never shown, whether or not the purge has run yet.
    let query = (await this.db())
      .selectFrom('partial_leads')
      .selectAll()
      .where('lead_id', 'is', null)
      .where('updated_at', '>=', now - this.retentionDays * DAY_MS)
      .orderBy('updated_at', 'desc')
      .limit(filter.limit ?? 200);
    if (filter.flowId) query = query.where('flow_id', '=', filter.flowId);
    return (await query.execute()).map(partialLeadOf);
  }

  /** The partial lead `handle` opens while it is unfinished (its owner asking for a link). */
  async open(handle: PartialKey): Promise<PartialLead | undefined> {
    const row = await (
      await this.db()
    )
      .selectFrom('partial_leads')
      .selectAll()
      .where('id', '=', handle.id)
      .where('lead_id', 'is', null)
      .executeTakeFirst();
    return row && sameHash(row.key_hash, handle.key) ? partialLeadOf(row) : undefined;
  }

  /** Partial lead `id` while it is unfinished and kept, else undefined. */
  async get(id: string): Promise<PartialLead | undefined> {
    const row = await (
      await this.db()
    )
      .selectFrom('partial_leads')
      .selectAll()
      .where('id', '=', id)
      .where('lead_id', 'is', null)
      .executeTakeFirst();
    return row ? partialLeadOf(row) : undefined;
  }

  /** Whether partial lead `id` became a lead (a resume link for it says so). */
  async isFinished(id: string): Promise<boolean> {
    const row = await (
      await this.db()
    )
      .selectFrom('partial_leads')
      .select('lead_id')
      .where('id', '=', id)
      .executeTakeFirst();
    return Boolean(row?.lead_id);
  }

  /**
   * A new key for unfinished partial lead `id` (a resume link opened it on another device): the
   * device that opened it holds the only key; an older one starts a new partial lead if it saves.
   */
  async rekey(id: string, now: number): Promise<PartialKey | undefined> {
    const key = token(24);
    const result = await (
      await this.db()
    )
      .updateTable('partial_leads')
      .set({ key_hash: hashOf(key), updated_at: now })
      .where('id', '=', id)
      .where('lead_id', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1 ? { id, key } : undefined;
  }

  /**
   * Claims the reminders due for `flowId`: unfinished partial leads last saved at least `delayMs`
   * ago and never reminded. Each is claimed by one conditional update, so of several instances
   * only one mails it; `unremind` gives a claim back when its mail could not be sent.
   */
  async claimReminders(flowId: string, delayMs: number, now: number): Promise<PartialLead[]> {
    const db = await this.db();
    const due = await db
      .selectFrom('partial_leads')
      .selectAll()
      .where('flow_id', '=', flowId)
      .where('lead_id', 'is', null)
      .where('reminded_at', 'is', null)
      .where('updated_at', '<=', now - delayMs)
      .where('updated_at', '>=', now - this.retentionDays * DAY_MS)
      .orderBy('updated_at')
      .limit(50)
      .execute();
    const claimed: PartialLead[] = [];
    for (const row of due) {
      const taken = await db
        .updateTable('partial_leads')
        .set({ reminded_at: now })
        .where('id', '=', row.id)
        .where('reminded_at', 'is', null)
        .where('lead_id', 'is', null)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 1) claimed.push(partialLeadOf(row));
    }
    return claimed;
  }

  /** The reminder of `id` was not sent: the next check tries again. */
  async unremind(id: string): Promise<void> {
    await (
      await this.db()
    )
      .updateTable('partial_leads')
      .set({ reminded_at: null })
      .where('id', '=', id)
      .execute();
  }

  /** How many rows are kept at all (finished or not): what a test of "nothing kept" reads. */
  async count(): Promise<number> {
    const row = await (
      await this.db()
    )
      .selectFrom('partial_leads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
