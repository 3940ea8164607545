/**
 * Reads a lead back from the server's own outbox (this run's SQLite file, the server's LEADS_DB), read-only, so a
 * test asserts what the pipeline really stored — not what the browser meant to send.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { e2eDatabase } from '../../support/run-dir';

export interface StoredLead {
  flowId: string;
  answers: Record<string, unknown>;
  hidden: Record<string, string>;
  pageUri: string;
  pageName: string;
  deliveries: {
    formKey: string;
    fields: { name: string; objectTypeId: string; value: string }[];
    context: Record<string, string>;
    legalConsentOptions?: unknown;
  }[];
}

export function readLead(id: string): StoredLead | undefined {
  const file = path.resolve(e2eDatabase());
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const lead = db.prepare('SELECT * FROM leads WHERE id = ?').get(id) as
      Record<string, string> | undefined;
    if (!lead) return undefined;
    const deliveries = (
      db
        .prepare('SELECT form_key, body FROM lead_deliveries WHERE lead_id = ? ORDER BY id')
        .all(id) as { form_key: string; body: string }[]
    ).map((row) => {
      const body = JSON.parse(row.body) as Omit<StoredLead['deliveries'][number], 'formKey'>;
      return { formKey: row.form_key, ...body };
    });
    return {
      flowId: lead.flow_id!,
      answers: JSON.parse(lead.answers!) as Record<string, unknown>,
      hidden: JSON.parse(lead.hidden!) as Record<string, string>,
      pageUri: lead.page_uri!,
      pageName: lead.page_name!,
      deliveries,
    };
  } finally {
    db.close();
  }
}
