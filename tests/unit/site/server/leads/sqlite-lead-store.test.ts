import { rmSync } from 'node:fs';
import path from 'node:path';
import { openDatabase, type Db } from '@/site/server/db/database';
import { outboxMigrations } from '@/site/server/leads/outbox-schema';
import { OutboxStore } from '@/site/server/leads/outbox-store';
import { describeLeadStoreContract } from './lead-store-contract';
import { tempOutbox } from './outbox-fixtures';

describeLeadStoreContract('SQLite', () => {
  const { file, db, store } = tempOutbox();
  const others: Db[] = [];
  return Promise.resolve({
    store,
    another: () => {
      // Its own connection to the same file, as `npm run leads` beside the server has.
      const other = openDatabase(file, outboxMigrations);
      others.push(other);
      return new OutboxStore(() => other);
    },
    close: () => {
      for (const one of [db, ...others]) one.close();
      rmSync(path.dirname(file), { recursive: true, force: true });
      return Promise.resolve();
    },
  });
});
