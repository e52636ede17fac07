// Phones (below 768 px): the cards, with the sort control and "Selecionar todos" above them, and their memoised
// cards (CardRows).

import { memo, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Skeleton } from '../skeleton';
import { RowCheckbox, SelectAll } from './row-checkbox';
import { followRowLink, PrimaryCell } from './row-link';
import { RowActionsMenu } from './row-menu';
import { activateOf, latestActions, sameRows, useRowsProps, type TableRowsProps, type ViewProps } from './rows';
import { MobileSort } from './sort';

export function CardList<Row, K extends string>(props: ViewProps<Row, K>) {
  const { columns, rows, loading, skeletonRows, getRowId, query, onSort, selection, busy, refreshing, caption } = props;
  const rowsProps = useRowsProps(props);
  return (
    <div>
      {onSort ? <MobileSort columns={columns} sort={query.sort} onSort={onSort} /> : null}
      {selection && !loading && rows.length > 0 ? (
        <div className="mb-3 flex items-center gap-2 text-sm text-slate-700">
          <SelectAll rows={rows} getRowId={getRowId} selection={selection} />
          <span aria-hidden="true">Selecionar todos</span>
        </div>
      ) : null}
      <ul aria-label={caption} aria-busy={busy || undefined} className={cn('space-y-3 transition-opacity', refreshing && 'opacity-60')}>
        {loading ? (
          Array.from({ length: Math.min(skeletonRows, 5) }, (_, index) => (
            <li key={`skeleton-${index}`} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-4 w-1/3" />
            </li>
          ))
        ) : (
          <CardRows {...rowsProps} />
        )}
      </ul>
    </div>
  );
}

/** The cards of a phone's list: TableRows' rules (kept while what they show is the same, keyed by their place). */
const CardRows = memo(
  function CardRows<Row, K extends string>({ summaries, columns, primaryIndex, clickable, handlers, latest }: TableRowsProps<Row, K>) {
    const { onRowClick, selection } = handlers;
    const primary = columns[primaryIndex];
    const details = columns.filter((column, index) => index !== primaryIndex && !column.hideOnMobile);
    return summaries.map((summary, index) => {
      const { row, label, href, selected } = summary;
      const actions = latestActions(summary, latest);
      return (
        <li
          key={index}
          onClick={clickable ? followRowLink : undefined}
          className={cn(
            'rounded-lg border border-slate-200 bg-white p-4 shadow-sm',
            clickable && 'cursor-pointer active:bg-slate-50',
            selected && 'border-accent bg-accent-soft/30',
          )}
        >
          <div className="flex items-start gap-3">
            {selection ? (
              <div className="pt-1">
                <RowCheckbox summary={summary} latest={latest} />
              </div>
            ) : null}
            <div className="min-w-0 flex-1">
              {primary ? (
                <p className="break-words text-base">
                  <PrimaryCell content={primary.cell(row)} href={href} onActivate={activateOf(summary, onRowClick, latest)} />
                </p>
              ) : null}
              {details.length > 0 ? (
                <dl className="mt-2 grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                  {details.map((column) => (
                    <div key={column.id} className="contents">
                      <dt className="text-slate-500">{column.mobileLabel ?? column.header}</dt>
                      <dd className="min-w-0 break-words text-slate-800">{column.cell(row)}</dd>
                    </div>
                  ))}
                </dl>
              ) : null}
            </div>
            {actions ? (
              <div className="-mr-2 -mt-1 shrink-0">
                <RowActionsMenu label={label} actions={actions} />
              </div>
            ) : null}
          </div>
        </li>
      );
    });
  },
  sameRows,
) as <Row, K extends string>(props: TableRowsProps<Row, K>) => ReactNode;
