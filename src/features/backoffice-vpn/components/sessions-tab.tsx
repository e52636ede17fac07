import { useState } from 'react';
import { backofficeRemoteAccessEndSchema } from '@/contracts/remote-access';
import { DataTable, type Column } from '@/components/ui/data-table';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { RelativeTime } from '@/components/ui/relative-time';
import { SearchInput } from '@/components/ui/search-input';
import { useListScreen } from '@/components/ui/use-list-screen';
import { backofficeRemoteAccessSessionListQuery } from '@/contracts/remote-access';
import { formatBytes } from '@/lib/bytes';
import { formatDateTime } from '@/lib/dates';
import { backofficeSessionsApi, useEndBackofficeRemoteAccessSessionMutation, type BackofficeRemoteAccessSession } from '../sessions-api';

const countLabel = (total: number) => (total === 1 ? '1 sessão ativa' : `${total} sessões ativas`);

const COLUMNS: Column<BackofficeRemoteAccessSession, 'windowEndsAt' | 'createdAt'>[] = [
  { id: 'owner', header: 'Montadora', primary: true, cell: (session) => session.ownerName || '—' },
  { id: 'person', header: 'Pessoa', cell: (session) => session.requesterName },
  {
    id: 'machine',
    header: 'Máquina',
    cell: (session) => (
      <span className="flex flex-col">
        <span>{session.machineName}</span>
        {session.customerName ? <span className="text-xs text-slate-600">{session.customerName}</span> : null}
      </span>
    ),
  },
  { id: 'since', header: 'Desde', cell: (session) => (session.windowStartsAt ? formatDateTime(session.windowStartsAt) : '—') },
  { id: 'until', header: 'Até', sortKey: 'windowEndsAt', cell: (session) => (session.windowEndsAt ? formatDateTime(session.windowEndsAt) : '—') },
  { id: 'services', header: 'Serviços', cell: (session) => session.services.map((service) => `${service.name} (${service.port})`).join(', ') },
  {
    id: 'handshake',
    header: 'Último handshake',
    cell: (session) => (session.lastHandshakeAt ? <RelativeTime date={session.lastHandshakeAt} /> : 'Ainda não conectou'),
  },
  {
    id: 'traffic',
    header: 'Tráfego',
    className: 'whitespace-nowrap tabular-nums',
    cell: (session) => (
      <span>
        <span className="sr-only">Recebido </span>↓ {formatBytes(session.bytesIn)} · <span className="sr-only">Enviado </span>↑ {formatBytes(session.bytesOut)}
      </span>
    ),
  },
];

/**
 * The "Sessões" tab: every builder's remote-access sessions active now (builder, person, machine, window, services,
 * last handshake, traffic) and "Encerrar" with a reason — the node drops the peer at once, and the builder's
 * Histórico records the staff member as who ended it.
 */
export function SessionsTab() {
  const { list, query, table, rowActions } = useListScreen(
    backofficeRemoteAccessSessionListQuery,
    backofficeSessionsApi.endpoints.listBackofficeRemoteAccessSessions,
  );
  const [ending, setEnding] = useState<BackofficeRemoteAccessSession | null>(null);
  const [end, { isLoading }] = useEndBackofficeRemoteAccessSessionMutation();

  return (
    <div>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <SearchInput
          className="sm:max-w-md sm:flex-1"
          label="Buscar sessões"
          placeholder="Montadora, pessoa ou máquina"
          value={query.q}
          onSearch={list.setSearch}
        />
      </div>
      <DataTable
        caption="Sessões de acesso remoto ativas"
        columns={COLUMNS}
        {...table}
        getRowId={(session) => session.id}
        rowLabel={(session) => `${session.requesterName}, ${session.machineName}`}
        rowActions={(session) =>
          rowActions(session, { extra: [{ label: 'Encerrar', tone: 'danger', onSelect: () => setEnding(session), need: 'none' }] })
        }
        errorTitle="Não foi possível carregar as sessões."
        emptyState={{
          title: 'Nenhuma sessão ativa',
          description: 'Quando o engenheiro de uma montadora baixa o perfil de acesso a uma máquina, a sessão aparece aqui até o fim da janela.',
        }}
        countLabel={countLabel}
      />
      <ReasonDialog
        open={ending !== null}
        onOpenChange={(open) => {
          if (!open) setEnding(null);
        }}
        title="Encerrar sessão?"
        description={
          ending
            ? `${ending.requesterName} (${ending.ownerName}) perde o acesso a ${ending.machineName} na hora. O motivo vai para o histórico da montadora.`
            : null
        }
        label="Motivo do encerramento"
        confirmLabel="Encerrar"
        validate={(reason) => {
          const parsed = backofficeRemoteAccessEndSchema.safeParse({ reason });
          return parsed.success ? parsed.data : { error: parsed.error.issues[0]?.message ?? 'Informe o motivo do encerramento.' };
        }}
        run={async (reason) => {
          if (ending) await end({ id: ending.id, reason }).unwrap();
        }}
        successMessage="Sessão encerrada."
        pending={isLoading}
      />
    </div>
  );
}
