/**
 * The SQLite `LeadStore` (guarantees in lead-store.ts): leads, their HubSpot deliveries and their
 * files in the shared SQLite database. Writes from the request path go through a group commit;
 * the worker claims due deliveries with a lease so two processes (the server's worker and
 * `npm run leads -- retry`) never send one twice.
 */
import { getDatabase, type Db } from '@/site/server/db/database';
import { GroupCommit } from './group-commit';
import {
  DuplicateLeadError,
  type AttemptRecord,
  type LeadStore,
  type RequeueSelector,
} from './lead-store';
import type { DeliveryRow, NewLead } from './lead-types';
import { OutboxQueries } from './outbox-queries';
import { toDelivery, type DeliveryRecord } from './outbox-rows';
import { StatementCache } from './statement-cache';
import { asPromise } from './as-promise';
import './outbox-schema';

/** Keeps a provider response readable in the outbox without letting a huge body bloat it. */
const clip = (text: string | undefined) => (text === undefined ? null : text.slice(0, 4000));

export class OutboxStore extends OutboxQueries implements LeadStore {
  private readonly commits: GroupCommit;
  /** The statements run for every lead (insert, claim, record), compiled once. */
  private readonly statements = new StatementCache();

  constructor(db: () => Db = getDatabase) {
    super(db);
    this.commits = new GroupCommit(db);
  }

  /** Commits a lead with its deliveries (due now) and files; resolves once it is on disk. */
  insertLead(lead: NewLead): Promise<string> {
    return this.commits.run((db) => {
      if (lead.idempotencyKey !== undefined) {
        const existing = this.idempotentLead(db, lead.flowId, lead.idempotencyKey);
        if (existing) throw new DuplicateLeadError(existing);
      }
      this.statements
        .get(
          db,
          `INSERT INTO leads (id, flow_id, answers, page_uri, page_name, hutk, client_ip,
           submitted_at, received_at, idempotency_key)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
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
      const delivery = this.statements.get(
        db,
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
      const file = this.statements.get(
        db,
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

  findByIdempotencyKey(flowId: string, key: string): Promise<string | undefined> {
    return asPromise(() => {
      return this.idempotentLead(this.db(), flowId, key);
    });
  }

  private idempotentLead(db: Db, flowId: string, key: string): string | undefined {
    const row = this.statements
      .get<[string, string], { id: string }>(
        db,
        'SELECT id FROM leads WHERE flow_id = ? AND idempotency_key = ?',
      )
      .get(flowId, key);
    return row?.id;
  }

  /**
   * Leases up to `limit` due pending deliveries (optionally only the given leads') for
   * `leaseMs` and counts the attempt. A lease that outlives its holder marks the attempt in doubt.
   */
  claimDue(
    now: number,
    limit: number,
    leaseMs: number,
    leadIds?: string[],
  ): Promise<DeliveryRow[]> {
    return asPromise(() => {
      const db = this.db();
      const claim = db.transaction(() => {
        const filter = leadIds ? `AND lead_id IN (${leadIds.map(() => '?').join(',')})` : '';
        const rows = this.statements
          .get<unknown[], DeliveryRecord>(
            db,
            `SELECT * FROM lead_deliveries
             WHERE status = 'pending' AND next_attempt_at <= ?
               AND (in_flight_until IS NULL OR in_flight_until < ?) ${filter}
             ORDER BY next_attempt_at, id LIMIT ?`,
          )
          .all(now, now, ...(leadIds ?? []), limit);
        const lease = this.statements.get(
          db,
          `UPDATE lead_deliveries
           SET in_flight_until = ?, attempts = attempts + 1, updated_at = ?,
               in_doubt = in_doubt + (CASE WHEN in_flight_until IS NULL THEN 0 ELSE 1 END)
           WHERE id = ?`,
        );
        for (const row of rows) lease.run(now + leaseMs, now, row.id);
        return rows.map((row) => ({ ...toDelivery(row), attempts: row.attempts + 1 }));
      });
      return claim.immediate();
    });
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
        this.statements
          .get(
            db,
            `UPDATE lead_deliveries SET status = 'delivered', hold_kind = NULL, in_flight_until = NULL,
             next_attempt_at = NULL, last_status = @httpStatus, last_response = @response,
             last_error = NULL, delivered_at = @now, updated_at = @now WHERE id = @id`,
          )
          .run(common);
      } else if (outcome.status === 'pending') {
        this.statements
          .get(
            db,
            `UPDATE lead_deliveries SET in_flight_until = NULL, next_attempt_at = @next,
             last_status = @httpStatus, last_response = @response, last_error = @error,
             dropped_context = CASE WHEN @drop IS NULL THEN dropped_context ELSE @drop END,
             updated_at = @now WHERE id = @id`,
          )
          .run({
            ...common,
            next: outcome.nextAttemptAt,
            error: outcome.error,
            drop: outcome.dropContext ? JSON.stringify(outcome.dropContext) : null,
          });
      } else {
        this.statements
          .get(
            db,
            `UPDATE lead_deliveries SET status = @status, hold_kind = @holdKind, in_flight_until = NULL,
             next_attempt_at = NULL, last_status = @httpStatus, last_response = @response,
             last_error = @error, updated_at = @now WHERE id = @id`,
          )
          .run({
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
  releaseStaleLeases(): Promise<number> {
    return asPromise(() => {
      return this.db()
        .prepare(
          `UPDATE lead_deliveries SET in_flight_until = NULL, in_doubt = in_doubt + 1
           WHERE status = 'pending' AND in_flight_until IS NOT NULL`,
        )
        .run().changes;
    });
  }

  /** Puts held (and, with `includeFailed`, failed) deliveries back in the queue, due now. */
  requeue(selector: RequeueSelector, now = Date.now()): Promise<number> {
    return asPromise(() => {
      const set = `SET status = 'pending', hold_kind = NULL, next_attempt_at = ${now}, updated_at = ${now}`;
      if ('leadId' in selector) {
        return this.db()
          .prepare(
            `UPDATE lead_deliveries ${set} WHERE lead_id = ? AND status IN ('held', 'failed', 'pending')`,
          )
          .run(selector.leadId).changes;
      }
      const where =
        'allHeld' in selector
          ? "status = 'held'"
          : "status = 'held' AND hold_kind = 'unconfigured'";
      return this.db().prepare(`UPDATE lead_deliveries ${set} WHERE ${where}`).run().changes;
    });
  }

  /** Time of the earliest due pending delivery, if any. */
  nextDueAt(): Promise<number | undefined> {
    return asPromise(() => {
      const row = this.statements
        .get<[], { at: number | null }>(
          this.db(),
          "SELECT MIN(next_attempt_at) AS at FROM lead_deliveries WHERE status = 'pending'",
        )
        .get();
      return row?.at ?? undefined;
    });
  }

  setFileHubspotUrl(token: string, url: string): Promise<void> {
    return asPromise(() => {
      this.db().prepare('UPDATE lead_files SET hubspot_url = ? WHERE token = ?').run(url, token);
    });
  }
}
