/**
 * The outbox: leads, their HubSpot deliveries and their files in the shared SQLite database.
 * Writes from the request path go through a group commit; the worker claims due deliveries with a
 * lease so two processes (the server's worker and `npm run leads -- retry`) never send one twice.
 */
import { getDatabase, type Db } from '@/site/server/db/database';
import { GroupCommit } from './group-commit';
import type {
  DeliveryRow,
  DeliveryStatus,
  LeadDetail,
  LeadSummary,
  NewLead,
  StoredFile,
} from './lead-types';
import './outbox-schema';

export class DuplicateLeadError extends Error {
  constructor(readonly existingId: string) {
    super(`A lead with this idempotency key exists: ${existingId}`);
  }
}

interface DeliveryRecord {
  id: number;
  lead_id: string;
  form_key: string;
  body: string;
  status: DeliveryStatus;
  hold_kind: 'unconfigured' | 'provider' | null;
  attempts: number;
  next_attempt_at: number | null;
  in_doubt: number;
  dropped_context: string;
  last_status: number | null;
  last_response: string | null;
  last_error: string | null;
  delivered_at: number | null;
}

/** The outcome of one attempt, as the worker records it. */
export type AttemptRecord =
  | { status: 'delivered'; httpStatus: number; response: string }
  | {
      status: 'pending';
      nextAttemptAt: number;
      httpStatus?: number;
      response?: string;
      error: string;
      dropContext?: string[];
    }
  | {
      status: 'held';
      holdKind: 'unconfigured' | 'provider';
      httpStatus?: number;
      response?: string;
      error: string;
    }
  | { status: 'failed'; httpStatus?: number; response?: string; error: string };

const statusRank: Record<DeliveryStatus, number> = { delivered: 0, pending: 1, held: 2, failed: 3 };
const leadStatusSql = `CASE MAX(CASE d.status WHEN 'failed' THEN 3 WHEN 'held' THEN 2 WHEN 'pending' THEN 1 ELSE 0 END)
  WHEN 3 THEN 'failed' WHEN 2 THEN 'held' WHEN 1 THEN 'pending' ELSE 'delivered' END`;

function toDelivery(row: DeliveryRecord): DeliveryRow {
  return {
    id: row.id,
    leadId: row.lead_id,
    formKey: row.form_key,
    body: JSON.parse(row.body) as DeliveryRow['body'],
    status: row.status,
    holdKind: row.hold_kind,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    inDoubt: row.in_doubt,
    droppedContext: JSON.parse(row.dropped_context) as string[],
    lastStatus: row.last_status,
    lastResponse: row.last_response,
    lastError: row.last_error,
    deliveredAt: row.delivered_at,
  };
}

/** Keeps a provider response readable in the outbox without letting a huge body bloat it. */
const clip = (text: string | undefined) => (text === undefined ? null : text.slice(0, 4000));

export class OutboxStore {
  private readonly commits: GroupCommit;

  constructor(private readonly db: () => Db = getDatabase) {
    this.commits = new GroupCommit(db);
  }

  /** Commits a lead with its deliveries (due now) and files; resolves once it is on disk. */
  insertLead(lead: NewLead): Promise<string> {
    return this.commits.run((db) => {
      if (lead.idempotencyKey !== undefined) {
        const existing = this.findByIdempotencyKey(lead.flowId, lead.idempotencyKey, db);
        if (existing) throw new DuplicateLeadError(existing);
      }
      db.prepare(
        `INSERT INTO leads (id, flow_id, answers, page_uri, page_name, hutk, client_ip,
           submitted_at, received_at, idempotency_key)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        lead.id,
        lead.flowId,
        JSON.stringify(lead.answers),
        lead.pageUri,
        lead.pageName,
        lead.hutk ?? null,
        lead.clientIp ?? null,
        lead.submittedAt,
        lead.receivedAt,
        lead.idempotencyKey ?? null,
      );
      const delivery = db.prepare(
        `INSERT INTO lead_deliveries (lead_id, form_key, body, status, next_attempt_at, updated_at)
         VALUES (?, ?, ?, 'pending', ?, ?)`,
      );
      for (const submission of lead.submissions) {
        delivery.run(
          lead.id,
          submission.formKey,
          JSON.stringify(submission.body),
          lead.receivedAt,
          lead.receivedAt,
        );
      }
      const file = db.prepare(
        `INSERT INTO lead_files (token, lead_id, field, original_name, stored_name, mime, size, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      for (const stored of lead.files) {
        file.run(
          stored.token,
          lead.id,
          stored.field,
          stored.originalName,
          stored.storedName,
          stored.mime,
          stored.size,
          lead.receivedAt,
        );
      }
      return lead.id;
    });
  }

  findByIdempotencyKey(flowId: string, key: string, db: Db = this.db()): string | undefined {
    const row = db
      .prepare<[string, string], { id: string }>(
        'SELECT id FROM leads WHERE flow_id = ? AND idempotency_key = ?',
      )
      .get(flowId, key);
    return row?.id;
  }

  /**
   * Leases up to `limit` due pending deliveries (optionally only the given leads') for
   * `leaseMs` and counts the attempt. A lease that outlives its holder marks the attempt in doubt.
   */
  claimDue(now: number, limit: number, leaseMs: number, leadIds?: string[]): DeliveryRow[] {
    const db = this.db();
    const claim = db.transaction(() => {
      const filter = leadIds ? `AND lead_id IN (${leadIds.map(() => '?').join(',')})` : '';
      const rows = db
        .prepare<unknown[], DeliveryRecord>(
          `SELECT * FROM lead_deliveries
           WHERE status = 'pending' AND next_attempt_at <= ?
             AND (in_flight_until IS NULL OR in_flight_until < ?) ${filter}
           ORDER BY next_attempt_at, id LIMIT ?`,
        )
        .all(now, now, ...(leadIds ?? []), limit);
      const lease = db.prepare(
        `UPDATE lead_deliveries
         SET in_flight_until = ?, attempts = attempts + 1, updated_at = ?,
             in_doubt = in_doubt + (CASE WHEN in_flight_until IS NULL THEN 0 ELSE 1 END)
         WHERE id = ?`,
      );
      for (const row of rows) lease.run(now + leaseMs, now, row.id);
      return rows.map((row) => ({ ...toDelivery(row), attempts: row.attempts + 1 }));
    });
    return claim.immediate();
  }

  /** Records an attempt's outcome and releases the lease (group-committed). */
  recordAttempt(deliveryId: number, outcome: AttemptRecord, now = Date.now()): Promise<void> {
    return this.commits.run((db) => {
      const common = {
        id: deliveryId,
        now,
        httpStatus: outcome.httpStatus ?? null,
        response: clip(outcome.response),
      };
      if (outcome.status === 'delivered') {
        db.prepare(
          `UPDATE lead_deliveries SET status = 'delivered', hold_kind = NULL, in_flight_until = NULL,
             next_attempt_at = NULL, last_status = @httpStatus, last_response = @response,
             last_error = NULL, delivered_at = @now, updated_at = @now WHERE id = @id`,
        ).run(common);
      } else if (outcome.status === 'pending') {
        db.prepare(
          `UPDATE lead_deliveries SET in_flight_until = NULL, next_attempt_at = @next,
             last_status = @httpStatus, last_response = @response, last_error = @error,
             dropped_context = CASE WHEN @drop IS NULL THEN dropped_context ELSE @drop END,
             updated_at = @now WHERE id = @id`,
        ).run({
          ...common,
          next: outcome.nextAttemptAt,
          error: outcome.error,
          drop: outcome.dropContext ? JSON.stringify(outcome.dropContext) : null,
        });
      } else {
        db.prepare(
          `UPDATE lead_deliveries SET status = @status, hold_kind = @holdKind, in_flight_until = NULL,
             next_attempt_at = NULL, last_status = @httpStatus, last_response = @response,
             last_error = @error, updated_at = @now WHERE id = @id`,
        ).run({
          ...common,
          status: outcome.status,
          holdKind: outcome.status === 'held' ? outcome.holdKind : null,
          error: outcome.error,
        });
      }
    });
  }

  /**
   * After a restart no attempt is in flight: a lease left behind means the process died while
   * calling HubSpot. Such attempts are counted in doubt and retried (HubSpot has no idempotency
   * key, so at-least-once is the best any sender can do there). One worker per database.
   */
  releaseStaleLeases(): number {
    return this.db()
      .prepare(
        `UPDATE lead_deliveries SET in_flight_until = NULL, in_doubt = in_doubt + 1
         WHERE status = 'pending' AND in_flight_until IS NOT NULL`,
      )
      .run().changes;
  }

  /** Puts held (and, with `includeFailed`, failed) deliveries back in the queue, due now. */
  requeue(
    selector: { leadId: string } | { allHeld: true } | { unconfiguredOnly: true },
    now = Date.now(),
  ): number {
    const set = `SET status = 'pending', hold_kind = NULL, next_attempt_at = ${now}, updated_at = ${now}`;
    if ('leadId' in selector) {
      return this.db()
        .prepare(
          `UPDATE lead_deliveries ${set} WHERE lead_id = ? AND status IN ('held', 'failed', 'pending')`,
        )
        .run(selector.leadId).changes;
    }
    const where =
      'allHeld' in selector ? "status = 'held'" : "status = 'held' AND hold_kind = 'unconfigured'";
    return this.db().prepare(`UPDATE lead_deliveries ${set} WHERE ${where}`).run().changes;
  }

  /** Time of the earliest due pending delivery, if any. */
  nextDueAt(): number | undefined {
    const row = this.db()
      .prepare<[], { at: number | null }>(
        "SELECT MIN(next_attempt_at) AS at FROM lead_deliveries WHERE status = 'pending'",
      )
      .get();
    return row?.at ?? undefined;
  }

  listLeads(options: { status?: DeliveryStatus; limit?: number } = {}): LeadSummary[] {
    const rows = this.db()
      .prepare<unknown[], Record<string, unknown>>(
        `SELECT l.id, l.flow_id, l.submitted_at, l.received_at, l.page_uri, l.page_name, l.client_ip,
           ${leadStatusSql} AS status, SUM(d.attempts) AS attempts,
           MAX(d.last_error) AS last_error
         FROM leads l JOIN lead_deliveries d ON d.lead_id = l.id
         GROUP BY l.id ${options.status ? 'HAVING status = ?' : ''}
         ORDER BY l.received_at, l.id ${options.limit ? `LIMIT ${Math.floor(options.limit)}` : ''}`,
      )
      .all(...(options.status ? [options.status] : []));
    return rows.map((row) => ({
      id: row.id as string,
      flowId: row.flow_id as string,
      status: row.status as DeliveryStatus,
      submittedAt: row.submitted_at as number,
      receivedAt: row.received_at as number,
      pageUri: row.page_uri as string,
      pageName: row.page_name as string,
      clientIp: row.client_ip as string | null,
      attempts: row.attempts as number,
      lastError: row.last_error as string | null,
    }));
  }

  getLead(id: string): LeadDetail | undefined {
    const db = this.db();
    const lead = db
      .prepare<[string], Record<string, unknown>>('SELECT * FROM leads WHERE id = ?')
      .get(id);
    if (!lead) return undefined;
    const deliveries = this.deliveriesOf(id);
    const files = db
      .prepare<[string], Record<string, unknown>>(
        'SELECT * FROM lead_files WHERE lead_id = ? ORDER BY field',
      )
      .all(id)
      .map((row) => ({
        token: row.token as string,
        field: row.field as string,
        originalName: row.original_name as string,
        storedName: row.stored_name as string,
        mime: row.mime as string,
        size: row.size as number,
        hubspotUrl: row.hubspot_url as string | null,
      }));
    const worst = deliveries.reduce<DeliveryStatus>(
      (acc, d) => (statusRank[d.status] > statusRank[acc] ? d.status : acc),
      'delivered',
    );
    return {
      id,
      flowId: lead.flow_id as string,
      status: worst,
      submittedAt: lead.submitted_at as number,
      receivedAt: lead.received_at as number,
      pageUri: lead.page_uri as string,
      pageName: lead.page_name as string,
      clientIp: lead.client_ip as string | null,
      hutk: lead.hutk as string | null,
      answers: JSON.parse(lead.answers as string) as unknown,
      attempts: deliveries.reduce((sum, d) => sum + d.attempts, 0),
      lastError: deliveries.find((d) => d.lastError)?.lastError ?? null,
      deliveries,
      files,
    };
  }

  deliveriesOf(leadId: string): DeliveryRow[] {
    return this.db()
      .prepare<[string], DeliveryRecord>(
        'SELECT * FROM lead_deliveries WHERE lead_id = ? ORDER BY id',
      )
      .all(leadId)
      .map(toDelivery);
  }

  fileByToken(token: string): StoredFile | undefined {
    const row = this.db()
      .prepare<[string], Record<string, unknown>>('SELECT * FROM lead_files WHERE token = ?')
      .get(token);
    if (!row) return undefined;
    return {
      token: row.token as string,
      field: row.field as string,
      originalName: row.original_name as string,
      storedName: row.stored_name as string,
      mime: row.mime as string,
      size: row.size as number,
    };
  }

  setFileHubspotUrl(token: string, url: string): void {
    this.db().prepare('UPDATE lead_files SET hubspot_url = ? WHERE token = ?').run(url, token);
  }

  filesOf(leadId: string): (StoredFile & { hubspotUrl: string | null })[] {
    return this.getLead(leadId)?.files ?? [];
  }

  stats(): {
    leads: Record<DeliveryStatus, number>;
    deliveries: Record<DeliveryStatus, number>;
    byFlow: Record<string, number>;
    oldestPendingAt: number | null;
    inDoubt: number;
  } {
    const db = this.db();
    const zero = () => ({ pending: 0, delivered: 0, held: 0, failed: 0 });
    const leads = zero();
    for (const row of db
      .prepare<[], { status: DeliveryStatus; n: number }>(
        `SELECT status, COUNT(*) AS n FROM (SELECT ${leadStatusSql} AS status
           FROM lead_deliveries d GROUP BY d.lead_id) GROUP BY status`,
      )
      .all())
      leads[row.status] = row.n;
    const deliveries = zero();
    for (const row of db
      .prepare<[], { status: DeliveryStatus; n: number }>(
        'SELECT status, COUNT(*) AS n FROM lead_deliveries GROUP BY status',
      )
      .all())
      deliveries[row.status] = row.n;
    const byFlow: Record<string, number> = {};
    for (const row of db
      .prepare<[], { flow_id: string; n: number }>(
        'SELECT flow_id, COUNT(*) AS n FROM leads GROUP BY flow_id ORDER BY flow_id',
      )
      .all())
      byFlow[row.flow_id] = row.n;
    const extra = db
      .prepare<[], { oldest: number | null; doubt: number | null }>(
        `SELECT MIN(CASE WHEN d.status = 'pending' THEN l.received_at END) AS oldest,
           SUM(d.in_doubt) AS doubt FROM lead_deliveries d JOIN leads l ON l.id = d.lead_id`,
      )
      .get();
    return {
      leads,
      deliveries,
      byFlow,
      oldestPendingAt: extra?.oldest ?? null,
      inDoubt: extra?.doubt ?? 0,
    };
  }
}
