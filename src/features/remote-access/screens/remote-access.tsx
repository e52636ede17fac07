/**
 * "Acesso Remoto" (issue 25): Ativos (the sessions running now, "Encerrar"), Solicitações (requests waiting —
 * "Aprovar" / "Recusar" for an Administrador — and approved ones whose profile is not downloaded yet — "Baixar
 * perfil" for the requester) and Histórico (every event, paged). `?tab=` picks the tab, `?machine=` keeps one
 * machine's (the link "Ver acessos" of a machine's page).
 */
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE, type Page } from '@/contracts/common';
import {
  durationLabel,
  mayEndSession,
  REMOTE_ACCESS_EVENT_LABELS,
  REMOTE_ACCESS_MESSAGES,
  remoteAdminForbiddenMessage,
  type RemoteAccessEventKind,
  type RemoteAccessStatus,
} from '@/contracts/remote-access';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { RecordConfirmDialog } from '@/components/ui/delete-record-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { usePageTitle } from '@/components/ui/page-title';
import { Pagination } from '@/components/ui/pagination';
import { isEmptyPage, Panel, PanelRowsSkeleton, type PanelQuery } from '@/components/ui/panel';
import { useLock } from '@/components/ui/permissions';
import { SimpleTable, type SimpleColumn } from '@/components/ui/simple-table';
import { StableLink } from '@/components/ui/stable-links';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/toast';
import { portalPaths } from '@/config/paths';
import { useAccess } from '@/entities/access/api';
import { apiErrorMessage } from '@/lib/api/errors';
import { formatDateTime } from '@/lib/dates';
import {
  useApproveRemoteAccessMutation,
  useEndRemoteAccessMutation,
  useListRemoteAccessEventsQuery,
  useListRemoteAccessSessionsQuery,
} from '../api';
import { LockedButton } from '../components/locked-button';
import { ProfileDialog } from '../components/profile-dialog';
import { RefuseDialog } from '../components/refuse-dialog';
import type { RemoteAccessEvent, RemoteAccessSession } from '../types';

const TABS = ['ativos', 'solicitacoes', 'historico'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => (TABS as readonly (string | null)[]).includes(value);

const LINK = 'text-accent-strong underline-offset-2 hover:underline';

const EVENT_TONES: Record<RemoteAccessEventKind, BadgeTone> = {
  requested: 'info',
  approved: 'success',
  refused: 'danger',
  'profile-downloaded': 'accent',
  connected: 'success',
  ended: 'neutral',
  expired: 'neutral',
};

/** One paged list of the screen: its page and size (each tab keeps its own). */
function usePaging() {
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(DEFAULT_PAGE_SIZE);
  return {
    page,
    perPage,
    pagination: (label: string, total: number) =>
      total > 10 ? (
        <Pagination
          className="mt-4"
          label={label}
          page={page}
          perPage={perPage}
          total={total}
          onPageChange={setPage}
          onPerPageChange={(size) => {
            setPerPage(size);
            setPage(1);
          }}
        />
      ) : null,
  };
}

function sessionsQuery(status: RemoteAccessStatus, machine: string | null, page: number, perPage: number) {
  return {
    page,
    perPage,
    q: '',
    sort: '-createdAt' as const,
    filters: { status, ...(machine ? { machine } : {}) },
  };
}

function MachineLink({ id, name }: { id: string; name: string }) {
  return (
    <StableLink className={LINK} to={portalPaths.machine(id)}>
      {name}
    </StableLink>
  );
}

const services = (session: RemoteAccessSession) => session.services.map((service) => `${service.name} (${service.port})`).join(', ');

/** A session list in a panel: the table, the empty state and the paging. */
function SessionsPanel({
  title,
  query,
  columns,
  empty,
  pagination,
}: {
  title: string;
  query: PanelQuery<Page<RemoteAccessSession>>;
  columns: readonly SimpleColumn<RemoteAccessSession>[];
  empty: { title: string; description: string };
  pagination: (label: string, total: number) => ReactNode;
}) {
  return (
    <Panel
      title={title}
      variant="detail"
      query={query}
      skeleton={<PanelRowsSkeleton rows={3} />}
      empty={{ when: isEmptyPage, state: <EmptyState headingLevel={3} title={empty.title} description={empty.description} /> }}
    >
      {(page) => (
        <>
          <SimpleTable caption={title} columns={columns} rows={page.data} getRowId={(session) => session.id} />
          {pagination(`Paginação de ${title}`, page.meta.total)}
        </>
      )}
    </Panel>
  );
}

function ActiveTab({ machine, currentUid }: { machine: string | null; currentUid: string }) {
  const { page, perPage, pagination } = usePaging();
  const query = useListRemoteAccessSessionsQuery(sessionsQuery('active', machine, page, perPage));
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

  const columns: SimpleColumn<RemoteAccessSession>[] = [
    { id: 'person', header: 'Pessoa', cell: (session) => session.requesterName },
    { id: 'machine', header: 'Máquina', cell: (session) => <MachineLink id={session.machineId} name={session.machineName} /> },
    { id: 'customer', header: 'Cliente', cell: (session) => session.customerName ?? '—' },
    { id: 'since', header: 'Desde', cell: (session) => (session.windowStartsAt ? formatDateTime(session.windowStartsAt) : '—') },
    { id: 'until', header: 'Até', cell: (session) => (session.windowEndsAt ? formatDateTime(session.windowEndsAt) : '—') },
    { id: 'services', header: 'Serviços', cell: services },
    {
      id: 'handshake',
      header: 'Último handshake',
      cell: (session) => (session.lastHandshakeAt ? formatDateTime(session.lastHandshakeAt) : 'Ainda não conectou'),
    },
    { id: 'actions', header: 'Ações', cell: endAction },
  ];

  return (
    <>
      <SessionsPanel
        title="Acessos ativos"
        query={query}
        columns={columns}
        pagination={pagination}
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

function RequestsTab({ machine, currentUid }: { machine: string | null; currentUid: string }) {
  const pendingPaging = usePaging();
  const approvedPaging = usePaging();
  const pending = useListRemoteAccessSessionsQuery(sessionsQuery('pending', machine, pendingPaging.page, pendingPaging.perPage));
  const approved = useListRemoteAccessSessionsQuery(sessionsQuery('approved', machine, approvedPaging.page, approvedPaging.perPage));
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

  const common: SimpleColumn<RemoteAccessSession>[] = [
    { id: 'person', header: 'Pessoa', cell: (session) => session.requesterName },
    { id: 'machine', header: 'Máquina', cell: (session) => <MachineLink id={session.machineId} name={session.machineName} /> },
    { id: 'reason', header: 'Motivo', cell: (session) => <span className="whitespace-pre-line">{session.reason}</span> },
    { id: 'duration', header: 'Duração', cell: (session) => durationLabel(session.durationHours) },
    { id: 'asked', header: 'Pedido em', cell: (session) => formatDateTime(session.createdAt) },
  ];

  const pendingColumns: SimpleColumn<RemoteAccessSession>[] = [
    ...common,
    {
      id: 'actions',
      header: 'Ações',
      cell: (session) =>
        adminLock ? (
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

  const approvedColumns: SimpleColumn<RemoteAccessSession>[] = [
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
      <SessionsPanel
        title="Aguardando aprovação"
        query={pending}
        columns={pendingColumns}
        pagination={pendingPaging.pagination}
        empty={{ title: 'Nenhuma solicitação aguardando', description: 'Os pedidos de acesso que precisam de aprovação aparecem aqui.' }}
      />
      <SessionsPanel
        title="Aprovadas, perfil não baixado"
        query={approved}
        columns={approvedColumns}
        pagination={approvedPaging.pagination}
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

const EVENT_COLUMNS: readonly SimpleColumn<RemoteAccessEvent>[] = [
  { id: 'when', header: 'Quando', cell: (event) => formatDateTime(event.occurredAt) },
  {
    id: 'kind',
    header: 'Evento',
    cell: (event) => <Badge tone={EVENT_TONES[event.kind]}>{REMOTE_ACCESS_EVENT_LABELS[event.kind]}</Badge>,
  },
  { id: 'machine', header: 'Máquina', cell: (event) => <MachineLink id={event.machineId} name={event.machineName} /> },
  { id: 'person', header: 'Pessoa', cell: (event) => event.requesterName },
  { id: 'actor', header: 'Por', cell: (event) => event.actorName ?? 'Sistema' },
  { id: 'reason', header: 'Motivo', cell: (event) => event.reason || '—' },
];

function HistoryTab({ machine }: { machine: string | null }) {
  const { page, perPage, pagination } = usePaging();
  const query = useListRemoteAccessEventsQuery({
    page,
    perPage,
    q: '',
    sort: '-occurredAt',
    filters: machine ? { machine } : {},
  });
  return (
    <Panel
      title="Histórico de acesso remoto"
      variant="detail"
      query={query}
      skeleton={<PanelRowsSkeleton rows={4} />}
      empty={{
        when: isEmptyPage,
        state: <EmptyState headingLevel={3} title="Nenhum evento" description="Cada pedido, aprovação, perfil baixado e encerramento aparece aqui." />,
      }}
    >
      {(data) => (
        <>
          <SimpleTable caption="Histórico de acesso remoto" columns={EVENT_COLUMNS} rows={data.data} getRowId={(event) => event.id} rowHeader="when" />
          {pagination('Paginação do histórico', data.meta.total)}
        </>
      )}
    </Panel>
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
          <HistoryTab machine={machine} />
        </TabsContent>
      </Tabs>
    </section>
  );
}
