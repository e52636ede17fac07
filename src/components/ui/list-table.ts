import type { DataTableProps, RowAction } from './data-table';
import type { ListState } from './use-list-state';

/** What a list screen's RTK Query hook returns, as far as the table needs it. */
export interface ListQueryResult<Row> {
  data?: { data: readonly Row[]; meta: { total: number } };
  isLoading: boolean;
  isFetching: boolean;
  error?: unknown;
  refetch(): unknown;
}

export type ListTableProps<Row, K extends string> = Required<
  Pick<
    DataTableProps<Row, K>,
    | 'query'
    | 'onSort'
    | 'isLoading'
    | 'isFetching'
    | 'error'
    | 'onRetry'
    | 'hasActiveSearch'
    | 'onPageOutOfRange'
    | 'onClearSearch'
    | 'pagination'
  >
> &
  Pick<DataTableProps<Row, K>, 'rows' | 'total'>;

/**
 * The DataTable props that wire it to a list kept in the URL (useListState) and its query's result: rows and total,
 * sort, loading and error (with retry), search and filters, paging. Spread them; the screen adds the rest. A list
 * screen gets them from useListScreen (use-list-screen.ts), with its loader, query and row actions.
 *
 * ```tsx
 * <DataTable caption={title} columns={COLUMNS} getRowId={(row) => row.id} {...listTableProps(list, result)} … />
 * ```
 */
export function listTableProps<Row, K extends string, F extends Record<string, string>>(
  list: ListState<K, F>,
  result: ListQueryResult<Row>,
): ListTableProps<Row, K> {
  return {
    rows: result.data?.data,
    total: result.data?.meta.total,
    query: list.query,
    onSort: list.setSort,
    isLoading: result.isLoading,
    isFetching: result.isFetching || list.pending,
    error: result.error,
    onRetry: () => void result.refetch(),
    hasActiveSearch: list.hasActiveSearch,
    onPageOutOfRange: list.clampPage,
    onClearSearch: list.clearSearch,
    pagination: { onPageChange: list.setPage, onPerPageChange: list.setPerPage, onPageIntent: list.preloadPage },
  };
}

/**
 * The value and change handler of a filter's select (SimpleSelect): '' is "all", and choosing it removes the filter.
 *
 * ```tsx
 * <SimpleSelect aria-label="Filtrar por status" options={STATUS_OPTIONS} {...filterSelectProps(list, 'status')} />
 * ```
 */
export function filterSelectProps<K extends string, F extends Record<string, string>, N extends keyof F & string>(
  list: ListState<K, F>,
  name: N,
): { value: string; onValueChange(value: string): void } {
  return {
    value: list.query.filters[name] ?? '',
    onValueChange: (value) => list.setFilter(name, value || null),
  };
}

/**
 * A row's "Desativar" (when enabled) or "Ativar" (when not) action; `toggle` gets the state to go to. `enable` adds to
 * "Ativar" (disabled, with the reason in its description).
 */
export function enableToggleAction(
  enabled: boolean,
  toggle: (enable: boolean) => void,
  enable?: Pick<RowAction, 'disabled' | 'description'>,
): RowAction {
  return enabled ? { label: 'Desativar', onSelect: () => toggle(false) } : { label: 'Ativar', onSelect: () => toggle(true), ...enable };
}
