/**
 * Group commit: writes queued in the same turn of the event loop share one transaction, so one
 * commit (one fsync on SQLite with synchronous = FULL, one round trip on PostgreSQL) covers many
 * leads. A write that fails (a duplicate idempotency key) rolls the shared transaction back; the
 * batch is then re-run with each write in a transaction of its own, so only that write fails.
 */
import type { Kysely, Transaction } from 'kysely';

type Result = { ok: true; value: unknown } | { ok: false; value: unknown };

interface Pending<DB, T> {
  write: (trx: Transaction<DB>) => Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

export class GroupCommit<DB> {
  private queue: Pending<DB, unknown>[] = [];
  private scheduled = false;

  constructor(private readonly db: () => Promise<Kysely<DB>>) {}

  /** Runs `write` inside a shared transaction; resolves after the transaction has committed. */
  run<T>(write: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ write, resolve, reject } as Pending<DB, unknown>);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    this.scheduled = false;
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return;
    let results: Result[];
    try {
      results = await this.commit(await this.db(), batch);
    } catch (error) {
      // The commit itself failed (disk full, database gone): nothing of the batch is stored.
      for (const item of batch) item.reject(error);
      return;
    }
    batch.forEach((item, index) => {
      const result = results[index];
      if (result?.ok) item.resolve(result.value);
      else item.reject(result?.value);
    });
  }

  private async commit(db: Kysely<DB>, batch: Pending<DB, unknown>[]): Promise<Result[]> {
    try {
      return await db.transaction().execute(async (trx) => {
        const results: Result[] = [];
        for (const item of batch) results.push({ ok: true, value: await item.write(trx) });
        return results;
      });
    } catch (error) {
      if (batch.length === 1) return [{ ok: false, value: error }];
    }
    // One failed and took the others with it: each on its own now. A database that is gone
    // fails every one of them, with its own error.
    const results: Result[] = [];
    for (const item of batch) {
      try {
        results.push({ ok: true, value: await db.transaction().execute(item.write) });
      } catch (error) {
        results.push({ ok: false, value: error });
      }
    }
    return results;
  }
}
