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
 *
 * A list that joins or sub-queries per row picks the page's rowids first (`pageRowids` below, issue 39), and every
 * sort has an index that starts with the owner (migrations 0002, 0003, 0005, 0027): EXPLAIN QUERY PLAN of each list
 * is asserted in main/routes/list-plans.test.ts.
 */
import { and, asc, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from './app-env';
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

/**
 * Pages that do not scan (issue 39): the page's rows chosen first by their rowids alone, then read (and joined) for
 * those rows only — `WHERE <table>.rowid IN (SELECT rowid … ORDER BY … LIMIT … OFFSET …)`. The inner select walks the
 * owner's index of the sort (it holds the sort key, the id and the rowid: covering, no row read), so page 50 skips
 * 980 index entries instead of reading, joining and sub-querying 980 rows; a sort without an index of its own sorts
 * those narrow entries, not the answer's rows.
 * The outer select repeats the ORDER BY (an IN list has no order) over the page's rows only, and checks the owner
 * on them with `ownedBy(…, true)` (below): its rows are the page's rowids, not a walk of the owner's index.
 *
 * The total is counted by the list's WHERE for it (`listWhere`, below): a covering index's range of the owner (no row
 * read), or, with a search, the search index's candidates. It is cheap enough to be counted again on each page turn,
 * so it is not cached (a cache would answer stale totals after a write).
 */
export function pageRowids(db: Db, table: SQLiteTable, where: SQL | undefined, order: SQL[], query: { page: number; perPage: number }): SQL {
  const rowid = rowidOf(table);
  return onPage(rowid, db.select({ rowid }).from(table).where(where).orderBy(...order).limit(query.perPage).offset(offsetOf(query)));
}

/** A table's rowid (the search index's key too). */
export const rowidOf = (table: SQLiteTable): SQL<number> => sql<number>`${table}.rowid`;

/** `rowid IN (<the page's rowids>)`, for a page select a list builds itself (with the joins its sort needs). */
export const onPage = (rowid: SQL<number>, page: SQLWrapper): SQL => sql`${rowid} IN ${page}`;

/**
 * The owner's condition of a list. `byRowid` when the statement finds its rows by rowid — the page's rowids
 * (`onPage`), or a search index's candidates (`SearchTerms.candidates`, shared/search.ts) —: the owner is then
 * checked on those rows only, `+owner_uid = ?`, the unary plus keeping the planner off the owner's index. D1 keeps
 * no statistics (no ANALYZE), and without them SQLite takes an equality on an index's first column for about ten
 * rows and an `IN (subquery)` for 25: it would walk the owner's 10 000 index entries, testing each rowid against the
 * list, rather than look up the 20 rowids of a page or the candidates of a search.
 */
export function ownedBy(column: SQLiteColumn, owner: string, byRowid = false): SQL {
  return byRowid ? sql`+${column} = ${owner}` : eq(column, owner);
}

/**
 * A list's WHERE — the owner's rows with these `filters` and `search` — for its page and for its total. The page
 * walks the owner's index of the sort and stops at its last row (a frequent needle fills it in a few entries). The
 * total, with a search the index serves, reads the candidates by rowid (`search.byRowid`, the owner checked on them:
 * `ownedBy`) instead of walking all of the owner's entries and reading each candidate met; or, when the candidates are
 * the exact answer (`search.counted`), walks the owner's covering index against their rowids, reading no row
 * (issue 39, large seed, local workerd: the machines' "ih-450" count 7 → 3 ms, the devices' "ponte" list 29 → 5 ms).
 */
export function listWhere(
  ownerColumn: SQLiteColumn,
  owner: string,
  filters: readonly (SQL | undefined)[],
  search: { condition: SQL; counted: SQL; byRowid: boolean } | null,
) {
  return {
    page: and(eq(ownerColumn, owner), ...filters, search?.condition),
    total: and(ownedBy(ownerColumn, owner, search?.byRowid ?? false), ...filters, search?.counted),
  };
}
