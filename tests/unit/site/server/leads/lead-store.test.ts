/**
 * The LeadStore contract on both databases the site runs on: a SQLite file, and a database of
 * its own in the run's real PostgreSQL cluster. `another` is a second store as another instance
 * has it: on PostgreSQL a second pool; on SQLite a second store on the process's one connection
 * (a process keeps one connection to the file; another process waits for the file's lock, which
 * a second connection in this same thread could never see released).
 */
import { OutboxStore } from '@/site/server/leads/outbox-store';
import { dialects } from '@/tests/integration/support/test-databases';
import { describeLeadStoreContract } from './lead-store-contract';
import { tempOutbox } from './outbox-fixtures';

for (const dialect of dialects) {
  describeLeadStoreContract(dialect, async () => {
    const { store, site, database, dispose } = tempOutbox(dialect);
    const db = await database;
    return {
      store,
      another: () => {
        const other = dialect === 'sqlite' ? site : db.open();
        return new OutboxStore(() => other);
      },
      close: dispose,
    };
  });
}
