import { Link } from 'react-router-dom';
import { customerListQuery, machinesCount, type Customer } from '@/contracts/customer';
import { formatCnpj } from '@/contracts/validators/cnpj';
import { maskPhone, UFS } from '@/contracts/validators/fields';
import { buttonClasses } from '@/components/ui/button';
import type { Column } from '@/components/ui/data-table';
import { ListBlock } from '@/components/ui/list-block';
import { PageHeader } from '@/components/ui/page-header';
import { SimpleSelect } from '@/components/ui/select';
import { filterSelectProps } from '@/components/ui/list-table';
import { useListScreen } from '@/components/ui/use-list-screen';
import { portalPaths } from '@/config/paths';
import { customersApi } from '../api';
import { DeleteCustomerDialog } from '../components/delete-customer-dialog';

const ALL_UFS = [{ value: '', label: 'Todas as UFs' }, ...UFS.map((uf) => ({ value: uf, label: uf }))];

const COLUMNS: Column<Customer>[] = [
  { id: 'name', header: 'Razão social', sortKey: 'name', primary: true, cell: (customer) => customer.name },
  { id: 'tradeName', header: 'Nome fantasia', sortKey: 'tradeName', cell: (customer) => customer.tradeName || '—' },
  {
    id: 'cnpj',
    header: 'CNPJ',
    cell: (customer) => <span className="whitespace-nowrap font-mono text-[13px]">{formatCnpj(customer.cnpj)}</span>,
  },
  {
    id: 'city',
    header: 'Cidade',
    sortKey: 'city',
    cell: (customer) => (customer.city ? `${customer.city}${customer.uf ? ` / ${customer.uf}` : ''}` : customer.uf || '—'),
  },
  {
    id: 'phone',
    header: 'Telefone',
    hideOnMobile: true,
    cell: (customer) => <span className="whitespace-nowrap">{customer.phone ? maskPhone(customer.phone) : '—'}</span>,
  },
  {
    id: 'machines',
    header: 'Máquinas',
    className: 'text-right tabular-nums',
    cell: (customer) => customer.machineCount,
  },
];

const countLabel = (total: number) => (total === 1 ? '1 cliente' : `${total} clientes`);

export default function CustomersListScreen() {
  const { list, table, rowActions, toDelete, onDeleteOpenChange } = useListScreen(
    customerListQuery,
    customersApi.endpoints.listCustomers,
  );
  const newButton = (
    <Link to={portalPaths.customerNew} className={buttonClasses('primary')}>
      Novo cliente
    </Link>
  );

  return (
    <section>
      <PageHeader title="Clientes" subtitle="As fábricas onde suas máquinas estão instaladas." actions={newButton} />
      <ListBlock
        list={list}
        table={table}
        search={{ label: 'Buscar clientes', placeholder: 'Razão social, nome fantasia, CNPJ ou cidade' }}
        filters={<SimpleSelect aria-label="Filtrar por UF" className="sm:w-44" {...filterSelectProps(list, 'uf')} options={ALL_UFS} />}
        caption="Clientes"
        columns={COLUMNS}
        getRowId={(customer) => customer.id}
        rowHref={(customer) => portalPaths.customer(customer.id)}
        rowLabel={(customer) => customer.name}
        emptyState={{
          title: 'Nenhum cliente cadastrado',
          description: 'Cadastre as fábricas dos seus clientes para organizar as máquinas por cliente.',
          action: newButton,
        }}
        countLabel={countLabel}
        rowActions={(customer) =>
          rowActions(customer, {
            view: portalPaths.customer(customer.id),
            edit: portalPaths.customerEdit(customer.id),
            remove: { description: customer.machineCount > 0 ? machinesCount(customer.machineCount) : undefined },
          })
        }
      />
      <DeleteCustomerDialog customer={toDelete} onOpenChange={onDeleteOpenChange} />
    </section>
  );
}
