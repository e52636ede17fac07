import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { Device, DeviceConnection, DeviceDetail } from '@/contracts/device';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { DescriptionList, DetailPage, DetailSection } from '@/components/ui/detail-page';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { useBreadcrumbTitle } from '@/components/ui/page-title';
import { RelativeTime } from '@/components/ui/relative-time';
import { toast } from '@/components/ui/toast';
import { portalPaths } from '@/config/paths';
import { apiErrorMessage } from '@/lib/api/errors';
import { formatDateTime } from '@/lib/dates';
import { useGetDeviceQuery, useListDeviceConnectionsQuery, useSetDeviceMachineMutation } from '../api';
import { DeviceStatusBadge } from '../components/device-status-badge';
import { DeviceStatusHistory, statusSinceItem } from '../components/device-status-history';
import { LinkMachineDialog } from '../components/link-machine-dialog';
import { RenameDeviceDialog } from '../components/rename-device-dialog';
import { useVpnDownload, VpnDownloadButton, VpnDownloadError } from '../components/vpn-download';
import { formatBytes, formatDuration } from '../format';

const HISTORY_PAGE_SIZE = 10;
/** While a gateway that just got its configuration has not connected yet, its status is asked again this often. */
const WAITING_POLL_MS = 3000;

const HISTORY_COLUMNS: Column<DeviceConnection>[] = [
  {
    id: 'startedAt',
    header: 'Início',
    primary: true,
    cell: (connection) => <span className="whitespace-nowrap">{formatDateTime(connection.startedAt)}</span>,
  },
  {
    id: 'duration',
    header: 'Duração',
    cell: (connection) =>
      connection.endedAt ? (
        formatDuration(connection.endedAt.getTime() - connection.startedAt.getTime())
      ) : (
        <Badge tone="success">Em andamento</Badge>
      ),
  },
  {
    id: 'user',
    header: 'Usuário',
    cell: (connection) => (
      <span className="flex flex-col">
        <span>{connection.userName}</span>
        <span className="text-xs text-slate-600">{connection.userEmail}</span>
      </span>
    ),
  },
  {
    id: 'publicIp',
    header: 'IP público',
    cell: (connection) => <span className="font-mono text-[13px]">{connection.publicIp}</span>,
  },
  {
    id: 'traffic',
    header: 'Tráfego',
    hideOnMobile: true,
    className: 'whitespace-nowrap tabular-nums',
    cell: (connection) => `↓ ${formatBytes(connection.bytesIn)} · ↑ ${formatBytes(connection.bytesOut)}`,
  },
];

function ConnectionHistory({ device }: { device: Device }) {
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(HISTORY_PAGE_SIZE);
  const history = useListDeviceConnectionsQuery({ id: device.id, page, perPage });
  return (
    <DetailSection title="Histórico de conexões">
      <DataTable
        caption="Histórico de conexões"
        columns={HISTORY_COLUMNS}
        rows={history.data?.data}
        total={history.data?.meta.total}
        getRowId={(connection) => connection.id}
        rowLabel={(connection) => `Conexão de ${connection.userName} em ${formatDateTime(connection.startedAt)}`}
        query={{ sort: '-startedAt', page, perPage }}
        isLoading={history.isLoading}
        isFetching={history.isFetching}
        error={history.error}
        errorTitle="Não foi possível carregar o histórico."
        onRetry={() => void history.refetch()}
        emptyState={{
          title: 'Nenhuma conexão registrada',
          description: 'As sessões VPN que passarem por este dispositivo aparecerão aqui.',
        }}
        hasActiveSearch={false}
        onClearSearch={() => undefined}
        onPageOutOfRange={(total) => setPage(Math.max(1, Math.ceil(total / perPage)))}
        countLabel={(total) => (total === 1 ? '1 conexão' : `${total} conexões`)}
        pagination={{
          onPageChange: setPage,
          onPerPageChange: (size) => {
            setPerPage(size);
            setPage(1);
          },
        }}
      />
    </DetailSection>
  );
}

function MachineSection({ device }: { device: Device }) {
  const [picking, setPicking] = useState(false);
  const [unlinking, setUnlinking] = useState(false);
  const [unlinkError, setUnlinkError] = useState<string | null>(null);
  const [setDeviceMachine, { isLoading }] = useSetDeviceMachineMutation();

  const unlink = async () => {
    setUnlinkError(null);
    try {
      await setDeviceMachine({ id: device.id, machineId: null }).unwrap();
      toast.success('Máquina desvinculada.');
      setUnlinking(false);
    } catch (error) {
      setUnlinkError(apiErrorMessage(error));
    }
  };

  return (
    <DetailSection
      title="Máquina"
      actionsNeed="edit"
      actions={
        device.machineId ? (
          <>
            <Button variant="secondary" size="sm" onClick={() => setPicking(true)}>
              Alterar máquina
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setUnlinking(true)}>
              Desvincular
            </Button>
          </>
        ) : null
      }
    >
      {device.machineId ? (
        <p className="text-sm text-slate-700">
          Instalado em{' '}
          <Link
            to={portalPaths.machine(device.machineId)}
            className="font-medium text-accent-strong underline underline-offset-2 hover:no-underline"
          >
            {device.machineName ?? device.machineId}
          </Link>
          .
        </p>
      ) : (
        <EmptyState
          title="Nenhuma máquina vinculada"
          description="Diga em que máquina este gateway está instalado: o acesso remoto e o histórico ficam ligados a ela."
          action={<Button onClick={() => setPicking(true)}>Vincular máquina</Button>}
        />
      )}
      {picking ? <LinkMachineDialog device={device} onOpenChange={setPicking} /> : null}
      <ConfirmDialog
        open={unlinking}
        onOpenChange={(open) => {
          setUnlinking(open);
          if (!open) setUnlinkError(null);
        }}
        title="Desvincular máquina?"
        description={
          <>
            <strong className="font-semibold text-slate-900">{device.name}</strong> deixará de estar vinculado a{' '}
            <strong className="font-semibold text-slate-900">{device.machineName}</strong>. Você pode vinculá-lo de novo
            depois.
          </>
        }
        confirmLabel="Desvincular"
        tone="danger"
        pending={isLoading}
        error={unlinkError}
        onConfirm={() => void unlink()}
      />
    </DetailSection>
  );
}

function DeviceView({ device, onDownloaded }: { device: DeviceDetail; onDownloaded(): void }) {
  const vpn = useVpnDownload(device, onDownloaded);
  const [renaming, setRenaming] = useState(false);
  const since = statusSinceItem(device);
  return (
    <section className="max-w-5xl space-y-6">
      <PageHeader
        title={device.name}
        subtitle={`${device.hardwareModel} · Série ${device.serialNumber}`}
        actions={
          <>
            <Button variant="secondary" onClick={() => setRenaming(true)}>
              Renomear
            </Button>
            <VpnDownloadButton pending={vpn.pending} onClick={vpn.download} />
          </>
        }
      />
      <VpnDownloadError error={vpn.error} pending={vpn.pending} onRetry={vpn.download} />
      <DetailSection title="Dados do dispositivo">
        <DescriptionList
          items={[
            {
              term: 'Status',
              description: (
                <span className="flex flex-wrap items-center gap-2">
                  <DeviceStatusBadge status={device.status} />
                  {device.lastSeenAt ? (
                    <span className="font-normal text-slate-700">
                      visto <RelativeTime date={device.lastSeenAt} />
                    </span>
                  ) : null}
                </span>
              ),
            },
            ...(since ? [since] : []),
            {
              term: 'Último contato',
              description: device.lastSeenAt ? formatDateTime(device.lastSeenAt) : 'Nunca se conectou',
            },
            {
              term: 'Endereço VPN',
              description: device.vpnAddress ? (
                <span className="font-mono">{device.vpnAddress}</span>
              ) : (
                'Definido ao baixar a configuração VPN'
              ),
            },
            { term: 'Modelo de hardware', description: device.hardwareModel },
            { term: 'Firmware', description: device.firmware },
            { term: 'Número de série', description: <span className="font-mono">{device.serialNumber}</span> },
            { term: 'Código de configuração', description: <span className="font-mono">{device.setupCode}</span> },
            {
              term: 'Pedido de origem',
              description: device.orderId ? (
                <Link to={portalPaths.order(device.orderId)} className="font-medium text-accent underline-offset-2 hover:underline">
                  {device.orderNumber ? `Pedido #${device.orderNumber}` : 'Ver o pedido'}
                </Link>
              ) : (
                'Adicionado pelo código de configuração'
              ),
            },
            { term: 'Cadastrado em', description: formatDateTime(device.createdAt) },
          ]}
        />
      </DetailSection>
      <DeviceStatusHistory device={device} />
      <MachineSection device={device} />
      <ConnectionHistory device={device} />
      {renaming ? <RenameDeviceDialog device={device} onOpenChange={setRenaming} /> : null}
    </section>
  );
}

export default function DeviceDetailScreen() {
  const { id = '' } = useParams();
  const [waiting, setWaiting] = useState(false);
  const query = useGetDeviceQuery(id, { refetchOnMountOrArgChange: 30, pollingInterval: waiting ? WAITING_POLL_MS : 0 });
  const device = query.currentData;
  useBreadcrumbTitle(query.data?.name);
  if (waiting && device && device.status !== 'never-connected') setWaiting(false);
  return (
    <DetailPage
      query={query}
      notFoundTitle="Dispositivo não encontrado"
      notFoundDescription="Ele pode pertencer a outra conta, ou o endereço está incorreto."
      backTo={{ href: portalPaths.devices, label: 'Voltar para Dispositivos' }}
    >
      {(current: DeviceDetail) => (
        <>
          {waiting ? (
            <p role="status" className="mb-4 rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900">
              Aguardando o gateway se conectar com a nova configuração… isso costuma levar alguns segundos.
            </p>
          ) : null}
          <DeviceView
            device={current}
            onDownloaded={() => {
              if (current.status === 'never-connected') setWaiting(true);
            }}
          />
        </>
      )}
    </DetailPage>
  );
}
