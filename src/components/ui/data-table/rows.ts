// What the rows are rendered from, and when they render again: each row's summary, the rows' signature, the memo
// comparator TableRows and CardRows share (sameRows) and the hook that builds their props (useRowsProps).

import { useLayoutEffect, useRef } from 'react';
import type { Column, DataTableSelection, RowAction } from './types';

/** What a row's rendering needs besides its record and the columns (fresh on each render of the table). */
export interface RowHandlers<Row> {
  getRowId: (row: Row) => string;
  labelOf: (row: Row) => string;
  rowActions?: (row: Row) => RowAction[];
  rowHref?: (row: Row) => string;
  onRowClick?: (row: Row) => void;
  selection?: DataTableSelection;
}

/** What a row shows besides its cells, worked out once per render of the list. */
export interface RowSummary<Row> {
  row: Row;
  id: string;
  label: string;
  href: string | undefined;
  selected: boolean;
  /** Null without `rowActions`. */
  actions: RowAction[] | null;
}

export function rowSummariesOf<Row>(rows: readonly Row[], handlers: RowHandlers<Row>): RowSummary<Row>[] {
  return rows.map((row) => {
    const id = handlers.getRowId(row);
    return {
      row,
      id,
      label: handlers.labelOf(row),
      href: handlers.rowHref?.(row),
      selected: handlers.selection?.selected.has(id) ?? false,
      actions: handlers.rowActions ? handlers.rowActions(row) : null,
    };
  });
}

/** Everything the rows show besides their cells, as one string: equal strings, same rows. */
function rowsSignatureOf<Row>(summaries: readonly RowSummary<Row>[], handlers: RowHandlers<Row>): string {
  let signature = `${handlers.rowActions ? 'a' : ''}${handlers.selection ? 's' : ''}${handlers.onRowClick ? 'c' : ''}`;
  for (const { id, label, selected, href, actions } of summaries) {
    signature += `\u0001${id}\u0000${label}\u0000${selected ? 1 : 0}`;
    if (href !== undefined) signature += `\u0000${href}`;
    for (const action of actions ?? []) {
      signature += `\u0000${action.label}\u0002${action.disabled ? 1 : 0}\u0002${action.description ?? ''}\u0002${action.tone ?? ''}\u0002${action.need ?? ''}`;
    }
  }
  return signature;
}

/**
 * A row's actions as rendered, each running the action as the list's latest render describes it (the screen's
 * state may have changed since the row rendered).
 */
export function latestActions<Row>(summary: RowSummary<Row>, latest: { readonly current: RowHandlers<Row> }): RowAction[] | null {
  return (
    summary.actions?.map((action) => ({
      ...action,
      onSelect: () => (latest.current.rowActions?.(summary.row).find((fresh) => fresh.label === action.label) ?? action).onSelect(),
    })) ?? null
  );
}

export interface TableRowsProps<Row, K extends string> {
  rows: readonly Row[];
  /** This render's summaries of `rows` (used when the rows do render). */
  summaries: readonly RowSummary<Row>[];
  columns: readonly Column<Row, K>[];
  primaryIndex: number;
  clickable: boolean;
  /** rowsSignatureOf: the rows re-render only when it, the records or the columns change. */
  signature: string;
  /** This render's handlers (used when the rows do render). */
  handlers: RowHandlers<Row>;
  /** The latest handlers, for what runs later (a click, a chosen action). */
  latest: { readonly current: RowHandlers<Row> };
}

/** What a row's primary cell does when it is a button (`onRowClick`): the latest handler, with the row. */
export function activateOf<Row>(summary: RowSummary<Row>, onRowClick: ((row: Row) => void) | undefined, latest: { readonly current: RowHandlers<Row> }) {
  return onRowClick ? () => latest.current.onRowClick?.(summary.row) : undefined;
}

/** TableRows and CardRows render again only when the records, the columns or what the rows show besides them change. */
export function sameRows<Row, K extends string>(before: TableRowsProps<Row, K>, after: TableRowsProps<Row, K>): boolean {
  return (
    before.rows === after.rows &&
    before.columns === after.columns &&
    before.primaryIndex === after.primaryIndex &&
    before.clickable === after.clickable &&
    before.signature === after.signature
  );
}

/** What DataTable hands to its view (Table on desktops, CardList on phones). */
export interface ViewProps<Row, K extends string> {
  columns: readonly Column<Row, K>[];
  primaryIndex: number;
  rows: readonly Row[];
  loading: boolean;
  skeletonRows: number;
  getRowId: (row: Row) => string;
  labelOf: (row: Row) => string;
  query: { sort: string };
  onSort?: (key: K) => void;
  rowActions?: (row: Row) => RowAction[];
  rowHref?: (row: Row) => string;
  onRowClick?: (row: Row) => void;
  selection?: DataTableSelection;
  busy: boolean;
  refreshing: boolean;
  caption: string;
}

/** What TableRows and CardRows get: this render's summaries and their signature, and the latest handlers for later. */
export function useRowsProps<Row, K extends string>(view: ViewProps<Row, K>): TableRowsProps<Row, K> {
  const { columns, primaryIndex, rows, loading, getRowId, labelOf, rowActions, rowHref, onRowClick, selection } = view;
  const handlers: RowHandlers<Row> = { getRowId, labelOf, rowActions, rowHref, onRowClick, selection };
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  const summaries = loading ? [] : rowSummariesOf(rows, handlers);
  return {
    rows,
    summaries,
    columns,
    primaryIndex,
    clickable: Boolean(rowHref || onRowClick),
    signature: rowsSignatureOf(summaries, handlers),
    handlers,
    latest,
  };
}
