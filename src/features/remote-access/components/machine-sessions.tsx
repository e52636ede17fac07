/**
 * A machine's "Histórico de acesso", under the gateway's VPN connections: "Sessões de conexão remota", the
 * remote-access sessions asked for this machine — who, why, the window and how it stands — newest first, with the way
 * to every event in Acesso Remoto → Histórico. (Named so it never reads as the page's "Acesso remoto" section.)
 */
import { useId } from 'react';
import { sessionStatusLabel, type RemoteAccessStatus } from '@/contracts/remote-access';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { DataTable, type Column } from '@/components/ui/data-table';
import { StableLink } from '@/components/ui/stable-links';
import { portalPaths } from '@/config/paths';
import { formatDateTime } from '@/lib/dates';
import { useListRemoteAccessSessionsQuery } from '../api';
import type { RemoteAccessSession } from '../types';
import { useLocalPaging } from './sessions-table';

const STATUS_TONES: Record<RemoteAccessStatus, BadgeTone> = {
  pending: 'warning',
  approved: 'info',
  active: 'success',
  refused: 'danger',
  ended: 'neutral',
  expired: 'neutral',
};

/** "28/11/2026 14:05 – 15:05", or why there is no window yet. */
function windowText(session: RemoteAccessSession): string {
  if (!session.windowStartsAt || !session.windowEndsAt) return session.status === 'pending' || session.status === 'approved' ? 'Ainda não iniciada' : 'Não iniciada';
  const end = session.endedAt && session.endedAt < session.windowEndsAt ? session.endedAt : session.windowEndsAt;
  return `${formatDateTime(session.windowStartsAt)} – ${formatDateTime(end)}`;
}

const COLUMNS: Column<RemoteAccessSession>[] = [
  { id: 'person', header: 'Pessoa', primary: true, cell: (session) => session.requesterName },
  { id: 'reason', header: 'Motivo', cell: (session) => <span className="whitespace-pre-line">{session.reason}</span> },
  { id: 'window', header: 'Janela', cell: (session) => <span className="whitespace-nowrap">{windowText(session)}</span> },
  {
    id: 'status',
    header: 'Status',
    cell: (session) => <Badge tone={STATUS_TONES[session.status]}>{sessionStatusLabel(session)}</Badge>,
  },
];

const countLabel = (total: number) => (total === 1 ? '1 acesso remoto' : `${total} acessos remotos`);

export function MachineRemoteAccessHistory({ machineId }: { machineId: string }) {
  const paging = useLocalPaging();
  const headingId = useId();
  const query = { page: paging.page, perPage: paging.perPage, q: '', sort: '-createdAt' as const, filters: { machine: machineId } };
  const result = useListRemoteAccessSessionsQuery(query);
  const history = `${portalPaths.remoteAccess}?${new URLSearchParams({ tab: 'historico', machine: machineId }).toString()}`;
  return (
    <section aria-labelledby={headingId} className="mt-6 space-y-3 border-t border-slate-200 pt-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold text-slate-900">
          Sessões de conexão remota
        </h3>
        <StableLink to={history} className="text-sm font-medium text-accent-strong underline-offset-2 hover:underline">
          Ver eventos
        </StableLink>
      </div>
      <DataTable
        caption="Sessões de conexão remota da máquina"
        columns={COLUMNS}
        rows={result.data?.data}
        total={result.data?.meta.total}
        getRowId={(session) => session.id}
        rowLabel={(session) => `${session.requesterName}, ${formatDateTime(session.createdAt)}`}
        query={query}
        isLoading={result.isLoading}
        isFetching={result.isFetching}
        error={result.error}
        onRetry={() => void result.refetch()}
        errorTitle="Não foi possível carregar os acessos remotos."
        emptyState={{ title: 'Nenhum acesso remoto', description: 'Cada "Conectar" nesta máquina aparece aqui: quem, por quê, a janela e o status.' }}
        hasActiveSearch={false}
        onClearSearch={() => paging.setPage(1)}
        onPageOutOfRange={(total) => paging.setPage(Math.max(1, Math.ceil(total / paging.perPage)))}
        countLabel={countLabel}
        pagination={{ onPageChange: paging.setPage, onPerPageChange: paging.setPerPage, label: 'Páginas das sessões de conexão remota' }}
      />
    </section>
  );
}
