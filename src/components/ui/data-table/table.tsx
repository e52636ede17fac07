// Desktops: the table (sortable headers, skeleton rows) and its memoised rows (TableRows).

import { memo, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Skeleton } from '../skeleton';
import { SortIcon } from './icons';
import { RowCheckbox, SelectAll } from './row-checkbox';
import { followRowLink, PrimaryCell } from './row-link';
import { RowActionsMenu } from './row-menu';
import { activateOf, latestActions, sameRows, useRowsProps, type TableRowsProps, type ViewProps } from './rows';
import { parseSort } from './sort';

/**
 * The table's rows, rendered again only when what they show changes: a list's screen also renders for what is
 * around its rows (a filter's options arriving, the loading feedback of a slow page, a dialog opening), and twenty
 * rows of links, badges and menus are the bulk of a render on a slow phone (measured with `npm run bench`). Cells are pure of their
 * record and their column (a screen whose cells use other state builds its columns in its render, so they change
 * with it); clicks and actions run the latest handlers.
 */
const TableRows = memo(
  function TableRows<Row, K extends string>({ summaries, columns, primaryIndex, clickable, handlers, latest }: TableRowsProps<Row, K>) {
    const { onRowClick, selection } = handlers;
    // Rows are keyed by their place on the page, not by record: the next page, another sort or a search shows other
    // records in the same rows, and updating twenty rows' texts and links costs a fraction of removing them and
    // creating twenty new ones (measured with `npm run bench`). A row keeps no state of its record: its cells are
    // pure of it and its menu and checkbox act on the row they are rendered with.
    return summaries.map((summary, index) => {
      const { row, label, href, selected } = summary;
      const actions = latestActions(summary, latest);
      return (
        <tr
          key={index}
          onClick={clickable ? followRowLink : undefined}
          data-selected={selected || undefined}
          className={cn('align-middle', clickable && 'cursor-pointer hover:bg-slate-50', selected && 'bg-accent-soft/40')}
        >
          {selection ? (
            <td className="px-4 py-3">
              <RowCheckbox summary={summary} latest={latest} />
            </td>
          ) : null}
          {columns.map((column, columnIndex) =>
            columnIndex === primaryIndex ? (
              <th key={column.id} scope="row" className={cn('px-4 py-3 text-left font-normal', column.className)}>
                <PrimaryCell content={column.cell(row)} href={href} onActivate={activateOf(summary, onRowClick, latest)} />
              </th>
            ) : (
              <td key={column.id} className={cn('px-4 py-3 text-slate-700', column.className)}>
                {column.cell(row)}
              </td>
            ),
          )}
          {actions ? (
            <td className="px-2 py-1.5 text-right">
              <RowActionsMenu label={label} actions={actions} />
            </td>
          ) : null}
        </tr>
      );
    });
  },
  sameRows,
) as <Row, K extends string>(props: TableRowsProps<Row, K>) => ReactNode;

export function Table<Row, K extends string>(props: ViewProps<Row, K>) {
  const { columns, primaryIndex, rows, loading, skeletonRows, getRowId, query, onSort, rowActions, selection, busy, refreshing, caption } = props;
  const rowsProps = useRowsProps(props);
  const sort = parseSort(query.sort);
  // A table wider than its box scrolls sideways: with no link, button or checkbox inside to reach it, the box
  // itself takes the focus (a named region), so the keyboard can scroll it too.
  const hasControls =
    rowsProps.clickable || Boolean(rowActions) || Boolean(selection) || (Boolean(onSort) && columns.some((column) => column.sortKey));
  return (
    <div
      className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring"
      {...(hasControls ? {} : { tabIndex: 0, role: 'region', 'aria-label': caption })}
    >
      <table
        aria-busy={busy || undefined}
        className={cn('w-full border-collapse text-left text-sm transition-opacity', refreshing && 'opacity-60')}
      >
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-600">
          <tr>
            {selection ? (
              <th scope="col" className="w-10 px-4 py-3">
                {loading ? <span className="sr-only">Seleção</span> : <SelectAll rows={rows} getRowId={getRowId} selection={selection} />}
              </th>
            ) : null}
            {columns.map((column) => {
              const sortable = column.sortKey !== undefined && onSort !== undefined;
              const direction = sortable ? (sort.key === column.sortKey ? sort.direction : 'none') : undefined;
              return (
                <th
                  key={column.id}
                  scope="col"
                  aria-sort={direction}
                  className={cn('whitespace-nowrap px-4 py-3 font-medium', column.className)}
                >
                  {sortable && column.sortKey !== undefined ? (
                    <button
                      type="button"
                      onClick={() => onSort?.(column.sortKey as K)}
                      className="-mx-2 inline-flex items-center gap-1 rounded-md px-2 py-1 hover:bg-slate-200/70 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring"
                    >
                      {column.header}
                      <SortIcon direction={direction ?? 'none'} />
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
            {rowActions ? (
              <th scope="col" className="w-14 px-2 py-3">
                <span className="sr-only">Ações</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {loading
            ? Array.from({ length: skeletonRows }, (_, index) => (
                <tr key={`skeleton-${index}`}>
                  {selection ? (
                    <td className="px-4 py-3">
                      <Skeleton className="h-4 w-4" />
                    </td>
                  ) : null}
                  {columns.map((column, columnIndex) => (
                    <td key={column.id} className="px-4 py-3">
                      <Skeleton className={cn('h-4', columnIndex === primaryIndex ? 'w-40' : 'w-24')} />
                    </td>
                  ))}
                  {rowActions ? (
                    <td className="px-2 py-3">
                      <Skeleton className="mx-auto h-6 w-6" />
                    </td>
                  ) : null}
                </tr>
              ))
            : (
                <TableRows {...rowsProps} />
              )}
        </tbody>
      </table>
    </div>
  );
}
