/**
 * Histórico: every event of the account's remote access (requested, approved, refused, profile downloaded,
 * connected, ended, expired — who, when, why) and of its customers' factory approval ("Aprovação da fábrica
 * alterada": an Administrador changed "Exigir aprovação da fábrica" or the customer's e-mail), filtered by event, machine, person and period on the server (the
 * filters live in the URL, as every list's), and "Exportar CSV": every event matching the filters, pt-BR CSV.
 */
import { useState } from 'react';
import {
  REMOTE_ACCESS_EVENT_KINDS,
  REMOTE_ACCESS_EVENT_LABELS,
  remoteAccessEventListQuery,
  type RemoteAccessEventKind,
} from '@/contracts/remote-access';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { filterSelectProps } from '@/components/ui/list-table';
import { SimpleSelect } from '@/components/ui/select';
import { toast } from '@/components/ui/toast';
import { useListScreen } from '@/components/ui/use-list-screen';
import { apiErrorMessage } from '@/lib/api/errors';
import { downloadCsv, toCsv } from '@/lib/csv';
import { formatDateTime } from '@/lib/dates';
import { remoteAccessApi, useGetRemoteAccessFilterOptionsQuery, useLazyListRemoteAccessEventsQuery } from '../api';
import { HISTORY_CSV_COLUMNS, historyCsvFileName } from '../history-csv';
import type { RemoteAccessEvent } from '../types';
import { MachineLink } from './machine-link';

const EVENT_TONES: Record<RemoteAccessEventKind, BadgeTone> = {
  requested: 'info',
  approved: 'success',
  refused: 'danger',
  'factory-approved': 'success',
  'factory-refused': 'danger',
  'profile-downloaded': 'accent',
  connected: 'success',
  ended: 'neutral',
  expired: 'neutral',
  'factory-approval-changed': 'warning',
};

const KIND_OPTIONS = [
  { value: '', label: 'Todos os eventos' },
  ...REMOTE_ACCESS_EVENT_KINDS.map((kind) => ({ value: kind, label: REMOTE_ACCESS_EVENT_LABELS[kind] })),
];

const PERIOD_OPTIONS = [
  { value: '', label: 'Todo o período' },
  { value: '1', label: 'Últimas 24 horas' },
  { value: '7', label: 'Últimos 7 dias' },
  { value: '30', label: 'Últimos 30 dias' },
  { value: '90', label: 'Últimos 90 dias' },
];

/** Most events one export fetches (pages of 100). */
const EXPORT_LIMIT = 10_000;

const COLUMNS: Column<RemoteAccessEvent>[] = [
  { id: 'when', header: 'Quando', primary: true, cell: (event) => <span className="whitespace-nowrap">{formatDateTime(event.occurredAt)}</span> },
  { id: 'kind', header: 'Evento', cell: (event) => <Badge tone={EVENT_TONES[event.kind]}>{REMOTE_ACCESS_EVENT_LABELS[event.kind]}</Badge> },
  // A customer's approval change belongs to no machine nor requester (its reason names the customer).
  { id: 'machine', header: 'Máquina', cell: (event) => (event.machineId ? <MachineLink id={event.machineId} name={event.machineName} /> : '—') },
  { id: 'person', header: 'Pessoa', cell: (event) => event.requesterName || '—' },
  { id: 'actor', header: 'Por', cell: (event) => event.actorName ?? 'Sistema' },
  { id: 'reason', header: 'Motivo', cell: (event) => <span className="whitespace-pre-line">{event.reason || '—'}</span> },
];

const countLabel = (total: number) => (total === 1 ? '1 evento' : `${total} eventos`);

/** The selected option stays offered even when it is not among the loaded ones (a link from a machine's page). */
function withSelected(options: { value: string; label: string }[], selected: string | undefined, all: string) {
  const known = selected === undefined || options.some((option) => option.value === selected);
  return [{ value: '', label: all }, ...options, ...(known ? [] : [{ value: selected, label: 'A escolhida' }])];
}

export function HistoryTab() {
  const { list, query, result, table } = useListScreen(remoteAccessEventListQuery, remoteAccessApi.endpoints.listRemoteAccessEvents);
  const options = useGetRemoteAccessFilterOptionsQuery();
  const [fetchPage] = useLazyListRemoteAccessEventsQuery();
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows: RemoteAccessEvent[] = [];
      for (let next = 1; rows.length < EXPORT_LIMIT; next += 1) {
        const chunk = await fetchPage({ ...query, page: next, perPage: 100 }).unwrap();
        rows.push(...chunk.data);
        if (chunk.data.length < 100 || rows.length >= chunk.meta.total) break;
      }
      downloadCsv(historyCsvFileName(new Date()), toCsv(rows, HISTORY_CSV_COLUMNS));
      toast.success(rows.length === 1 ? '1 evento exportado.' : `${rows.length} eventos exportados.`);
    } catch (error) {
      toast.error(`Não foi possível exportar: ${apiErrorMessage(error)}`);
    } finally {
      setExporting(false);
    }
  };

  return (
    <section aria-labelledby="remote-access-history-heading" className="space-y-3">
      <h2 id="remote-access-history-heading" className="text-base font-semibold text-slate-900">
        Histórico de acesso remoto
      </h2>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <SimpleSelect aria-label="Evento" className="sm:w-48" {...filterSelectProps(list, 'kind')} options={KIND_OPTIONS} />
        <SimpleSelect
          aria-label="Máquina"
          className="sm:w-56"
          {...filterSelectProps(list, 'machine')}
          options={withSelected(options.data?.machines ?? [], query.filters.machine, 'Todas as máquinas')}
        />
        <SimpleSelect
          aria-label="Pessoa"
          className="sm:w-56"
          {...filterSelectProps(list, 'person')}
          options={withSelected(options.data?.people ?? [], query.filters.person, 'Todas as pessoas')}
        />
        <SimpleSelect aria-label="Período" className="sm:w-48" {...filterSelectProps(list, 'days')} options={PERIOD_OPTIONS} />
        <Button
          variant="secondary"
          className="sm:ml-auto"
          loading={exporting}
          disabled={!result.data || result.data.meta.total === 0}
          onClick={() => void exportCsv()}
        >
          Exportar CSV
        </Button>
      </div>
      <DataTable
        caption="Histórico de acesso remoto"
        columns={COLUMNS}
        {...table}
        getRowId={(event) => event.id}
        rowLabel={(event) => `${REMOTE_ACCESS_EVENT_LABELS[event.kind]}, ${event.machineName || event.reason}, ${formatDateTime(event.occurredAt)}`}
        errorTitle="Não foi possível carregar o histórico."
        emptyState={{ title: 'Nenhum evento', description: 'Cada pedido, aprovação, perfil baixado e encerramento aparece aqui.' }}
        noResults={{ title: 'Nenhum evento com estes filtros' }}
        countLabel={countLabel}
      />
    </section>
  );
}
