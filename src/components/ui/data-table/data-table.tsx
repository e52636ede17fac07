// DataTable: the list's states (loading, empty, no results, out of range, error, rows), the count announced to
// screen readers, the pagination, and the view for the screen's width (Table or CardList).

import { isValidElement, useEffect, useState, type ReactNode } from 'react';
import { apiErrorMessage } from '@/lib/api/errors';
import { Button } from '../button';
import { EmptyState } from '../empty-state';
import { AlertIcon, SearchIcon } from '../icons';
import { lastPageOf, Pagination } from '../pagination';
import { LockedActions, useLock } from '../permissions';
import { useIsMobile } from '../sidebar';
import { CardList } from './card-list';
import { Table } from './table';
import type { DataTablePagination, DataTableProps } from './types';

function isPaginationConfig(value: ReactNode | DataTablePagination): value is DataTablePagination {
  return (
    typeof value === 'object' &&
    value !== null &&
    !isValidElement(value) &&
    !Array.isArray(value) &&
    'onPageChange' in value
  );
}

function cellText(node: ReactNode): string | null {
  if (typeof node === 'string') return node;
  if (typeof node === 'number') return String(node);
  return null;
}

type ViewState = 'error' | 'loading' | 'empty' | 'no-results' | 'out-of-range' | 'rows';

/**
 * The one table of every server-paged list: sortable headers, the four states (loading, empty, no results,
 * error), refetches that keep the rows, row links and actions, selection, and cards on phones.
 *
 * ```tsx
 * const list = useListState(customerListQuery);
 * const result = useListCustomersQuery(list.query);
 * <DataTable caption="Clientes" columns={COLUMNS} rows={result.data?.data} total={result.data?.meta.total}
 *   getRowId={(c) => c.id} rowLabel={(c) => c.name} rowHref={(c) => portalPaths.customer(c.id)}
 *   query={list.query} onSort={list.setSort} onPageOutOfRange={list.clampPage}
 *   isLoading={result.isLoading} isFetching={result.isFetching} error={result.error} onRetry={result.refetch}
 *   emptyState={{ title: 'Nenhum cliente cadastrado', action: newButton }}
 *   hasActiveSearch={list.hasActiveSearch} onClearSearch={list.clearSearch} countLabel={countLabel}
 *   pagination={{ onPageChange: list.setPage, onPerPageChange: list.setPerPage }} />
 * ```
 */
export function DataTable<Row, K extends string = string>(props: DataTableProps<Row, K>) {
  const {
    caption,
    columns,
    rows,
    total,
    getRowId,
    query,
    onSort,
    isLoading,
    isFetching = false,
    error,
    onRetry,
    emptyState,
    hasActiveSearch,
    onClearSearch,
    rowActions,
    rowHref,
    onRowClick,
    selection,
    pagination,
    onPageOutOfRange,
  } = props;
  const isMobile = useIsMobile();
  const hasError = error !== undefined && error !== null;
  const emptyActionLock = useLock(emptyState.actionNeed ?? 'edit');

  const outOfRange =
    rows !== undefined && rows.length === 0 && total !== undefined && total > 0 && query.page > lastPageOf(total, query.perPage);

  let state: ViewState;
  if (hasError) state = 'error';
  else if (isLoading || rows === undefined) state = 'loading';
  else if (outOfRange) state = onPageOutOfRange ? 'loading' : 'out-of-range';
  else if (rows.length === 0) state = hasActiveSearch ? 'no-results' : 'empty';
  else state = 'rows';

  useEffect(() => {
    if (outOfRange && !isFetching && !hasError && total !== undefined) onPageOutOfRange?.(total);
  }, [outOfRange, isFetching, hasError, total, onPageOutOfRange]);

  // The count is announced once the list settles, and again only when it changes (not on every page).
  const [announcement, setAnnouncement] = useState('');
  const settledCount = state === 'rows' || state === 'no-results' || state === 'empty' ? (total ?? rows?.length ?? 0) : null;
  const countLabel = props.countLabel ?? ((n: number) => (n === 1 ? '1 resultado' : `${n} resultados`));
  const settledText = settledCount !== null && !isFetching ? countLabel(settledCount) : null;
  // Set while rendering (React renders this component again at once, before its rows), not in an effect: an effect's
  // update renders the whole list a second time after the rows are painted (a search's count changes each time).
  if (settledText !== null && settledText !== announcement) setAnnouncement(settledText);

  const primaryIndex = Math.max(0, columns.findIndex((column) => column.primary));
  const primary = columns[primaryIndex];
  const labelOf = (row: Row): string =>
    props.rowLabel?.(row) ?? (primary ? cellText(primary.cell(row)) : null) ?? getRowId(row);

  const paginationNode =
    pagination === undefined || pagination === null || pagination === false ? null : isPaginationConfig(pagination) ? (
      <Pagination
        {...pagination}
        page={pagination.page ?? query.page}
        perPage={pagination.perPage ?? query.perPage}
        total={pagination.total ?? total ?? 0}
      />
    ) : (
      pagination
    );

  const refreshing = isFetching && state === 'rows';
  const busy = state === 'loading' || isFetching;

  let content: ReactNode;
  if (state === 'error') {
    content = (
      <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-red-200 bg-red-50 px-6 py-10 text-center">
        <AlertIcon className="h-6 w-6 text-red-700" />
        <div className="max-w-md space-y-1">
          <p className="font-semibold text-red-900">{props.errorTitle ?? 'Não foi possível carregar a lista.'}</p>
          <p className="text-sm text-red-800">{apiErrorMessage(error)}</p>
        </div>
        {onRetry ? (
          <Button variant="secondary" loading={isFetching} onClick={() => onRetry()}>
            Tentar novamente
          </Button>
        ) : null}
      </div>
    );
  } else if (state === 'empty') {
    content = (
      <EmptyState
        icon={emptyState.icon}
        title={emptyState.title}
        description={emptyState.description}
        action={emptyActionLock && emptyState.action ? <LockedActions reason={emptyActionLock} /> : emptyState.action}
      />
    );
  } else if (state === 'no-results') {
    content = (
      <EmptyState
        icon={<SearchIcon />}
        title={props.noResults?.title ?? 'Nenhum resultado'}
        description={props.noResults?.description ?? 'Nada corresponde à busca ou aos filtros aplicados.'}
        action={
          <Button variant="secondary" onClick={onClearSearch}>
            Limpar busca
          </Button>
        }
      />
    );
  } else if (state === 'out-of-range') {
    content = (
      <EmptyState
        title="Esta página não existe"
        description={`A lista tem ${lastPageOf(total ?? 0, query.perPage)} página(s). Escolha uma abaixo.`}
      />
    );
  } else {
    const view = {
      columns,
      primaryIndex,
      rows: state === 'rows' ? (rows ?? []) : [],
      loading: state === 'loading',
      skeletonRows: Math.min(Math.max(query.perPage, 1), 8),
      getRowId,
      labelOf,
      query,
      onSort,
      rowActions,
      rowHref,
      onRowClick,
      selection,
      busy,
      refreshing,
      caption,
    };
    content = isMobile ? <CardList {...view} /> : <Table {...view} />;
  }

  return (
    <div className="space-y-4">
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <div className="relative">
        {isFetching && state !== 'loading' && state !== 'error' ? (
          <div
            aria-hidden="true"
            data-testid="data-table-progress"
            className="absolute inset-x-0 top-0 z-10 h-0.5 overflow-hidden rounded-t-lg bg-accent-soft"
          >
            <div className="h-full w-full animate-pulse bg-accent motion-reduce:animate-none" />
          </div>
        ) : null}
        {content}
      </div>
      {(state === 'rows' || state === 'out-of-range') && paginationNode ? paginationNode : null}
    </div>
  );
}
