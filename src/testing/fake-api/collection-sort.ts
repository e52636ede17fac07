/**
 * The demo backend's list order: `localeCompare` in pt-BR, `-key` descending, ties by id, missing values last; the
 * sorted order of a stored collection is kept between requests (`sortedView`).
 */
import type { SortKey } from '@/contracts/common';

const collator = new Intl.Collator('pt-BR');
const idCollator = new Intl.Collator('pt-BR', { numeric: true });

export type SortValue = string | number | null | undefined;
export type SortAccessors<R, K extends string> = Record<K, (record: R) => SortValue>;

function isMissing(value: SortValue): value is null | undefined | '' {
  return value === null || value === undefined || value === '';
}

function compareValues(a: SortValue, b: SortValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

interface SortedView<R> {
  /** The records as they were when sorted (same objects, same positions). */
  source: R[];
  /** The same records in order, and the sort value each had then. */
  order: R[];
  values: SortValue[];
}

/**
 * Sorted orders of stored collections, per collection array and sort: sorting 10 000 records with the pt-BR
 * collator on every request of the large demo is the bulk of a list request. An order is reused only after
 * checking, without allocating, that the collection holds the same records at the same positions and that every
 * sort value is unchanged (ids never change), so any write, even one made without `db.save()`, re-sorts.
 */
const sortedViews = new WeakMap<readonly object[], Map<string, SortedView<object>>>();

function sortKeyed<R extends { id: string }>(records: readonly R[], values: SortValue[], descending: boolean): number[] {
  const indexes = records.map((_, index) => index);
  indexes.sort((a, b) => {
    const aValue = values[a];
    const bValue = values[b];
    const aMissing = isMissing(aValue);
    const bMissing = isMissing(bValue);
    let order = 0;
    if (aMissing !== bMissing) order = aMissing ? 1 : -1;
    else if (!aMissing) order = (descending ? -1 : 1) * compareValues(aValue, bValue);
    return order !== 0 ? order : idCollator.compare((records[a] as R).id, (records[b] as R).id);
  });
  return indexes;
}

export function sortedView<R extends { id: string }>(
  records: readonly R[],
  sort: string,
  accessor: ((record: R) => SortValue) | undefined,
  descending: boolean,
): R[] {
  let views = sortedViews.get(records);
  const cached = views?.get(sort) as SortedView<R> | undefined;
  if (cached && cached.source.length === records.length) {
    let same = true;
    for (let i = 0; same && i < records.length; i += 1) same = cached.source[i] === records[i];
    for (let i = 0; same && i < cached.order.length; i += 1) {
      same = (accessor ? accessor(cached.order[i] as R) : null) === cached.values[i];
    }
    if (same) return cached.order;
  }
  const values = records.map((record) => (accessor ? accessor(record) : null));
  const indexes = sortKeyed(records, values, descending);
  const view: SortedView<R> = {
    source: records.slice(),
    order: indexes.map((index) => records[index] as R),
    values: indexes.map((index) => values[index]),
  };
  if (!views) sortedViews.set(records, (views = new Map()));
  views.set(sort, view as SortedView<object>);
  return view.order;
}

export function parseSortKey<K extends string>(sort: SortKey<K>): { key: K; descending: boolean } {
  const descending = sort.startsWith('-');
  return { key: (descending ? sort.slice(1) : sort) as K, descending };
}

/**
 * Sorts by `sort` (`key` ascending, `-key` descending); missing values go last either way and ties are broken by
 * id, ascending, so pages never overlap.
 */
export function sortRecords<R extends { id: string }, K extends string>(
  records: readonly R[],
  sort: SortKey<K>,
  accessors: SortAccessors<R, K>,
): R[] {
  const { key, descending } = parseSortKey(sort);
  const accessor = accessors[key] as ((record: R) => SortValue) | undefined;
  const values = records.map((record) => (accessor ? accessor(record) : null));
  return sortKeyed(records, values, descending).map((index) => records[index] as R);
}
