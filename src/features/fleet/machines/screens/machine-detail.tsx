import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { Machine } from '@/contracts/machine';
import { protocolLabel } from '@/contracts/machine-model';
import { Button, buttonClasses } from '@/components/ui/button';
import { DescriptionList, DetailPage, DetailSection } from '@/components/ui/detail-page';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { useBreadcrumbTitle } from '@/components/ui/page-title';
import { portalPaths } from '@/config/paths';
import { formatDateTime } from '@/lib/dates';
import { useGetMachineQuery } from '../api';
import { AccessHistory } from '../components/access-history';
import { DeleteMachineDialog } from '../components/delete-machine-dialog';
import { DeviceStatusBadge } from '../components/device-status-badge';
import { TunnelSection } from '../components/tunnel-section';

const LINK = 'text-accent-strong underline-offset-2 hover:underline';

function Services({ machine }: { machine: Machine }) {
  return (
    <DetailSection title="Serviços">
      {machine.services.length === 0 ? (
        <EmptyState title="Nenhum serviço" description="Edite a máquina para informar os acessos dela (IHM, CLP, tela remota)." />
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Serviços da máquina</caption>
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">Serviço</th>
                <th scope="col" className="py-2 pr-4 font-medium">Protocolo</th>
                <th scope="col" className="py-2 text-right font-medium">Porta</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {machine.services.map((service) => (
                <tr key={`${service.protocol}-${service.port}-${service.name}`}>
                  <th scope="row" className="py-2 pr-4 font-medium text-slate-900">{service.name}</th>
                  <td className="py-2 pr-4 text-slate-700">{protocolLabel(service.protocol)}</td>
                  <td className="py-2 text-right tabular-nums text-slate-700">{service.port}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </DetailSection>
  );
}

/** What the app composes into a machine's page from other features (its "Acesso remoto" section). */
export interface MachineDetailSlots {
  /** After "Dispositivo": the machine's remote access (features/remote-access, composed in src/app). */
  remoteAccess?: (machine: Machine) => ReactNode;
  /** Inside "Histórico de acesso", under the VPN connections: the machine's remote-access sessions (features/remote-access). */
  remoteAccessHistory?: (machine: Machine) => ReactNode;
}

function MachineView({ machine, slots }: { machine: Machine; slots: MachineDetailSlots }) {
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const { device } = machine;
  return (
    <section className="max-w-5xl space-y-6">
      <PageHeader
        title={machine.name}
        subtitle={[machine.modelName, machine.customerName].filter(Boolean).join(' · ') || undefined}
        actions={
          <>
            <Link to={portalPaths.machineEdit(machine.id)} className={buttonClasses('secondary')}>
              Editar
            </Link>
            <Button variant="danger" onClick={() => setDeleting(true)}>
              Excluir
            </Button>
          </>
        }
      />
      <DetailSection title="Dados da máquina">
        <DescriptionList
          items={[
            {
              term: 'Modelo',
              description: machine.modelName ? (
                <Link className={LINK} to={portalPaths.machineModel(machine.modelId)}>
                  {machine.modelName}
                </Link>
              ) : null,
            },
            {
              term: 'Cliente',
              description: machine.customerId ? (
                <Link className={LINK} to={portalPaths.customer(machine.customerId)}>
                  {machine.customerName ?? machine.customerId}
                </Link>
              ) : (
                'Em estoque'
              ),
            },
            { term: 'Número de série', description: machine.serialNumber },
            { term: 'Local', description: machine.site },
            { term: 'Cadastrada em', description: formatDateTime(machine.createdAt) },
          ]}
        />
      </DetailSection>
      <TunnelSection machine={machine} />
      <DetailSection title="Dispositivo">
        {device ? (
          <DescriptionList
            items={[
              { term: 'Gateway', description: `${device.name}${device.serialNumber ? ` (${device.serialNumber})` : ''}` },
              { term: 'Status', description: <DeviceStatusBadge status={device.status} /> },
              { term: 'Última comunicação', description: device.lastSeenAt ? formatDateTime(device.lastSeenAt) : 'Nunca' },
            ]}
          />
        ) : (
          <EmptyState
            title="Nenhum dispositivo instalado"
            description="Sem um gateway, esta máquina não pode ser acessada remotamente."
            action={
              <Link to={portalPaths.machineEdit(machine.id)} className={buttonClasses('secondary')}>
                Escolher dispositivo
              </Link>
            }
          />
        )}
      </DetailSection>
      {slots.remoteAccess?.(machine)}
      <Services machine={machine} />
      <AccessHistory machine={machine}>{slots.remoteAccessHistory?.(machine)}</AccessHistory>
      <DeleteMachineDialog
        machine={deleting ? machine : null}
        onOpenChange={setDeleting}
        onDeleted={() => navigate(portalPaths.machines, { replace: true })}
      />
    </section>
  );
}

/** The machine's page, with the sections other features add (src/app/areas/portal/screens/machine-detail.tsx). */
export function MachineDetail({ slots = {} }: { slots?: MachineDetailSlots }) {
  const { id = '' } = useParams();
  const query = useGetMachineQuery(id, { refetchOnMountOrArgChange: 30 });
  useBreadcrumbTitle(query.data?.name);
  return (
    <DetailPage
      query={query}
      notFoundTitle="Máquina não encontrada"
      notFoundDescription="Ela pode ter sido excluída, ou o endereço está incorreto."
      backTo={{ href: portalPaths.machines, label: 'Voltar para Máquinas' }}
    >
      {(machine: Machine) => <MachineView machine={machine} slots={slots} />}
    </DetailPage>
  );
}

export default function MachineDetailScreen() {
  return <MachineDetail />;
}
