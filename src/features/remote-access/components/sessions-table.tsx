/**
 * A list of remote-access sessions or events with its own paging (each tab's list keeps its page; the URL keeps only
 * the tab and Histórico's filters): the kit's DataTable, so a phone gets cards (each column labelled, the primary
 * one as the card's title).
 */
import { useEffect, useRef, useState } from 'react';
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

/**
 * Whether the table inside `box` is wider than its scroll box (the kit's DataTable scrolls sideways): checked on
 * every resize of the box and when the rows change, so a hint can say the table scrolls.
 */
function useOverflows(rows: unknown) {
  const box = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const scroller = box.current?.querySelector<HTMLElement>('.overflow-x-auto');
    if (!scroller) {
      setOverflows(false);
      return;
    }
    const check = () => setOverflows(scroller.scrollWidth > scroller.clientWidth + 1);
    check();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(check);
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [rows]);
  return { box, overflows };
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
  const { box, overflows } = useOverflows(result.data);
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      {overflows ? (
        <p className="text-xs text-slate-600">
          A tabela é mais larga que a tela: role-a para o lado para ver todas as colunas.
        </p>
      ) : null}
      <div ref={box}>
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
      </div>
    </section>
  );
}
