import { Link } from 'react-router-dom';
import { machineModelListQuery, modelMachinesCount, protocolLabel, type MachineModel } from '@/contracts/machine-model';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import type { Column } from '@/components/ui/data-table';
import { ListBlock } from '@/components/ui/list-block';
import { CloseIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { useListScreen } from '@/components/ui/use-list-screen';
import { portalPaths } from '@/config/paths';
import { machineModelsApi } from '../api';
import { DeleteMachineModelDialog } from '../components/delete-machine-model-dialog';

/** "IHM web (HTTPS, 443)": what a service is, in one line. */
function serviceSummary(service: MachineModel['services'][number]): string {
  return `${service.name} (${protocolLabel(service.protocol)}, ${service.port})`;
}

const COLUMNS: Column<MachineModel>[] = [
  { id: 'name', header: 'Nome', sortKey: 'name', primary: true, cell: (model) => model.name },
  { id: 'manufacturer', header: 'Fabricante', sortKey: 'manufacturer', cell: (model) => model.manufacturer || '—' },
  { id: 'category', header: 'Categoria', sortKey: 'category', cell: (model) => model.category || '—' },
  {
    id: 'services',
    header: 'Serviços',
    hideOnMobile: true,
    cell: (model) =>
      model.services.length === 0 ? (
        '—'
      ) : (
        <span className="flex flex-wrap gap-1">
          {model.services.map((service) => (
            <Badge key={`${service.port}-${service.name}`} title={serviceSummary(service)}>
              {service.name} · {service.port}
            </Badge>
          ))}
        </span>
      ),
  },
  {
    id: 'machines',
    header: 'Máquinas',
    className: 'text-right tabular-nums',
    cell: (model) => model.machineCount,
  },
];

const countLabel = (total: number) => (total === 1 ? '1 modelo' : `${total} modelos`);

export default function MachineModelsListScreen() {
  const { list, query, table, rowActions, toDelete, onDeleteOpenChange } = useListScreen(
    machineModelListQuery,
    machineModelsApi.endpoints.listMachineModels,
  );
  const newButton = (
    <Link to={portalPaths.machineModelNew} className={buttonClasses('primary')}>
      Novo modelo
    </Link>
  );
  const category = query.filters.category;

  return (
    <section>
      <PageHeader
        title="Modelos de Máquinas"
        subtitle="Os tipos de máquina que você fabrica e os serviços que cada uma oferece."
        actions={newButton}
      />
      <ListBlock
        list={list}
        table={table}
        search={{ label: 'Buscar modelos', placeholder: 'Nome, fabricante ou categoria' }}
        filters={
          category ? (
            <Button variant="secondary" onClick={() => list.setFilter('category', null)}>
              Categoria: {category}
              <span className="sr-only">(remover filtro)</span>
              <CloseIcon width={14} height={14} aria-hidden="true" />
            </Button>
          ) : null
        }
        caption="Modelos de Máquinas"
        columns={COLUMNS}
        getRowId={(model) => model.id}
        rowHref={(model) => portalPaths.machineModel(model.id)}
        rowLabel={(model) => model.name}
        emptyState={{
          title: 'Nenhum modelo cadastrado',
          description: 'Cadastre seus modelos com os serviços padrão (IHM, CLP, VNC): cada máquina nova já vem com eles.',
          action: newButton,
        }}
        countLabel={countLabel}
        rowActions={(model) =>
          rowActions(model, {
            view: portalPaths.machineModel(model.id),
            edit: portalPaths.machineModelEdit(model.id),
            remove: { description: model.machineCount > 0 ? modelMachinesCount(model.machineCount) : undefined },
          })
        }
      />
      <DeleteMachineModelDialog model={toDelete} onOpenChange={onDeleteOpenChange} />
    </section>
  );
}
