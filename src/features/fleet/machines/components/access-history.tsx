import { useState, type ReactNode } from 'react';
import { DEFAULT_PAGE_SIZE } from '@/contracts/common';
import type { AccessEntry, AccessListQuery, AccessPeriodDays, Machine } from '@/contracts/machine';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { DetailSection } from '@/components/ui/detail-page';
import { SimpleSelect } from '@/components/ui/select';
import { toast } from '@/components/ui/toast';
import { apiErrorMessage } from '@/lib/api/errors';
import { downloadCsv, toCsv } from '@/lib/csv';
import { formatDateTime } from '@/lib/dates';
import { ACCESS_CSV_COLUMNS, accessCsvFileName, formatBytes, formatDuration } from '../access';
import { useLazyListMachineAccessQuery, useListMachineAccessQuery } from '../api';

const PERIODS: { value: AccessPeriodDays; label: string }[] = [
  { value: '7', label: 'Últimos 7 dias' },
  { value: '30', label: 'Últimos 30 dias' },
  { value: '90', label: 'Últimos 90 dias' },
];

/** Most rows one export fetches (pages of 100). */
const EXPORT_LIMIT = 10_000;

const COLUMNS: Column<AccessEntry>[] = [
  {
    id: 'user',
    header: 'Quem',
    primary: true,
    cell: (entry) => (
      <span className="flex flex-col">
        <span className="font-medium text-slate-900">{entry.userName}</span>
        <span className="text-xs text-slate-600">{entry.userEmail}</span>
      </span>
    ),
  },
  { id: 'ip', header: 'De onde (IP)', mobileLabel: 'IP', cell: (entry) => <span className="font-mono text-[13px]">{entry.publicIp}</span> },
  { id: 'start', header: 'Início', cell: (entry) => <span className="whitespace-nowrap">{formatDateTime(entry.startedAt)}</span> },
  {
    id: 'end',
    header: 'Fim',
    cell: (entry) =>
      entry.endedAt ? <span className="whitespace-nowrap">{formatDateTime(entry.endedAt)}</span> : <span className="font-medium text-green-800">Em andamento</span>,
  },
  { id: 'duration', header: 'Duração', className: 'whitespace-nowrap tabular-nums', cell: (entry) => formatDuration(entry.durationSeconds) },
  {
    id: 'traffic',
    header: 'Tráfego',
    className: 'whitespace-nowrap tabular-nums',
    cell: (entry) => (
      <span>
        <span className="sr-only">Recebido </span>↓ {formatBytes(entry.bytesIn)} · <span className="sr-only">Enviado </span>↑{' '}
        {formatBytes(entry.bytesOut)}
      </span>
    ),
  },
];

const countLabel = (total: number) => (total === 1 ? '1 acesso' : `${total} acessos`);

/**
 * "Histórico de acesso": who connected to the machine, from where, when, how long and how much; CSV export. `children`:
 * what other features add under it (the machine's remote-access sessions, composed in src/app).
 */
export function AccessHistory({ machine, children }: { machine: Pick<Machine, 'id' | 'name'>; children?: ReactNode }) {
  const [days, setDays] = useState<AccessPeriodDays>('30');
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(DEFAULT_PAGE_SIZE);
  const [exporting, setExporting] = useState(false);
  const query: AccessListQuery = { page, perPage, q: '', sort: '-startedAt', filters: { days } };
  const result = useListMachineAccessQuery({ machineId: machine.id, query });
  const [fetchPage] = useLazyListMachineAccessQuery();

  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows: AccessEntry[] = [];
      for (let next = 1; rows.length < EXPORT_LIMIT; next += 1) {
        const chunk = await fetchPage({ machineId: machine.id, query: { ...query, page: next, perPage: 100 } }).unwrap();
        rows.push(...chunk.data);
        if (chunk.data.length < 100 || rows.length >= chunk.meta.total) break;
      }
      downloadCsv(accessCsvFileName(machine.name, new Date()), toCsv(rows, ACCESS_CSV_COLUMNS));
      toast.success(rows.length === 1 ? '1 acesso exportado.' : `${rows.length} acessos exportados.`);
    } catch (error) {
      toast.error(`Não foi possível exportar: ${apiErrorMessage(error)}`);
    } finally {
      setExporting(false);
    }
  };

  return (
    <DetailSection
      title="Histórico de acesso"
      actions={
        <>
          <SimpleSelect
            aria-label="Período"
            className="w-44"
            value={days}
            onValueChange={(value) => {
              setDays(value);
              setPage(1);
            }}
            options={PERIODS}
          />
          <Button variant="secondary" loading={exporting} disabled={!result.data || result.data.meta.total === 0} onClick={() => void exportCsv()}>
            Exportar CSV
          </Button>
        </>
      }
    >
      <DataTable
        caption="Histórico de acesso"
        columns={COLUMNS}
        rows={result.data?.data}
        total={result.data?.meta.total}
        getRowId={(entry) => entry.id}
        rowLabel={(entry) => `${entry.userName}, ${formatDateTime(entry.startedAt)}`}
        query={query}
        isLoading={result.isLoading}
        isFetching={result.isFetching}
        error={result.error}
        onRetry={() => void result.refetch()}
        errorTitle="Não foi possível carregar o histórico."
        emptyState={{
          title: 'Nenhum acesso neste período',
          description: 'Quando alguém se conectar a esta máquina pela VPN, o acesso aparecerá aqui.',
        }}
        hasActiveSearch={false}
        onClearSearch={() => setDays('30')}
        onPageOutOfRange={(total) => setPage(Math.max(1, Math.ceil(total / perPage)))}
        countLabel={countLabel}
        pagination={{
          onPageChange: setPage,
          onPerPageChange: (size) => {
            setPerPage(size);
            setPage(1);
          },
          label: 'Páginas do histórico de acesso',
        }}
      />
      {children}
    </DetailSection>
  );
}
