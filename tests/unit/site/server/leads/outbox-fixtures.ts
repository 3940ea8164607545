import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { openDatabase } from '@/site/server/db/database';
import type { NewLead } from '@/site/server/leads/lead-types';
import { outboxMigrations } from '@/site/server/leads/outbox-schema';
import { OutboxStore } from '@/site/server/leads/outbox-store';

/** A fresh outbox in a temporary SQLite file. */
export function tempOutbox() {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'outbox-')), 'leads.sqlite');
  const db = openDatabase(file, outboxMigrations);
  return { file, db, store: new OutboxStore(() => db) };
}

/** A lead with hand-built HubSpot bodies (one per form key). */
export function lead(
  email: string,
  formKeys: string[] = ['subscribe'],
  extra: Partial<NewLead> = {},
): NewLead {
  const submittedAt = Date.now() - 1000;
  return {
    id: randomUUID(),
    flowId: 'newsletter',
    answers: { email },
    pageUri: 'http://127.0.0.1/',
    pageName: 'home',
    submittedAt,
    receivedAt: submittedAt,
    submissions: formKeys.map((formKey) => ({
      formKey,
      body: {
        submittedAt,
        fields: [{ objectTypeId: '0-1', name: 'email', value: email }],
        context: { pageUri: 'http://127.0.0.1/', pageName: 'home' },
      },
    })),
    files: [],
    ...extra,
  };
}
