/**
 * Drizzle's D1 batch cannot run a raw `sql` statement with parameters (its raw query has no prepared statement), and
 * an INSERT … SELECT … WHERE (a write that depends on the batch's earlier one) is such a statement. These run on
 * D1's own batch — one transaction, as `db.batch` — with Drizzle building the SQL.
 */
import { SQL } from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';

const dialect = new SQLiteAsyncDialect();

type Buildable = SQL | { toSQL(): { sql: string; params: unknown[] } };

export function d1Statement(d1: D1Database, query: Buildable): D1PreparedStatement {
  const { sql, params } = query instanceof SQL ? dialect.sqlToQuery(query) : query.toSQL();
  return d1.prepare(sql).bind(...params);
}

/** Runs the statements in one D1 batch; answers each one's rows (RETURNING) or changes. */
export async function d1Batch(d1: D1Database, queries: Buildable[]): Promise<Array<{ rows: unknown[]; changes: number }>> {
  const results = await d1.batch(queries.map((query) => d1Statement(d1, query)));
  return results.map((result) => ({ rows: result.results, changes: result.meta.changes }));
}
