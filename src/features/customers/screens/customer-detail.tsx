import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { machinesCount, type Customer } from '@/contracts/customer';
import { formatCnpj } from '@/contracts/validators/cnpj';
import { maskPhone } from '@/contracts/validators/fields';
import { Button, buttonClasses } from '@/components/ui/button';
import { DescriptionList, DetailPage, DetailSection } from '@/components/ui/detail-page';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { isEmptyPage, Panel, PanelRowsSkeleton } from '@/components/ui/panel';
import { useBreadcrumbTitle } from '@/components/ui/page-title';
import { portalPaths } from '@/config/paths';
import { formatDateTime } from '@/lib/dates';
import { useListCustomerMachinesQuery } from '@/entities/machines/customer-machines-api';
import { useGetCustomerQuery } from '../api';
import { DeleteCustomerDialog } from '../components/delete-customer-dialog';

/** Histórico filtered to the changes of the customers' factory approval (who, when, which customer). */
const FACTORY_APPROVAL_HISTORY = `${portalPaths.remoteAccess}?tab=historico&kind=factory-approval-changed`;

const MACHINES_SHOWN = 20;

function CustomerMachines({ customer }: { customer: Customer }) {
  const machines = useListCustomerMachinesQuery({ customerId: customer.id, perPage: MACHINES_SHOWN });
  const total = machines.data?.meta.total ?? 0;
  const allMachines = `${portalPaths.machines}?customer=${encodeURIComponent(customer.id)}`;
  return (
    <Panel
      title="Máquinas"
      variant="detail"
      query={machines}
      actions={
        total > MACHINES_SHOWN ? (
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
            title="Nenhuma máquina instalada neste cliente"
            description="Ao cadastrar uma máquina, escolha este cliente: ela aparecerá aqui."
          />
        ),
      }}
    >
      {(page) => (
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
          {page.data.map((machine) => (
            <li key={machine.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3 text-sm">
              <span className="font-medium text-slate-900">{machine.name}</span>
              <span className="text-slate-600">
                {[machine.modelName, machine.serialNumber && `Série ${machine.serialNumber}`, machine.site]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function CustomerView({ customer }: { customer: Customer }) {
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  return (
    <section className="max-w-4xl space-y-6">
      <PageHeader
        title={customer.name}
        subtitle={customer.tradeName || undefined}
        actions={
          <>
            <Link to={portalPaths.customerEdit(customer.id)} className={buttonClasses('secondary')}>
              Editar
            </Link>
            <Button variant="danger" onClick={() => setDeleting(true)}>
              Excluir
            </Button>
          </>
        }
      />
      <DetailSection title="Dados do cliente">
        <DescriptionList
          items={[
            { term: 'Razão social', description: customer.name },
            { term: 'Nome fantasia', description: customer.tradeName || '—' },
            { term: 'CNPJ', description: formatCnpj(customer.cnpj) },
            {
              term: 'E-mail',
              description: customer.email ? (
                <a className="text-accent-strong underline-offset-2 hover:underline" href={`mailto:${customer.email}`}>
                  {customer.email}
                </a>
              ) : (
                '—'
              ),
            },
            { term: 'Telefone', description: customer.phone ? maskPhone(customer.phone) : '—' },
            { term: 'Cidade / UF', description: [customer.city, customer.uf].filter(Boolean).join(' / ') || '—' },
            {
              term: 'Aprovação da fábrica',
              description: (
                <>
                  <span className="block">
                    {customer.requireFactoryApproval
                      ? 'Exigida: cada acesso remoto espera a fábrica autorizar pelo link enviado ao e-mail do cliente.'
                      : 'Não exigida'}
                  </span>
                  {/* Who changed it and when: Histórico's "Aprovação da fábrica alterada" (issue 35). */}
                  <Link className="text-accent-strong underline-offset-2 hover:underline" to={FACTORY_APPROVAL_HISTORY}>
                    Ver alterações no Histórico
                  </Link>
                </>
              ),
            },
            { term: 'Máquinas', description: machinesCount(customer.machineCount) },
            { term: 'Cadastrado em', description: formatDateTime(customer.createdAt) },
            { term: 'Última alteração', description: formatDateTime(customer.updatedAt) },
          ]}
        />
      </DetailSection>
      <CustomerMachines customer={customer} />
      <DeleteCustomerDialog
        customer={deleting ? customer : null}
        onOpenChange={setDeleting}
        onDeleted={() => navigate(portalPaths.customers, { replace: true })}
      />
    </section>
  );
}

export default function CustomerDetailScreen() {
  const { id = '' } = useParams();
  const query = useGetCustomerQuery(id, { refetchOnMountOrArgChange: 30 });
  useBreadcrumbTitle(query.data?.name);
  return (
    <DetailPage
      query={query}
      notFoundTitle="Cliente não encontrado"
      notFoundDescription="Ele pode ter sido excluído, ou o endereço está incorreto."
      backTo={{ href: portalPaths.customers, label: 'Voltar para Clientes' }}
    >
      {(customer: Customer) => <CustomerView customer={customer} />}
    </DetailPage>
  );
}
