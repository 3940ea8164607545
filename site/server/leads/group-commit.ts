/**
 * Group commit: writes queued in the same turn of the event loop share one SQLite transaction,
 * so one fsync (synchronous = FULL) covers many leads. A write that fails (a duplicate idempotency
 * key) rejects only its own promise: the batch is then re-run with each write in a savepoint.
 */
import type { Db } from '@/site/server/db/database';

type Result = { ok: true; value: unknown } | { ok: false; value: unknown };

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
    let results: Result[];
    try {
      results = this.commit(this.db(), batch);
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

  private commit(db: Db, batch: Pending<unknown>[]): Result[] {
    // First without savepoints: they cost about a third of a lead's insert time, and a write
    // fails only on a duplicate idempotency key. Any failure rolls the whole batch back.
    try {
      return db.transaction(() => batch.map((item) => ({ ok: true, value: item.write(db) })))();
    } catch {
      // Re-run below, each write in its own savepoint (a nested better-sqlite3 transaction),
      // so a failing write rolls back alone. A commit that failed fails again and throws.
    }
    return db.transaction(() =>
      batch.map((item): Result => {
        try {
          return { ok: true, value: db.transaction(() => item.write(db))() };
        } catch (error) {
          return { ok: false, value: error };
        }
      }),
    )();
  }
}
