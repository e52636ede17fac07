import { useState } from 'react';
import { DEVICE_STATUS_LABELS, DEVICE_STATUSES, deviceListQuery, type Device } from '@/contracts/device';
import { Button } from '@/components/ui/button';
import type { Column } from '@/components/ui/data-table';
import { ListBlock } from '@/components/ui/list-block';
import { PageHeader } from '@/components/ui/page-header';
import { RelativeTime } from '@/components/ui/relative-time';
import { SimpleSelect } from '@/components/ui/select';
import { filterSelectProps } from '@/components/ui/list-table';
import { useListScreen } from '@/components/ui/use-list-screen';
import { portalPaths } from '@/config/paths';
import { devicesApi } from '../api';
import { ClaimDeviceDialog } from '../components/claim-device-dialog';
import { DeviceStatusBadge } from '../components/device-status-badge';

const STATUS_OPTIONS = [
  { value: '', label: 'Todos os status' },
  ...DEVICE_STATUSES.map((status) => ({ value: status, label: DEVICE_STATUS_LABELS[status] })),
];

const COLUMNS: Column<Device>[] = [
  { id: 'name', header: 'Nome', sortKey: 'name', primary: true, cell: (device) => device.name },
  {
    id: 'serialNumber',
    header: 'Número de série',
    sortKey: 'serialNumber',
    mobileLabel: 'Série',
    cell: (device) => <span className="whitespace-nowrap font-mono text-[13px]">{device.serialNumber}</span>,
  },
  { id: 'status', header: 'Status', sortKey: 'status', cell: (device) => <DeviceStatusBadge status={device.status} /> },
  {
    id: 'lastSeenAt',
    header: 'Último contato',
    sortKey: 'lastSeenAt',
    cell: (device) => (device.lastSeenAt ? <RelativeTime date={device.lastSeenAt} className="whitespace-nowrap" /> : 'Nunca'),
  },
  { id: 'machine', header: 'Máquina', cell: (device) => device.machineName ?? 'Sem máquina' },
  { id: 'firmware', header: 'Firmware', hideOnMobile: true, cell: (device) => device.firmware },
];

const countLabel = (total: number) => (total === 1 ? '1 dispositivo' : `${total} dispositivos`);

export default function DevicesListScreen() {
  const { list, table, rowActions, navigate } = useListScreen(deviceListQuery, devicesApi.endpoints.listDevices);
  const [claiming, setClaiming] = useState(false);
  const addButton = <Button onClick={() => setClaiming(true)}>Adicionar dispositivo</Button>;

  return (
    <section>
      <PageHeader
        title="Dispositivos"
        subtitle="Os gateways da sua conta: status, último contato e a máquina de cada um."
        actions={addButton}
      />
      <ListBlock
        list={list}
        table={table}
        search={{ label: 'Buscar dispositivos', placeholder: 'Série, nome, código de configuração ou máquina' }}
        filters={<SimpleSelect aria-label="Filtrar por status" className="sm:w-48" {...filterSelectProps(list, 'status')} options={STATUS_OPTIONS} />}
        caption="Dispositivos"
        columns={COLUMNS}
        getRowId={(device) => device.id}
        rowHref={(device) => portalPaths.device(device.id)}
        rowLabel={(device) => device.name}
        emptyState={{
          title: 'Nenhum dispositivo cadastrado',
          description: 'Adicione um gateway com o código de configuração da etiqueta, ou compre gateways em Pedidos.',
          action: addButton,
        }}
        countLabel={countLabel}
        rowActions={(device) =>
          rowActions(device, {
            view: portalPaths.device(device.id),
            extra: device.machineId ? [{ label: 'Ver máquina', onSelect: () => navigate(portalPaths.machine(device.machineId ?? '')) }] : [],
          })
        }
      />
      {claiming ? <ClaimDeviceDialog open onOpenChange={setClaiming} /> : null}
    </section>
  );
}
