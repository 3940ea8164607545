import { randomUUID } from 'node:crypto';
import type { Dialect } from '@/site/server/db/database';
import type { NewLead } from '@/site/server/leads/lead-types';
import { OutboxStore } from '@/site/server/leads/outbox-store';
import { testDatabase } from '@/tests/integration/support/test-databases';

/** A fresh outbox in a new database of the dialect (a temporary SQLite file by default). */
export function tempOutbox(dialect: Dialect = 'sqlite') {
  const database = testDatabase(dialect);
  const site = database.then((db) => db.open());
  return {
    store: new OutboxStore(() => site),
    /** The store's own connection. */
    site,
    database,
    dispose: async () => (await database).dispose(),
  };
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
