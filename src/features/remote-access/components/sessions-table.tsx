/**
 * A list of remote-access sessions or events with its own paging (each tab's list keeps its page; the URL keeps only
 * the tab and Histórico's filters): the kit's DataTable, so a phone gets cards (each column labelled, the primary
 * one as the card's title).
 */
import { useState } from 'react';
import { DEFAULT_PAGE_SIZE, type Page } from '@/contracts/common';
import { DataTable, type Column } from '@/components/ui/data-table';

export interface LocalPaging {
  page: number;
  perPage: number;
  setPage: (page: number) => void;
  setPerPage: (perPage: number) => void;
}

export function useLocalPaging(): LocalPaging {
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(DEFAULT_PAGE_SIZE);
  return {
    page,
    perPage,
    setPage,
    setPerPage: (size) => {
      setPerPage(size);
      setPage(1);
    },
  };
}

interface ListResult<Row> {
  data?: Page<Row>;
  isLoading: boolean;
  isFetching: boolean;
  error?: unknown;
  refetch: () => unknown;
}

/** A paged table of `result` under a heading (`title` names the table and its region). */
export function PagedTable<Row>({
  title,
  result,
  paging,
  columns,
  getRowId,
  rowLabel,
  empty,
  countLabel,
}: {
  title: string;
  result: ListResult<Row>;
  paging: LocalPaging;
  columns: readonly Column<Row>[];
  getRowId: (row: Row) => string;
  rowLabel: (row: Row) => string;
  empty: { title: string; description: string };
  countLabel: (total: number) => string;
}) {
  const headingId = `${title.replace(/\W+/g, '-').toLowerCase()}-heading`;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      <DataTable
        caption={title}
        columns={columns}
        rows={result.data?.data}
        total={result.data?.meta.total}
        getRowId={getRowId}
        rowLabel={rowLabel}
        query={{ sort: '', page: paging.page, perPage: paging.perPage }}
        isLoading={result.isLoading}
        isFetching={result.isFetching}
        error={result.error}
        onRetry={() => void result.refetch()}
        errorTitle={`Não foi possível carregar: ${title.toLowerCase()}.`}
        emptyState={{ ...empty }}
        hasActiveSearch={false}
        onClearSearch={() => paging.setPage(1)}
        onPageOutOfRange={(total) => paging.setPage(Math.max(1, Math.ceil(total / paging.perPage)))}
        countLabel={countLabel}
        pagination={{ onPageChange: paging.setPage, onPerPageChange: paging.setPerPage, label: `Paginação de ${title}` }}
      />
    </section>
  );
}
