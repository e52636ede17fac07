/**
 * Lists: the sort a list query names as SQL (`key` ascending, `-key` descending, ties broken by id so pages never
 * overlap) and the page answer. A resource builds its own WHERE (owner first, then filters and search) and runs
 * the page and the count in one batch:
 *
 *   const [rows, [{ total }]] = await db.batch([
 *     db.select().from(t).where(where).orderBy(...sortOrder(query.sort, SORTS, t.id)).limit(query.perPage).offset(offsetOf(query)),
 *     db.select({ total: count() }).from(t).where(where),
 *   ]);
 *   return c.json(pageAnswer(rows.map(toJson), query, total));
 */
import { asc, desc, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { serialize } from './time';

export function sortOrder(sort: string, columns: Record<string, SQLiteColumn | SQL>, id: SQLiteColumn): SQL[] {
  const descending = sort.startsWith('-');
  const column = columns[descending ? sort.slice(1) : sort];
  if (!column) return [asc(id)];
  return [descending ? desc(column) : asc(column), asc(id)];
}

export function offsetOf(query: { page: number; perPage: number }): number {
  return (query.page - 1) * query.perPage;
}

/** `{ data, meta: { page, perPage, total } }`, times as `{ seconds, nanos }`. */
export function pageAnswer(data: readonly object[], query: { page: number; perPage: number }, total: number) {
  return { data: serialize(data) as Record<string, unknown>[], meta: { page: query.page, perPage: query.perPage, total } };
}
