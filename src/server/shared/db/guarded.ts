/**
 * Writes that carry their own rule: `INSERT INTO t (…every column) SELECT …the row WHERE <condition>`. A rule checked
 * by a SELECT and then written by another statement lets two concurrent requests both pass the check; here the check
 * runs in the statement that writes (SQLite runs one write at a time), so only one can. A Drizzle query (not raw
 * `sql`): it goes in `db.batch` and `d1Batch` alike. Whether the row was kept: `.returning()`, or `EXISTS` on its id
 * later in the same batch (`CreateResult.applied`).
 */
import { getTableColumns, is, SQL, sql } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from '../app-env';

/** `row` into `table`, kept only if `when` holds as the statement runs (after the batch's earlier writes). */
export function insertWhere<T extends SQLiteTable>(db: Db, table: T, row: T['$inferInsert'], when: SQL) {
  const values = Object.entries(getTableColumns(table))
    .filter(([, column]) => !column.generated)
    .map(([key, column]) => {
      const value: unknown = (row as Record<string, unknown>)[key];
      const fallback = value === undefined ? (column.default ?? column.defaultFn?.()) : value;
      if (fallback === undefined || fallback === null) return sql`NULL`;
      return is(fallback, SQL) ? fallback : sql.param(fallback, column);
    });
  return db.insert(table).select(sql`SELECT ${sql.join(values, sql`, `)} WHERE ${when}`);
}
