import type { ReactNode } from 'react';
import { DataTable, type DataTableProps } from './data-table';
import type { ListTableProps } from './list-table';
import { SearchInput } from './search-input';

/** The toolbar's default classes: the search box and the filters in a column, in a row from `sm` up. */
const TOOLBAR_CLASSES = 'mb-4 flex flex-col gap-3 sm:flex-row sm:items-end';
/** The search box's default classes, for the default toolbar. */
const SEARCH_CLASSES = 'sm:max-w-md sm:flex-1';

/** The props useListScreen's `table` gives DataTable (rows, sort, states, paging): the keys ListBlock fills in. */
type ListTableKey = keyof ListTableProps<unknown, string>;

/** The toolbar's search box. */
export interface ListBlockSearch {
  /** "Buscar clientes": the box's name for screen readers. */
  label: string;
  placeholder: string;
  /** Replaces the box's default classes (`sm:max-w-md sm:flex-1`). */
  className?: string;
}

/**
 * ListBlock's props: the list and its table props (from useListScreen), the toolbar's parts, and DataTable's other
 * props (caption, columns, row id, links, actions, empty state…), passed on as they are. A table prop given here
 * replaces the one from `table` (Pedidos passes its own `isFetching`).
 */
export type ListBlockProps<Row, K extends string> = Omit<DataTableProps<Row, K>, ListTableKey> &
  Partial<ListTableProps<Row, K>> & {
    /** useListScreen's `list`: the search box shows its `q` and sets it. */
    list: { query: { q: string }; setSearch: (q: string) => void };
    /** useListScreen's `table`. */
    table: ListTableProps<Row, K>;
    search: ListBlockSearch;
    /** The filters after the search box (selects, a removable filter's button). */
    filters?: ReactNode;
    /** The toolbar's actions after the filters (an export button). */
    actions?: ReactNode;
    /** Replaces the toolbar's default classes (`mb-4 flex flex-col gap-3 sm:flex-row sm:items-end`). */
    toolbarClassName?: string;
  };

/**
 * A list screen's toolbar and table, under its header: the search box (kept in the URL), the filters and actions,
 * then the DataTable wired to the list by useListScreen.
 *
 * ```tsx
 * const { list, table, rowActions } = useListScreen(customerListQuery, customersApi.endpoints.listCustomers);
 * <ListBlock list={list} table={table}
 *   search={{ label: 'Buscar clientes', placeholder: 'Razão social, nome fantasia, CNPJ ou cidade' }}
 *   filters={<SimpleSelect aria-label="Filtrar por UF" {...filterSelectProps(list, 'uf')} options={UF_OPTIONS} />}
 *   caption="Clientes" columns={COLUMNS} getRowId={(c) => c.id} emptyState={…} rowActions={…} />
 * ```
 */
export function ListBlock<Row, K extends string = string>({
  list,
  table,
  search,
  filters,
  actions,
  toolbarClassName = TOOLBAR_CLASSES,
  ...tableProps
}: ListBlockProps<Row, K>) {
  return (
    <>
      <div className={toolbarClassName}>
        <SearchInput
          className={search.className ?? SEARCH_CLASSES}
          label={search.label}
          placeholder={search.placeholder}
          value={list.query.q}
          onSearch={list.setSearch}
        />
        {filters}
        {actions}
      </div>
      <DataTable<Row, K> {...table} {...tableProps} />
    </>
  );
}
