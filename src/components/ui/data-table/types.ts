// The DataTable's public types: its columns, row actions, empty state, selection, pagination and props.

import type { ReactNode } from 'react';
import type { PaginationProps } from '../pagination';
import type { LockKind } from '../permissions';

export interface Column<Row, K extends string = string> {
  /** Unique among the table's columns (React key). */
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Makes the header a sort button; the list's sort key (`name` sorts by `name` / `-name`). */
  sortKey?: K;
  /** Applied to the header and the cells of the column (`text-right tabular-nums`, a width). */
  className?: string;
  /** Left out of the phone cards (below 768 px). */
  hideOnMobile?: boolean;
  /** The label in the phone cards, when not the header. */
  mobileLabel?: string;
  /** The column that names the row: the row header, the link to the record, the card's title. Default: the first. */
  primary?: boolean;
}

export interface RowAction {
  label: string;
  onSelect: () => void;
  tone?: 'danger';
  icon?: ReactNode;
  /** A second line under the label ("3 máquinas"); not part of the item's name. */
  description?: string;
  disabled?: boolean;
  /** What the action needs of the role (src/components/ui/permissions.tsx): by default `edit`, `none` for "Ver …". */
  need?: LockKind | 'none';
}

export interface DataTableEmptyState {
  /** "Nenhum cliente cadastrado". */
  title: string;
  description?: ReactNode;
  /** Usually the create button. */
  action?: ReactNode;
  /** What the action needs of the role ('edit' unless said; 'purchase' for orders and addresses): locked, it says why. */
  actionNeed?: LockKind | 'none';
  icon?: ReactNode;
}

export interface DataTableSelection {
  /** Ids (`getRowId`) of the selected rows. */
  selected: ReadonlySet<string>;
  onChange: (selected: Set<string>) => void;
}

/** Pagination props; page, perPage and total default to the table's query and total. */
export type DataTablePagination = Omit<PaginationProps, 'page' | 'perPage' | 'total'> &
  Partial<Pick<PaginationProps, 'page' | 'perPage' | 'total'>>;

export interface DataTableProps<Row, K extends string = string> {
  /** The table's name for screen readers (visually hidden): usually the screen's title. */
  caption: string;
  columns: readonly Column<Row, K>[];
  /** The current page's rows; undefined until the first answer. */
  rows: readonly Row[] | undefined;
  /** All rows matching the query (the server's `meta.total`); undefined until known. */
  total: number | undefined;
  getRowId(row: Row): string;
  /** The row's name in "Ações para …" and "Selecionar …". Default: the primary column's text, else the id. */
  rowLabel?(row: Row): string;
  query: { sort: string; page: number; perPage: number };
  /** Called with a column's sort key; the list toggles the direction when it is the current one. */
  onSort?(key: K): void;
  /** First load, nothing to show yet. */
  isLoading: boolean;
  /** Any request in flight (refetch, next page, new search): rows stay, dimmed. */
  isFetching?: boolean;
  error?: unknown;
  onRetry?(): void;
  emptyState: DataTableEmptyState;
  /** A search text or a filter is set: an empty page means "Nenhum resultado", not "nenhum cadastrado". */
  hasActiveSearch: boolean;
  /** Clears the search text and the filters. */
  onClearSearch(): void;
  /** "45 clientes": announced to screen readers when the result count changes. */
  countLabel?(total: number): string;
  rowActions?(row: Row): RowAction[];
  /** The record's page: the primary cell becomes a link (and a click anywhere on the row follows it). */
  rowHref?(row: Row): string;
  /** Without `rowHref`: the primary cell becomes a button calling this (and a click on the row presses it). */
  onRowClick?(row: Row): void;
  selection?: DataTableSelection;
  /** A ready element, or the props of Pagination. Shown under the rows. */
  pagination?: ReactNode | DataTablePagination;
  /**
   * The page is past the end (total known, page > last page): ask the list to go to the last page, replacing the
   * history entry. Pass `list.clampPage` from useListState.
   */
  onPageOutOfRange?(total: number): void;
  /** Heading of the error state. */
  errorTitle?: string;
  /** Texts of the no-results state. */
  noResults?: { title?: string; description?: ReactNode };
}
