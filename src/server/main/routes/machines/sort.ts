/**
 * The fleet lists' order: as `sortOrder` (shared/list.ts), except that an optional text (serial number, site,
 * manufacturer, category, a customer's name) left empty goes last in either direction, as the portal has always
 * listed them; ties broken by id so pages never overlap.
 */
import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';

export function sortMissingLast(
  sort: string,
  columns: Record<string, SQLiteColumn | SQL>,
  optional: ReadonlySet<string>,
  id: SQLiteColumn,
): SQL[] {
  const descending = sort.startsWith('-');
  const key = descending ? sort.slice(1) : sort;
  const column = columns[key];
  if (!column) return [asc(id)];
  const order = descending ? desc(column) : asc(column);
  return optional.has(key) ? [sql`(${column} IS NULL OR ${column} = '')`, order, asc(id)] : [order, asc(id)];
}

/** A record's version bumped in an UPDATE: +1, and `updated_at` moved forward even within one millisecond. */
export function bumped(version: SQLiteColumn, updatedAt: SQLiteColumn, now: number) {
  return { version: sql<number>`${version} + 1`, updatedAt: sql<number>`max(${now}, ${updatedAt} + 1)` };
}
