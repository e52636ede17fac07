/**
 * The demo backend's list search: case- and accent-insensitive substring over a record's fields, with digits and
 * letters also compared without their mask (CNPJs, phones). Folded texts are memoized per value and per record.
 */
const COMBINING_MARKS = /[\u0300-\u036f]/g;
/** Printable ASCII only (anything else takes the full path). */
const ASCII = /^[ -~]*$/;
/** Mask characters of CNPJs and phones, dropped when the search text has a digit ("45.278" finds "45278"). */
const MASK = /[\s.\-/()]/g;

/** Lower-case, without accents (ç → c, ã → a); anything else (%, quotes, emoji) is kept as is. */
export function foldText(value: string): string {
  // ASCII (most serial numbers, codes and names): nothing to decompose, and pt-BR lower-cases it as plain ASCII.
  if (ASCII.test(value)) return value.toLowerCase();
  return value.normalize('NFD').replace(COMBINING_MARKS, '').toLocaleLowerCase('pt-BR');
}

/**
 * `foldText` and its unmasked form, remembered per text in one entry (many records share a site, a model or a
 * city): the records' search texts below are built from it. Pure functions of the text, so a stale entry cannot
 * exist; the memo is dropped when it grows past a bound.
 */
const FOLD_MEMO_LIMIT = 200_000;

interface Folded {
  text: string;
  /** Without the mask characters; computed on first use (only searches with a digit need it). */
  unmasked: string | null;
}

const folded = new Map<string, Folded>();

function foldedEntry(value: string): Folded {
  let entry = folded.get(value);
  if (entry === undefined) {
    if (folded.size >= FOLD_MEMO_LIMIT) folded.clear();
    entry = { text: foldText(value), unmasked: null };
    folded.set(value, entry);
  }
  return entry;
}

function unmaskedOf(entry: Folded): string {
  entry.unmasked ??= entry.text.replace(MASK, '');
  return entry.unmasked;
}

export type SearchField<R> = (keyof R & string) | ((record: R) => unknown);

/** Joins the folded fields of one record: a needle never holds it, so a match never spans two fields. */
const FIELD_SEPARATOR = '\u0000';

/**
 * One record's search fields as last read (`values`) and folded into one text (`text`, and `unmasked` once a search
 * with a digit needs it). Checked against the record on every search, field by field: the demo updates records in
 * place and some fields read other records (a device's machine name), so an entry is used only while every field
 * still reads the same — whichever fields a handler searches, the text is a function of what they read.
 */
interface RecordText {
  values: string[];
  text: string;
  unmasked: string | null;
}

const recordTexts = new WeakMap<object, RecordText>();

/** The record's folded search text over `fields`, remembered while they read the same. */
function recordText<R>(record: R, fields: ReadonlyArray<SearchField<R>>): RecordText {
  const cached = recordTexts.get(record as object);
  if (cached !== undefined && cached.values.length === fields.length) {
    let same = true;
    for (let index = 0; index < fields.length; index += 1) {
      if (cached.values[index] !== fieldText(record, fields[index] as SearchField<R>)) {
        same = false;
        break;
      }
    }
    if (same) return cached;
  }
  const values = fields.map((field) => fieldText(record, field));
  const entry: RecordText = { values, text: values.map((value) => foldedEntry(value).text).join(FIELD_SEPARATOR), unmasked: null };
  recordTexts.set(record as object, entry);
  return entry;
}

function recordUnmasked(entry: RecordText): string {
  entry.unmasked ??= entry.values.map((value) => unmaskedOf(foldedEntry(value))).join(FIELD_SEPARATOR);
  return entry.unmasked;
}

/**
 * Folds the search fields of `records` ahead of the first search (the demo's worker does it for its largest
 * collections once it has loaded them, as a real backend has its indexes built before the first query): the large
 * demo's first search otherwise folds some 60 000 texts while the user waits.
 */
export function warmSearch<R>(records: readonly R[], fields: ReadonlyArray<SearchField<R>>): void {
  for (const record of records) recordUnmasked(recordText(record, fields));
}

function fieldText<R>(record: R, field: SearchField<R>): string {
  const value = typeof field === 'function' ? field(record) : record[field];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/**
 * A predicate for the search text `q` over `fields`: a substring of one field, ignoring case and accents. When `q`
 * has a digit, the mask is ignored on both sides too, so `45.278`, `45278` and `(31) 3822` find CNPJs and phones
 * stored bare. Never throws; an empty `q` matches everything.
 */
export function searchPredicate<R>(q: string, fields: ReadonlyArray<SearchField<R>>): (record: R) => boolean {
  const needle = foldText(q.trim()).replaceAll(FIELD_SEPARATOR, '');
  if (needle === '' || fields.length === 0) return () => true;
  const compactNeedle = /\d/.test(needle) ? needle.replace(MASK, '') : '';
  const compact = compactNeedle.length >= 2;
  return (record) => {
    const entry = recordText(record, fields);
    return entry.text.includes(needle) || (compact && recordUnmasked(entry).includes(compactNeedle));
  };
}
