/**
 * Reads a server's outbox directly, as an operator's SQL would: its SQLite file (read-only), or
 * its PostgreSQL database, whichever the server's environment names.
 */
import Database from 'better-sqlite3';
import pg from 'pg';

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

const query = `SELECT l.id, l.flow_id, l.submitted_at, l.answers, d.form_key, d.status, d.attempts,
    d.in_doubt, d.last_error, d.body
  FROM leads l JOIN lead_deliveries d ON d.lead_id = l.id ORDER BY l.received_at, d.id`;

export async function readOutbox(env: Record<string, string | undefined>): Promise<OutboxRow[]> {
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<OutboxRow & { submitted_at: string }>(query);
      return rows.map((row) => ({ ...row, submitted_at: Number(row.submitted_at) }));
    } finally {
      await client.end();
    }
  }
  if (!env.LEADS_DB) throw new Error('the server has neither DATABASE_URL nor LEADS_DB');
  const db = new Database(env.LEADS_DB, { readonly: true, fileMustExist: true });
  try {
    return db.prepare<[], OutboxRow>(query).all();
  } finally {
    db.close();
  }
}
