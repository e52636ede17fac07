import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { modelMachinesCount, protocolLabel, type MachineModel, type MachineService } from '@/contracts/machine-model';
import { Button, buttonClasses } from '@/components/ui/button';
import { DescriptionList, DetailPage, DetailSection } from '@/components/ui/detail-page';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { isEmptyPage, Panel, PanelRowsSkeleton } from '@/components/ui/panel';
import { useBreadcrumbTitle } from '@/components/ui/page-title';
import { SimpleTable, type SimpleColumn } from '@/components/ui/simple-table';
import { portalPaths } from '@/config/paths';
import { formatDateTime } from '@/lib/dates';
import { useGetMachineModelQuery, useListModelMachinesQuery } from '../api';
import { DeleteMachineModelDialog } from '../components/delete-machine-model-dialog';
import { MACHINE_MODEL_NOT_FOUND } from '../components/not-found-props';

const MACHINES_SHOWN = 20;

const SERVICE_COLUMNS: SimpleColumn<MachineService>[] = [
  { id: 'name', header: 'Serviço', cell: (service) => service.name },
  { id: 'protocol', header: 'Protocolo', cell: (service) => protocolLabel(service.protocol) },
  { id: 'port', header: 'Porta', className: 'text-right tabular-nums', cell: (service) => service.port },
];

function ModelServices({ model }: { model: MachineModel }) {
  return (
    <DetailSection title="Serviços padrão">
      {model.services.length === 0 ? (
        <EmptyState
          title="Nenhum serviço neste modelo"
          description="Adicione os acessos (IHM, CLP, tela remota) que cada máquina deste modelo oferece."
          action={
            <Link to={portalPaths.machineModelEdit(model.id)} className={buttonClasses('secondary', 'sm')}>
              Adicionar serviços
            </Link>
          }
        />
      ) : (
        <SimpleTable
          caption={`Serviços padrão de ${model.name}`}
          columns={SERVICE_COLUMNS}
          rows={model.services}
          getRowId={(service) => `${service.port}-${service.name}`}
        />
      )}
    </DetailSection>
  );
}

function ModelMachines({ model }: { model: MachineModel }) {
  const machines = useListModelMachinesQuery({ modelId: model.id, perPage: MACHINES_SHOWN });
  const total = machines.data?.meta.total ?? 0;
  const allMachines = `${portalPaths.machines}?model=${encodeURIComponent(model.id)}`;
  return (
    <Panel
      title="Máquinas deste modelo"
      variant="detail"
      query={machines}
      actions={
        total > 0 ? (
          <Link to={allMachines} className={buttonClasses('secondary', 'sm')}>
            Ver todas ({total})
          </Link>
        ) : null
      }
      skeleton={<PanelRowsSkeleton />}
      empty={{
        when: isEmptyPage,
        state: (
          <EmptyState
            title="Nenhuma máquina deste modelo"
            description="Ao cadastrar uma máquina, escolha este modelo: os serviços dele vêm preenchidos."
          />
        ),
      }}
    >
      {(page) => (
        <>
          {page.meta.total > MACHINES_SHOWN ? (
            <p className="mb-3 text-sm text-slate-600">
              Mostrando as {MACHINES_SHOWN} primeiras de {modelMachinesCount(page.meta.total)}, por nome.
            </p>
          ) : null}
          <ul aria-label="Máquinas deste modelo" className="divide-y divide-slate-200 rounded-md border border-slate-200">
            {page.data.map((machine) => (
              <li key={machine.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3 text-sm">
                <Link
                  to={portalPaths.machine(machine.id)}
                  className="font-medium text-slate-900 underline-offset-2 hover:text-accent-strong hover:underline"
                >
                  {machine.name}
                </Link>
                <span className="text-slate-600">
                  {[machine.customerName ?? 'Em estoque', machine.serialNumber && `Série ${machine.serialNumber}`, machine.site]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Panel>
  );
}

function ModelView({ model }: { model: MachineModel }) {
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  return (
    <section className="max-w-4xl space-y-6">
      <PageHeader
        title={model.name}
        subtitle={[model.manufacturer, model.category].filter(Boolean).join(' · ') || undefined}
        actions={
          <>
            <Link to={portalPaths.machineModelEdit(model.id)} className={buttonClasses('secondary')}>
              Editar
            </Link>
            <Button variant="danger" onClick={() => setDeleting(true)}>
              Excluir
            </Button>
          </>
        }
      />
      <DetailSection title="Dados do modelo">
        <DescriptionList
          items={[
            { term: 'Nome', description: model.name },
            { term: 'Fabricante', description: model.manufacturer },
            {
              term: 'Categoria',
              description: model.category ? (
                <Link
                  to={`${portalPaths.machineModels}?${new URLSearchParams({ category: model.category }).toString()}`}
                  className="text-accent-strong underline-offset-2 hover:underline"
                >
                  {model.category}
                </Link>
              ) : null,
            },
            { term: 'Máquinas', description: modelMachinesCount(model.machineCount) },
            { term: 'Cadastrado em', description: formatDateTime(model.createdAt) },
            { term: 'Última alteração', description: formatDateTime(model.updatedAt) },
          ]}
        />
        {model.description ? (
          <div className="mt-4">
            <h3 className="text-sm text-slate-600">Descrição</h3>
            <p className="mt-0.5 whitespace-pre-line break-words text-sm text-slate-900">{model.description}</p>
          </div>
        ) : null}
      </DetailSection>
      <ModelServices model={model} />
      <ModelMachines model={model} />
      <DeleteMachineModelDialog
        model={deleting ? model : null}
        onOpenChange={setDeleting}
        onDeleted={() => navigate(portalPaths.machineModels, { replace: true })}
      />
    </section>
  );
}

export default function MachineModelDetailScreen() {
  const { id = '' } = useParams();
  const query = useGetMachineModelQuery(id, { refetchOnMountOrArgChange: 30 });
  useBreadcrumbTitle(query.data?.name);
  return (
    <DetailPage query={query} {...MACHINE_MODEL_NOT_FOUND}>
      {(model: MachineModel) => <ModelView model={model} />}
    </DetailPage>
  );
}
