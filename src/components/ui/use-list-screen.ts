import { useCallback, useMemo, useState } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router-dom';
import type { ListQuery, ListQueryContract } from '@/contracts/common';
import { useListLoader } from '@/lib/api/use-list-loader';
import type { RowAction } from './data-table';
import { listTableProps, type ListQueryResult, type ListTableProps } from './list-table';
import { useListState, type ListState } from './use-list-state';

/**
 * A list endpoint of an RTK Query API (`api.endpoints.listX`): what starts its request before the URL changes
 * (useListLoader), its query hook, and its types (RTK Query's `Types`, where the row type is read from: the query
 * hook's result type is generic, and TypeScript cannot infer the row from it).
 */
export type ListEndpoint<Arg, Row> = Parameters<typeof useListLoader<Arg>>[0] & {
  Types: { ResultType: { data: readonly Row[] } };
  useQuery(arg: Arg): ListQueryResult<Row>;
};

/**
 * A row's standard actions, in this order: "Ver detalhes", "Editar", the `extra` ones, "Excluir". Each is left out
 * when its entry is.
 */
export interface StandardRowActions {
  /** "Ver detalhes": the record's page (navigated to), or what shows it. */
  view?: string | (() => void);
  /** "Editar": the record's form page (navigated to), or what opens it (a dialog). */
  edit?: string | (() => void);
  /** The screen's other actions (a switch, "Definir como padrão", "Ver máquina"), between "Editar" and "Excluir". */
  extra?: readonly RowAction[];
  /**
   * "Excluir": makes the row the delete target (the screen's delete dialog opens). `true`, or the action's second
   * line ("3 máquinas") and whether it is disabled.
   */
  remove?: boolean | Pick<RowAction, 'description' | 'disabled'>;
  /** What "Editar" and "Excluir" need of the role (addresses: `purchase`); "Ver detalhes" needs nothing. */
  need?: RowAction['need'];
}

export interface ListScreen<K extends string, F extends Record<string, string>, Row> {
  /** The list query kept in the URL (useListState), loading each change's rows before the URL changes. */
  list: ListState<K, F>;
  /** `list.query`. */
  query: ListQuery<K, F>;
  /** The endpoint's query hook's result for `query`. */
  result: ListQueryResult<Row>;
  /** The DataTable props for the list and its result (listTableProps), the same object while neither changes. */
  table: ListTableProps<Row, K>;
  /** A row's standard actions (see StandardRowActions): `rowActions={(row) => rowActions(row, { view: … })}`. */
  rowActions: (row: Row, actions: StandardRowActions) => RowAction[];
  /** The row "Excluir" was chosen for (the delete dialog's record); null when no dialog is open. */
  toDelete: Row | null;
  setToDelete: (row: Row | null) => void;
  /** The delete dialog's `onOpenChange`: closing it clears the target. */
  onDeleteOpenChange: (open: boolean) => void;
  /** The router's navigate, for the screen's other actions ("Ver máquina"). */
  navigate: NavigateFunction;
}

/**
 * A list screen's wiring in one call: the list query in the URL (useListState) with its loader (useListLoader: a
 * search, sort, filter or page change asks for its rows before the URL changes, and the screen renders once, with
 * them), the endpoint's query, the DataTable props, the standard row actions and the delete dialog's state.
 *
 * ```tsx
 * const { list, query, table, rowActions, toDelete, onDeleteOpenChange } = useListScreen(
 *   customerListQuery,
 *   customersApi.endpoints.listCustomers,
 * );
 * <DataTable caption="Clientes" columns={COLUMNS} {...table} getRowId={(c) => c.id} …
 *   rowActions={(c) => rowActions(c, { view: portalPaths.customer(c.id), edit: portalPaths.customerEdit(c.id), remove: true })} />
 * <DeleteCustomerDialog customer={toDelete} onOpenChange={onDeleteOpenChange} />
 * ```
 */
export function useListScreen<K extends string, F extends Record<string, string>, Row>(
  contract: ListQueryContract<K, F>,
  endpoint: ListEndpoint<ListQuery<K, F>, Row>,
): ListScreen<K, F, Row> {
  const navigate = useNavigate();
  const load = useListLoader(endpoint);
  const list = useListState(contract, { load });
  const { query } = list;
  const result = endpoint.useQuery(query);
  const [toDelete, setToDelete] = useState<Row | null>(null);

  // What DataTable gets stays the same object while the list and what the table shows of the result do not change.
  const { data, isLoading, isFetching, error, refetch } = result;
  const table = useMemo(
    () => listTableProps(list, { data, isLoading, isFetching, error, refetch }),
    [list, data, isLoading, isFetching, error, refetch],
  );

  const onDeleteOpenChange = useCallback((open: boolean) => (open ? undefined : setToDelete(null)), []);

  const rowActions = useCallback(
    (row: Row, { view, edit, extra = [], remove, need }: StandardRowActions): RowAction[] => {
      const run = (to: string | (() => void)) => (typeof to === 'string' ? () => void navigate(to) : to);
      const needs = need === undefined ? {} : { need };
      const actions: RowAction[] = [];
      if (view !== undefined) actions.push({ label: 'Ver detalhes', onSelect: run(view) });
      if (edit !== undefined) actions.push({ label: 'Editar', onSelect: run(edit), ...needs });
      actions.push(...extra);
      if (remove) {
        const details = remove === true ? {} : remove;
        actions.push({ label: 'Excluir', tone: 'danger', onSelect: () => setToDelete(row), ...details, ...needs });
      }
      return actions;
    },
    [navigate],
  );

  return { list, query, result, table, rowActions, toDelete, setToDelete, onDeleteOpenChange, navigate };
}
