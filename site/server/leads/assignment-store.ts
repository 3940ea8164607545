/**
 * Who answers each lead, over the site database (SQLite or PostgreSQL). A new lead goes to the
 * first assignment rule that matches it, else to the next staff member who takes leads, in turn.
 * The turn lives in the database (`lead_assign_turn`) and is taken by one UPDATE … RETURNING, so
 * instances sharing PostgreSQL take turns between them: nine leads over three people are three
 * each, whichever instance stored them.
 */
import type { Kysely } from 'kysely';
import type { SiteDatabase } from '@/site/server/db/database';
import { ruleAssignee, type AssignmentRule } from './assignment-rules';
import type { AssignmentTables } from './assignment-schema';

export interface LeadAssignment {
  leadId: string;
  assignee: string | null;
  assignedAt: number;
  assignedBy: string | null;
  firstActionAt: number | null;
  overdueMailedAt: number | null;
}

/** A lead whose overdue mail this call claimed (no other call gets it). */
export interface OverdueLead {
  leadId: string;
  flowId: string;
  answers: unknown;
  receivedAt: number;
  assignee: string | null;
}

/** A lead stored but never assigned, which `assignStranded` has just assigned. */
export interface StrandedLead extends OverdueLead {
  flowVersion: number | undefined;
}

/** What `setTakesLeads` did: the account (undefined: none), or why it was refused. */
export type TakesLeadsChange =
  { email: string; before: boolean; after: boolean } | { email: string; refused: 'no-staff-role' };

type Row = {
  lead_id: string;
  assignee: string | null;
  assigned_at: number;
  assigned_by: string | null;
  first_action_at: number | null;
  overdue_mailed_at: number | null;
};

const toAssignment = (row: Row): LeadAssignment => ({
  leadId: row.lead_id,
  assignee: row.assignee,
  assignedAt: Number(row.assigned_at),
  assignedBy: row.assigned_by,
  firstActionAt: row.first_action_at === null ? null : Number(row.first_action_at),
  overdueMailedAt: row.overdue_mailed_at === null ? null : Number(row.overdue_mailed_at),
});

/** The middle value (the mean of the two middle ones for an even count); undefined for none. */
export function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export class AssignmentStore {
  constructor(
    private readonly database: () => Promise<SiteDatabase>,
    private readonly rules: readonly AssignmentRule[] = [],
  ) {}

  private async db(): Promise<Kysely<AssignmentTables>> {
    return (await this.database()).db.withTables<AssignmentTables>();
  }

  /** Staff who take leads, by e-mail address: a role, a confirmed address and the flag on. */
  async takers(): Promise<string[]> {
    const rows = await (
      await this.db()
    )
      .selectFrom('users')
      .select('email')
      .where('takes_leads', '=', 1)
      .where('role', 'is not', null)
      .where('email_verified_at', 'is not', null)
      .orderBy('email')
      .execute();
    return rows.map((row) => row.email);
  }

  /** Marks a staff account as taking leads, or not; only an account with a role may take them. */
  async setTakesLeads(email: string, on: boolean): Promise<TakesLeadsChange | undefined> {
    const db = await this.db();
    return db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('users')
        .select(['id', 'email', 'role', 'takes_leads'])
        .where('email', '=', email)
        .executeTakeFirst();
      if (!row) return undefined;
      if (on && row.role === null) return { email: row.email, refused: 'no-staff-role' };
      await trx
        .updateTable('users')
        .set({ takes_leads: on ? 1 : 0 })
        .where('id', '=', row.id)
        .execute();
      return { email: row.email, before: Number(row.takes_leads) === 1, after: on };
    });
  }

  /**
   * Gives a newly stored lead its assignee (once: a lead already assigned keeps its own) and
   * resolves with it; null when no rule matches and nobody takes leads.
   */
  async assignNew(
    lead: { id: string; flowId: string; answers: unknown },
    now = Date.now(),
  ): Promise<string | null> {
    const db = await this.db();
    const { assignee, inserted } = await this.insertAssignment(db, lead, now);
    return inserted ? assignee : ((await this.assignmentOf(lead.id))?.assignee ?? null);
  }

  /** Assigns a lead unless it has an assignment already; says whether this call assigned it. */
  private async insertAssignment(
    db: Kysely<AssignmentTables>,
    lead: { id: string; flowId: string; answers: unknown },
    now: number,
  ): Promise<{ assignee: string | null; inserted: boolean }> {
    const assignee = ruleAssignee(this.rules, lead) ?? (await this.nextInTurn(db));
    const result = await db
      .insertInto('lead_assignments')
      .values({ lead_id: lead.id, assignee, assigned_at: now, assigned_by: null })
      .onConflict((conflict) => conflict.column('lead_id').doNothing())
      .executeTakeFirst();
    return { assignee, inserted: Number(result.numInsertedOrUpdatedRows ?? 0n) > 0 };
  }

  /**
   * Leads stored but never assigned: the process stopped between the visitor's answer and the
   * assignment that follows it. Each is assigned now, once whichever instance looks (the same
   * insert-if-absent as assignNew), and those this call assigned are returned, to be announced.
   * Only leads that arrived since assignment existed (`lead_assign_turn.since`, set by the
   * migration) and at least `graceMs` ago (the instance that stored a lead is about to assign
   * it) are looked at.
   */
  async assignStranded(now: number, graceMs: number, limit = 100): Promise<StrandedLead[]> {
    const db = await this.db();
    const { since } = await db
      .selectFrom('lead_assign_turn')
      .select('since')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    const rows = await db
      .selectFrom('leads as l')
      .leftJoin('lead_assignments as a', 'a.lead_id', 'l.id')
      .select(['l.id', 'l.flow_id', 'l.flow_version', 'l.answers', 'l.received_at'])
      .where('a.lead_id', 'is', null)
      .where('l.received_at', '>=', Number(since))
      .where('l.received_at', '<=', now - graceMs)
      .orderBy('l.received_at')
      .limit(limit)
      .execute();
    const assigned: StrandedLead[] = [];
    for (const row of rows) {
      const answers = JSON.parse(row.answers) as unknown;
      const lead = { id: row.id, flowId: row.flow_id, answers };
      const { assignee, inserted } = await this.insertAssignment(db, lead, now);
      if (!inserted) continue;
      assigned.push({
        leadId: row.id,
        flowId: row.flow_id,
        flowVersion: row.flow_version === null ? undefined : Number(row.flow_version),
        answers,
        receivedAt: Number(row.received_at),
        assignee,
      });
    }
    return assigned;
  }

  /** The next taker: the shared turn moves by one, atomically, whichever instance asks. */
  private async nextInTurn(db: Kysely<AssignmentTables>): Promise<string | null> {
    const takers = await this.takers();
    if (takers.length === 0) return null;
    const { turn } = await db
      .updateTable('lead_assign_turn')
      .set((eb) => ({ turn: eb('turn', '+', 1) }))
      .where('id', '=', 1)
      .returning('turn')
      .executeTakeFirstOrThrow();
    return takers[(Number(turn) - 1) % takers.length]!;
  }

  async assignmentOf(leadId: string): Promise<LeadAssignment | undefined> {
    const row = await (
      await this.db()
    )
      .selectFrom('lead_assignments')
      .selectAll()
      .where('lead_id', '=', leadId)
      .executeTakeFirst();
    return row ? toAssignment(row) : undefined;
  }

  /** The assignments of these leads, by lead id (a lead stored before leads-007 has none). */
  async assignmentsOf(leadIds: readonly string[]): Promise<Map<string, LeadAssignment>> {
    if (leadIds.length === 0) return new Map();
    const rows = await (
      await this.db()
    )
      .selectFrom('lead_assignments')
      .selectAll()
      .where('lead_id', 'in', [...leadIds])
      .execute();
    return new Map(rows.map((row) => [row.lead_id, toAssignment(row)]));
  }

  /**
   * A person gives the lead to `assignee` (null: nobody); resolves with the assignee before, or
   * undefined when there is no such lead.
   */
  async reassign(
    leadId: string,
    assignee: string | null,
    by: string,
    now = Date.now(),
  ): Promise<{ before: string | null } | undefined> {
    const db = await this.db();
    return db.transaction().execute(async (trx) => {
      const lead = await trx
        .selectFrom('leads')
        .select('id')
        .where('id', '=', leadId)
        .executeTakeFirst();
      if (!lead) return undefined;
      const current = await trx
        .selectFrom('lead_assignments')
        .select('assignee')
        .where('lead_id', '=', leadId)
        .executeTakeFirst();
      await trx
        .insertInto('lead_assignments')
        .values({ lead_id: leadId, assignee, assigned_at: now, assigned_by: by })
        .onConflict((conflict) =>
          conflict.column('lead_id').doUpdateSet({ assignee, assigned_at: now, assigned_by: by }),
        )
        .execute();
      return { before: current?.assignee ?? null };
    });
  }

  /** Records a person's first action on the lead (a later one leaves the time as it is). */
  async noteFirstAction(leadId: string, now = Date.now()): Promise<void> {
    await (
      await this.db()
    )
      .updateTable('lead_assignments')
      .set({ first_action_at: now })
      .where('lead_id', '=', leadId)
      .where('first_action_at', 'is', null)
      .execute();
  }

  /** Takes back "handled"; false when the lead is not handled (or does not exist). */
  async undoHandled(leadId: string): Promise<boolean> {
    const result = await (
      await this.db()
    )
      .updateTable('leads')
      .set({ handled_at: null, handled_by: null })
      .where('id', '=', leadId)
      .where('handled_at', 'is not', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Claims the leads not handled `firstResponseMs` after they arrived whose overdue mail has not
   * gone out: each is claimed by one conditional UPDATE, so of two instances (or two runs) only
   * one gets it, and a restart does not send it again. Only leads assigned when they arrived
   * (since leads-007) are looked at: older ones never mail.
   */
  async claimOverdue(now: number, firstResponseMs: number, limit = 100): Promise<OverdueLead[]> {
    const db = await this.db();
    const due = await db
      .selectFrom('lead_assignments as a')
      .innerJoin('leads as l', 'l.id', 'a.lead_id')
      .select(['l.id', 'l.flow_id', 'l.answers', 'l.received_at', 'a.assignee'])
      .where('l.handled_at', 'is', null)
      .where('a.overdue_mailed_at', 'is', null)
      .where('l.received_at', '<=', now - firstResponseMs)
      .orderBy('l.received_at')
      .limit(limit)
      .execute();
    const claimed: OverdueLead[] = [];
    for (const row of due) {
      const result = await db
        .updateTable('lead_assignments')
        .set({ overdue_mailed_at: now })
        .where('lead_id', '=', row.id)
        .where('overdue_mailed_at', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) continue;
      claimed.push({
        leadId: row.id,
        flowId: row.flow_id,
        answers: JSON.parse(row.answers) as unknown,
        receivedAt: Number(row.received_at),
        assignee: row.assignee,
      });
    }
    return claimed;
  }

  /**
   * The median time from arrival to a person's first action, in ms, over the leads received in
   * the range (and of the flow) given; undefined when none of them was acted on yet.
   */
  async medianFirstAction(range: {
    flowId?: string;
    from?: number;
    to?: number;
  }): Promise<{ medianMs: number | undefined; count: number }> {
    let query = (await this.db())
      .selectFrom('lead_assignments as a')
      .innerJoin('leads as l', 'l.id', 'a.lead_id')
      .select(['l.received_at', 'a.first_action_at'])
      .where('a.first_action_at', 'is not', null);
    if (range.flowId) query = query.where('l.flow_id', '=', range.flowId);
    if (range.from !== undefined) query = query.where('l.received_at', '>=', range.from);
    if (range.to !== undefined) query = query.where('l.received_at', '<', range.to);
    const rows = await query.execute();
    const waits = rows.map((row) => Number(row.first_action_at) - Number(row.received_at));
    return { medianMs: median(waits), count: waits.length };
  }
}
