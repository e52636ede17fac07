/**
 * The search's matching, as the demo's lists do it (and `shared/search.ts` in SQL): a case- and accent-insensitive
 * substring of any field; with a digit in the text, masks are ignored on both sides ("45.278" finds a bare CNPJ).
 * Matches that start with the text come first.
 */
import { FIELD_SEPARATOR, foldText, searchColumns } from '../../../shared/search';

const MASK = /[\s.\-/()]/g;

/** A predicate over a record's field values, or null when the text is empty. */
export function textMatcher(q: string): ((values: ReadonlyArray<string | null | undefined>) => boolean) | null {
  const needle = foldText(q.trim()).replaceAll(FIELD_SEPARATOR, '');
  if (needle === '') return null;
  const compact = /\d/.test(needle) ? needle.replace(MASK, '') : '';
  return (values) => {
    const { search, searchCompact } = searchColumns(values);
    return search.includes(needle) || (compact.length >= 2 && searchCompact.includes(compact));
  };
}

const collator = new Intl.Collator('pt-BR');

/** By name (pt-BR order), those whose name starts with the text first; at most `limit`. */
export function bestNameMatches<T extends { name: string }>(items: T[], q: string, limit: number): T[] {
  const needle = foldText(q.trim());
  const sorted = [...items].sort((a, b) => collator.compare(a.name, b.name));
  const starts = sorted.filter((item) => foldText(item.name).startsWith(needle));
  const rest = sorted.filter((item) => !foldText(item.name).startsWith(needle));
  return [...starts, ...rest].slice(0, limit);
}
