/** Reads a server's outbox directly (read-only), as an operator's SQL would. */
import Database from 'better-sqlite3';

export interface OutboxRow {
  id: string;
  flow_id: string;
  submitted_at: number;
  form_key: string;
  status: string;
  attempts: number;
  in_doubt: number;
  last_error: string | null;
  body: string;
  answers: string;
}

export function readOutbox(file: string): OutboxRow[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare<[], OutboxRow>(
        `SELECT l.id, l.flow_id, l.submitted_at, l.answers, d.form_key, d.status, d.attempts,
           d.in_doubt, d.last_error, d.body
         FROM leads l JOIN lead_deliveries d ON d.lead_id = l.id ORDER BY l.received_at, d.id`,
      )
      .all();
  } finally {
    db.close();
  }
}
