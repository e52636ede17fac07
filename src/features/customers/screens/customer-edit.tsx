import type { Customer } from '@/contracts/customer';
import { resourceEditScreen } from '@/components/ui/resource-form-screens';
import { portalPaths } from '@/config/paths';
import { useAccess } from '@/entities/access/api';
import { useGetCustomerQuery, useLazyGetCustomerQuery, useUpdateCustomerMutation } from '../api';
import { CustomerForm, customerToForm } from '../components/customer-form';

/** Only an Administrador changes the factory approval (a role still loading: editable, the API refuses anyway). */
function useApprovalLock() {
  const role = useAccess().data?.role;
  return { approvalLocked: role !== undefined && role !== 'administrador' };
}

const CustomerEditScreen = resourceEditScreen({
  Form: CustomerForm,
  useGet: useGetCustomerQuery,
  useLazyGet: useLazyGetCustomerQuery,
  useUpdate: useUpdateCustomerMutation,
  toForm: customerToForm,
  useFormProps: useApprovalLock,
  name: (customer: Customer) => customer.name,
  title: 'Editar cliente',
  notFound: {
    notFoundTitle: 'Cliente não encontrado',
    notFoundDescription: 'Ele pode ter sido excluído, ou o endereço está incorreto.',
    backTo: { href: portalPaths.customers, label: 'Voltar para Clientes' },
  },
  recordPath: portalPaths.customer,
});
export default CustomerEditScreen;
