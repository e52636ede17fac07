// Sorting: the list's sort string read as key and direction, and the phones' sort control (a select and a
// direction button, above the cards).

import { useId } from 'react';
import { inputClasses } from '../field';
import { SortIcon } from './icons';
import type { Column } from './types';

export function parseSort(sort: string): { key: string; direction: 'ascending' | 'descending' } {
  return sort.startsWith('-') ? { key: sort.slice(1), direction: 'descending' } : { key: sort, direction: 'ascending' };
}

export function MobileSort<Row, K extends string>({
  columns,
  sort,
  onSort,
}: {
  columns: readonly Column<Row, K>[];
  sort: string;
  onSort: (key: K) => void;
}) {
  const selectId = useId();
  const sortable = columns.filter((column): column is Column<Row, K> & { sortKey: K } => column.sortKey !== undefined);
  if (sortable.length === 0) return null;
  const current = parseSort(sort);
  const known = sortable.some((column) => column.sortKey === current.key);
  return (
    <div className="mb-3 flex items-center gap-2 text-sm">
      <label htmlFor={selectId} className="whitespace-nowrap text-slate-700">
        Ordenar por
      </label>
      <select
        id={selectId}
        value={current.key}
        onChange={(event) => {
          const key = sortable.find((column) => column.sortKey === event.target.value)?.sortKey;
          if (key !== undefined && key !== current.key) onSort(key);
        }}
        className={inputClasses(false, 'h-9 min-w-0 flex-1')}
      >
        {known ? null : <option value={current.key}>Padrão</option>}
        {sortable.map((column) => (
          <option key={column.id} value={column.sortKey}>
            {column.mobileLabel ?? column.header}
          </option>
        ))}
      </select>
      <button
        type="button"
        disabled={!known}
        onClick={() => {
          const key = sortable.find((column) => column.sortKey === current.key)?.sortKey;
          if (key !== undefined) onSort(key);
        }}
        className="inline-flex h-9 shrink-0 items-center gap-1 rounded-md border border-slate-300 bg-white px-3 text-slate-800 shadow-sm hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring disabled:opacity-50"
      >
        <SortIcon direction={current.direction} />
        {current.direction === 'ascending' ? 'Crescente' : 'Decrescente'}
      </button>
    </div>
  );
}
