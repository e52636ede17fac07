/**
 * "Acesso Remoto" (issue 25): Ativos (the sessions running now, "Encerrar"), Solicitações (requests waiting —
 * "Aprovar" / "Recusar" for an Administrador, or what the factory's approval waits for — and approved ones whose profile is not downloaded yet — "Baixar
 * perfil" for the requester) and Histórico (every event, filtered on the server, "Exportar CSV"). Tables are the kit's
 * DataTable (phone cards). `?tab=` picks the tab, `?machine=` keeps one
 * machine's (the link "Ver acessos" of a machine's page).
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  durationLabel,
  mayEndSession,
  REMOTE_ACCESS_MESSAGES,
  remoteAdminForbiddenMessage,
  type RemoteAccessStatus,
} from '@/contracts/remote-access';
import { Button } from '@/components/ui/button';
import type { Column } from '@/components/ui/data-table';
import { RecordConfirmDialog } from '@/components/ui/delete-record-dialog';
import { PageHeader } from '@/components/ui/page-header';
import { usePageTitle } from '@/components/ui/page-title';
import { useLock } from '@/components/ui/permissions';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/toast';
import { useAccess } from '@/entities/access/api';
import { apiErrorMessage } from '@/lib/api/errors';
import { formatBytes } from '@/lib/bytes';
import { formatDateTime } from '@/lib/dates';
import { useApproveRemoteAccessMutation, useEndRemoteAccessMutation, useListRemoteAccessSessionsQuery } from '../api';
import { HistoryTab } from '../components/history-tab';
import { LockedButton } from '../components/locked-button';
import { MachineLink } from '../components/machine-link';
import { ProfileDialog } from '../components/profile-dialog';
import { RefuseDialog } from '../components/refuse-dialog';
import { PagedTable, useLocalPaging, type LocalPaging } from '../components/sessions-table';
import type { RemoteAccessSession } from '../types';

const TABS = ['ativos', 'solicitacoes', 'historico'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => (TABS as readonly (string | null)[]).includes(value);

function sessionsQuery(status: RemoteAccessStatus, machine: string | null, { page, perPage }: LocalPaging) {
  return {
    page,
    perPage,
    q: '',
    sort: '-createdAt' as const,
    filters: { status, ...(machine ? { machine } : {}) },
  };
}

const countLabel = (total: number) => (total === 1 ? '1 acesso ativo' : `${total} acessos ativos`);
const requestsLabel = (total: number) => (total === 1 ? '1 solicitação' : `${total} solicitações`);

/** The traffic the node reports (the demo's simulated node makes it grow). */
const traffic = (session: RemoteAccessSession) => (
  <span>
    <span className="sr-only">Recebido </span>↓ {formatBytes(session.bytesIn)} · <span className="sr-only">Enviado </span>↑ {formatBytes(session.bytesOut)}
  </span>
);

const services = (session: RemoteAccessSession) => session.services.map((service) => `${service.name} (${service.port})`).join(', ');

const machineAndCustomer = (session: RemoteAccessSession) => (
  <span className="flex flex-col">
    <MachineLink id={session.machineId} name={session.machineName} />
    {session.customerName ? <span className="text-xs text-slate-600">{session.customerName}</span> : null}
  </span>
);

const windowOf = (session: RemoteAccessSession) => (
  <span className="flex flex-col">
    <span className="whitespace-nowrap">até {session.windowEndsAt ? formatDateTime(session.windowEndsAt) : '—'}</span>
    <span className="whitespace-nowrap text-xs text-slate-600">desde {session.windowStartsAt ? formatDateTime(session.windowStartsAt) : '—'}</span>
  </span>
);

const connection = (session: RemoteAccessSession) => (
  <span className="flex flex-col">
    <span>{session.lastHandshakeAt ? formatDateTime(session.lastHandshakeAt) : 'Ainda não conectou'}</span>
    <span className="whitespace-nowrap text-xs tabular-nums text-slate-600">
      <span className="sr-only">Tráfego: </span>
      {traffic(session)}
    </span>
  </span>
);

function ActiveTab({ machine, currentUid }: { machine: string | null; currentUid: string }) {
  const paging = useLocalPaging();
  const query = useListRemoteAccessSessionsQuery(sessionsQuery('active', machine, paging));
  const role = useAccess().data?.role;
  const editLock = useLock('edit');
  const [ending, setEnding] = useState<RemoteAccessSession | null>(null);
  const [end, { isLoading }] = useEndRemoteAccessMutation();

  const endAction = (session: RemoteAccessSession) => {
    const own = session.requesterUid === currentUid;
    if (role && !mayEndSession(role, own)) {
      return <LockedButton label="Encerrar" reason={editLock ?? REMOTE_ACCESS_MESSAGES.endOthersForbidden} />;
    }
    return (
      <Button size="sm" variant="danger" onClick={() => setEnding(session)} aria-label={`Encerrar acesso de ${session.requesterName} a ${session.machineName}`}>
        Encerrar
      </Button>
    );
  };

  // Six columns, so the table fits beside the sidebar at 1280 px with "Encerrar" in view (issue 34): the customer
  // under the machine, the window's start under its end, the traffic under the last handshake.
  const columns: Column<RemoteAccessSession>[] = [
    { id: 'person', header: 'Pessoa', primary: true, cell: (session) => session.requesterName },
    { id: 'machine', header: 'Máquina', cell: machineAndCustomer },
    { id: 'window', header: 'Janela', cell: windowOf },
    { id: 'services', header: 'Serviços', cell: services },
    { id: 'connection', header: 'Último handshake', cell: connection },
    { id: 'actions', header: 'Ações', className: 'whitespace-nowrap text-right', cell: endAction },
  ];

  return (
    <>
      <PagedTable
        title="Acessos ativos"
        result={query}
        paging={paging}
        columns={columns}
        getRowId={(session) => session.id}
        rowLabel={(session) => `${session.requesterName}, ${session.machineName}`}
        countLabel={countLabel}
        empty={{ title: 'Nenhum acesso ativo', description: 'Um acesso aparece aqui quando o perfil WireGuard é baixado, até o fim da janela.' }}
      />
      <RecordConfirmDialog
        record={ending}
        title="Encerrar acesso?"
        description={(session) =>
          `${session.requesterName} perde o acesso a ${session.machineName} na hora: o perfil WireGuard deixa de funcionar.`
        }
        confirmLabel="Encerrar"
        run={(session) => end({ id: session.id }).unwrap()}
        pending={isLoading}
        successMessage="Acesso encerrado."
        onOpenChange={(open) => {
          if (!open) setEnding(null);
        }}
      />
    </>
  );
}

/**
 * A request waiting for the factory: said instead of "Aprovar" (the factory approves by the link e-mailed to the
 * customer); an Administrador can still refuse it.
 */
function FactoryWait({ session, onRefuse }: { session: RemoteAccessSession; onRefuse: (() => void) | null }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="text-slate-700">
        Aguardando aprovação da fábrica{session.customerName ? ` (${session.customerName})` : ''}: link enviado por e-mail.
      </span>
      {onRefuse ? (
        <Button size="sm" variant="secondary" onClick={onRefuse} aria-label={`Recusar acesso de ${session.requesterName} a ${session.machineName}`}>
          Recusar
        </Button>
      ) : null}
    </div>
  );
}

function RequestsTab({ machine, currentUid }: { machine: string | null; currentUid: string }) {
  const pendingPaging = useLocalPaging();
  const approvedPaging = useLocalPaging();
  const pending = useListRemoteAccessSessionsQuery(sessionsQuery('pending', machine, pendingPaging));
  const approved = useListRemoteAccessSessionsQuery(sessionsQuery('approved', machine, approvedPaging));
  const role = useAccess().data?.role;
  const adminLock = role && role !== 'administrador' ? remoteAdminForbiddenMessage(role) : null;
  const [approve] = useApproveRemoteAccessMutation();
  const [approving, setApproving] = useState<string | null>(null);
  const [refusing, setRefusing] = useState<RemoteAccessSession | null>(null);
  const [downloading, setDownloading] = useState<RemoteAccessSession | null>(null);

  const onApprove = async (session: RemoteAccessSession) => {
    setApproving(session.id);
    try {
      await approve(session.id).unwrap();
      toast.success(`Acesso aprovado: ${session.requesterName} já pode baixar o perfil.`);
    } catch (error) {
      toast.error(apiErrorMessage(error));
    } finally {
      setApproving(null);
    }
  };

  const common: Column<RemoteAccessSession>[] = [
    { id: 'person', header: 'Pessoa', primary: true, cell: (session) => session.requesterName },
    { id: 'machine', header: 'Máquina', cell: (session) => <MachineLink id={session.machineId} name={session.machineName} /> },
    { id: 'reason', header: 'Motivo', cell: (session) => <span className="whitespace-pre-line">{session.reason}</span> },
    { id: 'duration', header: 'Duração', cell: (session) => durationLabel(session.durationHours) },
    { id: 'asked', header: 'Pedido em', cell: (session) => formatDateTime(session.createdAt) },
  ];

  const pendingColumns: Column<RemoteAccessSession>[] = [
    ...common,
    {
      id: 'actions',
      header: 'Ações',
      cell: (session) =>
        session.awaiting === 'factory' ? (
          <FactoryWait session={session} onRefuse={adminLock ? null : () => setRefusing(session)} />
        ) : adminLock ? (
          <div className="flex flex-wrap gap-2">
            <LockedButton label="Aprovar" reason={adminLock} />
            <LockedButton label="Recusar" reason={adminLock} />
          </div>
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              loading={approving === session.id}
              onClick={() => void onApprove(session)}
              aria-label={`Aprovar acesso de ${session.requesterName} a ${session.machineName}`}
            >
              Aprovar
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setRefusing(session)}
              aria-label={`Recusar acesso de ${session.requesterName} a ${session.machineName}`}
            >
              Recusar
            </Button>
          </div>
        ),
    },
  ];

  const approvedColumns: Column<RemoteAccessSession>[] = [
    ...common,
    {
      id: 'actions',
      header: 'Ações',
      cell: (session) =>
        session.requesterUid === currentUid ? (
          <Button size="sm" onClick={() => setDownloading(session)} aria-label={`Baixar perfil de ${session.machineName}`}>
            Baixar perfil
          </Button>
        ) : (
          <span className="text-slate-600">Só {session.requesterName} pode baixar o perfil.</span>
        ),
    },
  ];

  return (
    <div className="space-y-6">
      <PagedTable
        title="Aguardando aprovação"
        result={pending}
        paging={pendingPaging}
        columns={pendingColumns}
        getRowId={(session) => session.id}
        rowLabel={(session) => `${session.requesterName}, ${session.machineName}`}
        countLabel={requestsLabel}
        empty={{ title: 'Nenhuma solicitação aguardando', description: 'Os pedidos de acesso que precisam de aprovação aparecem aqui.' }}
      />
      <PagedTable
        title="Aprovadas, perfil não baixado"
        result={approved}
        paging={approvedPaging}
        columns={approvedColumns}
        getRowId={(session) => session.id}
        rowLabel={(session) => `${session.requesterName}, ${session.machineName}`}
        countLabel={requestsLabel}
        empty={{ title: 'Nenhum acesso aprovado esperando o perfil', description: 'Quem pediu o acesso baixa o perfil aqui, depois da aprovação.' }}
      />
      <RefuseDialog
        session={refusing}
        onOpenChange={(open) => {
          if (!open) setRefusing(null);
        }}
      />
      {downloading ? <ProfileDialog session={downloading} onOpenChange={(open) => !open && setDownloading(null)} /> : null}
    </div>
  );
}

/** The screen; `currentUid` is the signed-in person (their own sessions: "Encerrar" for a Técnico, "Baixar perfil"). */
export function RemoteAccessScreen({ currentUid }: { currentUid: string }) {
  const title = usePageTitle();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'ativos';
  const machine = params.get('machine');

  const change = (next: Record<string, string | null>) => {
    const updated = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value === null) updated.delete(key);
      else updated.set(key, value);
    }
    setParams(updated, { replace: true });
  };

  return (
    <section className="max-w-6xl space-y-4">
      <PageHeader title={title} subtitle="Quem acessa as suas máquinas pela VPN, até quando e por quê." />
      {machine ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          Mostrando os acessos de uma máquina.
          <Button size="sm" variant="link" onClick={() => change({ machine: null })}>
            Ver de todas as máquinas
          </Button>
        </p>
      ) : null}
      <Tabs value={tab} onValueChange={(value) => change({ tab: value === 'ativos' ? null : value })}>
        <TabsList aria-label="Acesso remoto">
          <TabsTrigger value="ativos">Ativos</TabsTrigger>
          <TabsTrigger value="solicitacoes">Solicitações</TabsTrigger>
          <TabsTrigger value="historico">Histórico</TabsTrigger>
        </TabsList>
        <TabsContent value="ativos">
          <ActiveTab machine={machine} currentUid={currentUid} />
        </TabsContent>
        <TabsContent value="solicitacoes">
          <RequestsTab machine={machine} currentUid={currentUid} />
        </TabsContent>
        <TabsContent value="historico">
          <HistoryTab />
        </TabsContent>
      </Tabs>
    </section>
  );
}
