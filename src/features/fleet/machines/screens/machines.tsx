import { Link } from 'react-router-dom';
import { machineListQuery, type Machine, type MachineSortKey } from '@/contracts/machine';
import { buttonClasses } from '@/components/ui/button';
import type { Column } from '@/components/ui/data-table';
import { ListBlock } from '@/components/ui/list-block';
import { PageHeader } from '@/components/ui/page-header';
import { SimpleSelect, type SelectOption } from '@/components/ui/select';
import { filterSelectProps } from '@/components/ui/list-table';
import { useListScreen } from '@/components/ui/use-list-screen';
import { portalPaths } from '@/config/paths';
import { machinesApi, useListMachineCustomerOptionsQuery, useListMachineModelOptionsQuery } from '../api';
import { DeleteMachineDialog } from '../components/delete-machine-dialog';
import { DeviceStatusBadge } from '../components/device-status-badge';

const COLUMNS: Column<Machine, MachineSortKey>[] = [
  { id: 'name', header: 'Nome', sortKey: 'name', primary: true, cell: (machine) => machine.name },
  {
    id: 'serialNumber',
    header: 'Número de série',
    sortKey: 'serialNumber',
    mobileLabel: 'Série',
    cell: (machine) => <span className="whitespace-nowrap font-mono text-[13px]">{machine.serialNumber || '—'}</span>,
  },
  { id: 'model', header: 'Modelo', sortKey: 'modelName', cell: (machine) => machine.modelName || '—' },
  { id: 'customer', header: 'Cliente', sortKey: 'customerName', cell: (machine) => machine.customerName ?? 'Em estoque' },
  { id: 'site', header: 'Local', sortKey: 'site', hideOnMobile: true, cell: (machine) => machine.site || '—' },
  {
    id: 'device',
    header: 'Dispositivo',
    cell: (machine) => (machine.device ? <DeviceStatusBadge status={machine.device.status} /> : <span className="text-slate-500">Sem dispositivo</span>),
  },
];

const countLabel = (total: number) => (total === 1 ? '1 máquina' : `${total} máquinas`);

/** The filter's options; an id from a link that is not among the first 100 still shows as chosen. */
function filterOptions(all: string, records: ReadonlyArray<{ id: string; name: string }> | undefined, chosen: string | undefined) {
  const options: SelectOption[] = [{ value: '', label: all }, ...(records ?? []).map((r) => ({ value: r.id, label: r.name }))];
  if (chosen && !options.some((option) => option.value === chosen)) options.push({ value: chosen, label: 'Selecionado pelo link' });
  return options;
}

export default function MachinesListScreen() {
  const { list, query, table, rowActions, toDelete, onDeleteOpenChange } = useListScreen(
    machineListQuery,
    machinesApi.endpoints.listMachines,
  );
  const customers = useListMachineCustomerOptionsQuery('');
  const models = useListMachineModelOptionsQuery('');
  const newButton = (
    <Link to={portalPaths.machineNew} className={buttonClasses('primary')}>
      Nova máquina
    </Link>
  );

  return (
    <section>
      <PageHeader title="Máquinas" subtitle="Os equipamentos que você entregou e acessa pela VPN." actions={newButton} />
      <ListBlock
        list={list}
        table={table}
        toolbarClassName="mb-4 flex flex-col gap-3 lg:flex-row lg:items-end"
        search={{ label: 'Buscar máquinas', placeholder: 'Nome, número de série ou local', className: 'lg:max-w-md lg:flex-1' }}
        filters={
          <>
            <SimpleSelect
              aria-label="Filtrar por cliente"
              className="lg:w-64"
              {...filterSelectProps(list, 'customer')}
              options={filterOptions('Todos os clientes', customers.data?.data, query.filters.customer)}
            />
            <SimpleSelect
              aria-label="Filtrar por modelo"
              className="lg:w-56"
              {...filterSelectProps(list, 'model')}
              options={filterOptions('Todos os modelos', models.data?.data, query.filters.model)}
            />
          </>
        }
        caption="Máquinas"
        columns={COLUMNS}
        getRowId={(machine) => machine.id}
        rowHref={(machine) => portalPaths.machine(machine.id)}
        rowLabel={(machine) => machine.name}
        emptyState={{
          title: 'Nenhuma máquina cadastrada',
          description: 'Cadastre as máquinas que você entrega aos clientes para acessá-las remotamente pela VPN.',
          action: newButton,
        }}
        countLabel={countLabel}
        rowActions={(machine) =>
          rowActions(machine, { view: portalPaths.machine(machine.id), edit: portalPaths.machineEdit(machine.id), remove: true })
        }
      />
      <DeleteMachineDialog machine={toDelete} onOpenChange={onDeleteOpenChange} />
    </section>
  );
}
