/**
 * Prepared statements kept per database. Compiling a statement costs more than running one of
 * these small inserts and updates, and the request path and the worker run the same few SQL
 * texts for every lead, so each is compiled once per database connection.
 */
import type { Statement } from 'better-sqlite3';
import type { Db } from '@/site/server/db/database';

export class StatementCache {
  private readonly byDb = new WeakMap<Db, Map<string, Statement>>();

  get<Params extends unknown[] = unknown[], Row = unknown>(
    db: Db,
    sql: string,
  ): Statement<Params, Row> {
    let statements = this.byDb.get(db);
    if (!statements) {
      statements = new Map();
      this.byDb.set(db, statements);
    }
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement as unknown as Statement<Params, Row>;
  }
}
