/**
 * Search, as the lists have always done it: a case- and accent-insensitive substring of one field; with a digit
 * in the text, masks are ignored on both sides too ("45.278" finds a CNPJ stored bare).
 *
 * Each searchable table keeps two columns written with the record: `search` (its fields folded and joined by a
 * separator no needle holds) and `search_compact` (the same without mask characters). A search is then a
 * `LIKE '%needle%'` over the owner's rows — `%`, `_` and `\` in the needle escaped.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';

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

/** The WHERE condition of a search `q` (null when `q` is empty). */
export function searchCondition(q: string, search: SQLiteColumn, searchCompact: SQLiteColumn): SQL | null {
  const needle = foldText(q.trim()).replaceAll(FIELD_SEPARATOR, '');
  if (needle === '') return null;
  const compact = /\d/.test(needle) ? needle.replace(MASK, '') : '';
  const plain = sql`${search} LIKE ${likePattern(needle)} ESCAPE '\\'`;
  return compact.length >= 2 ? sql`(${plain} OR ${searchCompact} LIKE ${likePattern(compact)} ESCAPE '\\')` : plain;
}

/** A sortable text's key column value (pt-BR order without a collation: folded). */
export const sortKey = (value: string | null | undefined): string => foldText(value ?? '');
