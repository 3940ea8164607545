/**
 * Group commit: writes queued in the same turn of the event loop share one SQLite transaction,
 * so one fsync (synchronous = FULL) covers many leads. Each write runs in its own savepoint:
 * one failing write (a duplicate idempotency key) rejects only its own promise.
 */
import type { Db } from '@/site/server/db/database';

interface Pending<T> {
  write: (db: Db) => T;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

export class GroupCommit {
  private queue: Pending<unknown>[] = [];
  private scheduled = false;

  constructor(private readonly db: () => Db) {}

  /** Runs `write` inside a shared transaction; resolves after the transaction is on disk. */
  run<T>(write: (db: Db) => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ write, resolve, reject } as Pending<unknown>);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return;
    const db = this.db();
    const results: { ok: boolean; value: unknown }[] = [];
    try {
      db.transaction(() => {
        for (const item of batch) {
          try {
            // A nested better-sqlite3 transaction is a savepoint: a failure rolls back this item only.
            results.push({ ok: true, value: db.transaction(() => item.write(db))() });
          } catch (error) {
            results.push({ ok: false, value: error });
          }
        }
      })();
    } catch (error) {
      // The commit itself failed (disk full, I/O error): nothing of the batch is stored.
      for (const item of batch) item.reject(error);
      return;
    }
    batch.forEach((item, index) => {
      const result = results[index];
      if (result?.ok) item.resolve(result.value);
      else item.reject(result?.value);
    });
  }
}
