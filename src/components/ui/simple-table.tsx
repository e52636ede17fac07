import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface SimpleColumn<Row> {
  /** Unique among the table's columns (React key). */
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Applied to the header and the cells of the column (`text-right tabular-nums`, a width). */
  className?: string;
}

export interface SimpleTableProps<Row> {
  /** The table's name for screen readers; shown above it only with `showCaption`. */
  caption: string;
  showCaption?: boolean;
  columns: readonly SimpleColumn<Row>[];
  rows: readonly Row[];
  getRowId(row: Row): string;
  /** Which column names the row (a row header, `<th scope="row">`). Default: the first. */
  rowHeader?: string;
  className?: string;
}

/**
 * A small read-only table inside a detail page (a model's services, an order's items): every row on screen, no
 * sorting or paging (that is `DataTable`). Scrolls sideways inside its box on narrow screens instead of widening
 * the page (the box takes the keyboard focus, so arrow keys scroll it).
 */
export function SimpleTable<Row>({
  caption,
  showCaption = false,
  columns,
  rows,
  getRowId,
  rowHeader,
  className,
}: SimpleTableProps<Row>) {
  const headerColumn = rowHeader ?? columns[0]?.id;
  return (
    // Keyboard users scroll it too (a focusable region named by the caption), as axe asks of a scrolling box.
    <div
      tabIndex={0}
      role="region"
      aria-label={caption}
      className={cn(
        'overflow-x-auto rounded-md border border-slate-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-ring',
        className,
      )}
    >
      <table className="w-full border-collapse text-left text-sm">
        <caption className={showCaption ? 'px-4 py-2 text-left font-medium text-slate-900' : 'sr-only'}>{caption}</caption>
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            {columns.map((column) => (
              <th key={column.id} scope="col" className={cn('px-4 py-2 font-medium', column.className)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((row) => (
            <tr key={getRowId(row)}>
              {columns.map((column) =>
                column.id === headerColumn ? (
                  <th key={column.id} scope="row" className={cn('px-4 py-2 font-medium text-slate-900', column.className)}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.id} className={cn('px-4 py-2 text-slate-700', column.className)}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
