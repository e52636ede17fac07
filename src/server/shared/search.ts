/**
 * Search, as the lists have always done it: a case- and accent-insensitive substring of one field; with a digit
 * in the text, masks are ignored on both sides too ("45.278" finds a CNPJ stored bare).
 *
 * Each searchable table keeps two columns written with the record: `search` (its fields folded and joined by a
 * separator no needle holds) and `search_compact` (the same without mask characters). A search is then a
 * `LIKE '%needle%'` over the owner's rows — `%`, `_` and `\` in the needle escaped.
 *
 * On an index (issue 39, migration 0027): the lists' tables (customer, machine, device, purchase_order) have an FTS5
 * trigram index of `search_compact`, `<table>_search`, kept by triggers. Given the table's {@link SearchIndex}, a
 * needle of 3 characters or more (without masks) first asks the index for candidate rowids (an FTS5 phrase `MATCH`
 * on a trigram index is a substring search: `SCAN <table>_search VIRTUAL TABLE INDEX 0:M…`), and the same exact
 * `LIKE … ESCAPE` as before is kept on those rows: the index only narrows, the result is the scan's. Shorter needles
 * keep the plain LIKE over the owner's rows (an owner's index, then the LIKE). A list's total of a needle with a digit
 * counts the candidates alone (`SearchTerms.counted`): there the exact test is the phrase's own question.
 */
import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';

const COMBINING_MARKS = /[\u0300-\u036f]/g;
const MASK = /[\s.\-/()]/g;
export const FIELD_SEPARATOR = '\u0001';

/** Lower-case, without accents (ç → c, ã → a); anything else (%, quotes, emoji) is kept. */
export function foldText(value: string): string {
  return value.normalize('NFD').replace(COMBINING_MARKS, '').toLocaleLowerCase('pt-BR');
}

/** The `search` and `search_compact` columns of a record with these field values. */
export function searchColumns(values: ReadonlyArray<string | number | null | undefined>): {
  search: string;
  searchCompact: string;
} {
  const folded = values.map((value) => foldText(value === null || value === undefined ? '' : String(value)));
  return {
    search: folded.join(FIELD_SEPARATOR),
    searchCompact: folded.map((value) => value.replace(MASK, '')).join(FIELD_SEPARATOR),
  };
}

function likePattern(needle: string): string {
  return `%${needle.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** A table's search index (migration 0027): the FTS5 trigram table over its `search_compact`, and its rowid. */
export interface SearchIndex {
  name: string;
  rowid: SQL;
}

/** The search index of a table that has one (`<table>_search`: customer, machine, device, purchase_order). */
export function searchIndexOf(table: SQLiteTable): SearchIndex {
  return { name: `${getTableName(table)}_search`, rowid: sql`${table}.rowid` };
}

/** The trigram index finds texts of 3 characters or more. */
const TRIGRAM = 3;
const indexable = (text: string) => [...text].length >= TRIGRAM;

/** An FTS5 phrase of the text (a quote doubled inside the phrase). */
const phrase = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** A search's WHERE, in its parts (see {@link searchTerms}). */
export interface SearchTerms {
  /** The whole condition: the candidates ANDed with the exact test, or the exact test alone. */
  condition: SQL;
  /** The exact test (`LIKE … ESCAPE` of the needle, and of its compact form when it holds a digit). */
  exact: SQL;
  /**
   * `<table>.rowid IN (<the index's candidates>)` when the table's index serves the needle, else null (a scan of the
   * owner's rows).
   */
  candidates: SQL | null;
  /**
   * What a total may count by: `condition`, or the candidates alone when they are the exact answer — a needle
   * holding a digit on the table's own `search` / `search_compact`: its exact test is then "`search_compact` holds
   * the compact needle" (a field holding the needle holds it too), which is what the trigram phrase asks. Counted so,
   * no row is read: the owner's covering index is walked against the candidates' rowids.
   */
  counted: SQL;
  /**
   * The total finds its rows by rowid — the candidates, read for the exact test — rather than by the owner's index
   * (shared/list.ts, `ownedBy`, `listWhere`).
   */
  byRowid: boolean;
}

/**
 * A search `q` (null when `q` is empty) as its parts; with the table's `index`, served by it when the needle allows
 * (see the file's comment).
 */
export function searchTerms(q: string, search: SQLiteColumn, searchCompact: SQLiteColumn, index?: SearchIndex): SearchTerms | null {
  const needle = foldText(q.trim()).replaceAll(FIELD_SEPARATOR, '');
  if (needle === '') return null;
  const compact = /\d/.test(needle) ? needle.replace(MASK, '') : '';
  const withCompact = compact.length >= 2;
  const plain = sql`${search} LIKE ${likePattern(needle)} ESCAPE '\\'`;
  const exact = withCompact ? sql`(${plain} OR ${searchCompact} LIKE ${likePattern(compact)} ESCAPE '\\')` : plain;
  const candidates = index ? searchCandidates(index, needle) : null;
  if (!candidates || !index) return { condition: exact, exact, candidates: null, counted: exact, byRowid: false };
  const condition = sql`(${candidates} AND ${exact})`;
  const ownColumns = search.name === 'search' && searchCompact.name === 'search_compact' && `${getTableName(searchCompact.table)}_search` === index.name;
  const exactByIndex = withCompact && ownColumns;
  return { condition, exact, candidates, counted: exactByIndex ? candidates : condition, byRowid: !exactByIndex };
}

/**
 * The WHERE condition of a search `q` (null when `q` is empty); with the table's `index`, served by it when the
 * needle allows (see the file's comment).
 */
export function searchCondition(q: string, search: SQLiteColumn, searchCompact: SQLiteColumn, index?: SearchIndex): SQL | null {
  return searchTerms(q, search, searchCompact, index)?.condition ?? null;
}

/**
 * The index's candidates for a folded `needle`: every row whose `search_compact` holds the needle without its masks,
 * as a phrase of consecutive trigrams (a substring, case-folded by the index as LIKE folds it, and more). A field
 * that holds the needle — or its compact form — holds that too, so this is a superset of the exact test's rows and
 * the exact test, ANDed, decides. Null when the needle without masks is shorter than a trigram (the caller scans).
 * A phrase query reads the index only (an FTS5 `LIKE` would re-read each candidate's text from the table: slower
 * than the scan for a common needle). Also for a search of its own over fields held folded in `search`.
 */
export function searchCandidates(index: SearchIndex, needle: string): SQL | null {
  const compact = needle.replace(MASK, '');
  if (!indexable(compact)) return null;
  const fts = sql.identifier(index.name);
  return sql`${index.rowid} IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${phrase(compact)})`;
}

/** A sortable text's key column value (pt-BR order without a collation: folded). */
export const sortKey = (value: string | null | undefined): string => foldText(value ?? '');
