import { useCallback } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { Customer, CustomerInput } from '@/contracts/customer';
import { DetailPage } from '@/components/ui/detail-page';
import { FormPage } from '@/components/ui/form-page';
import { useBreadcrumbTitle } from '@/components/ui/page-title';
import { toast } from '@/components/ui/toast';
import { portalPaths } from '@/config/paths';
import { useAccess } from '@/entities/access/api';
import { useGetCustomerQuery, useLazyGetCustomerQuery, useUpdateCustomerMutation } from '../api';
import { CustomerForm, customerToForm } from '../components/customer-form';

function EditForm({ customer }: { customer: Customer }) {
  const navigate = useNavigate();
  const [updateCustomer] = useUpdateCustomerMutation();
  const [fetchLatest] = useLazyGetCustomerQuery();
  // Only an Administrador changes the factory approval (a role still loading: editable, the API refuses anyway).
  const role = useAccess().data?.role;

  const saved = useCallback(
    (result: Customer) => {
      toast.success('Alterações salvas.');
      navigate(portalPaths.customer(result.id), { replace: true });
    },
    [navigate],
  );

  return (
    <CustomerForm
      // The version the form was loaded with travels with every save; a newer one on the server is a 409.
      key={customer.id}
      defaultValues={customerToForm(customer)}
      onSubmit={(input: CustomerInput) => updateCustomer({ id: customer.id, version: customer.version, input }).unwrap()}
      onSaved={saved}
      onCancel={() => navigate(portalPaths.customer(customer.id))}
      approvalLocked={role !== undefined && role !== 'administrador'}
      onReloadLatest={() => fetchLatest(customer.id).unwrap()}
    />
  );
}

export default function CustomerEditScreen() {
  const { id = '' } = useParams();
  const query = useGetCustomerQuery(id);
  useBreadcrumbTitle(query.data ? `Editar ${query.data.name}` : undefined);
  return (
    <DetailPage
      query={query}
      notFoundTitle="Cliente não encontrado"
      notFoundDescription="Ele pode ter sido excluído, ou o endereço está incorreto."
      backTo={{ href: portalPaths.customers, label: 'Voltar para Clientes' }}
    >
      {(customer: Customer) => (
        <FormPage title="Editar cliente" subtitle={customer.name}>
          <EditForm customer={customer} />
        </FormPage>
      )}
    </DetailPage>
  );
}
