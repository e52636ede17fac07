import { resourceNewScreen } from '@/components/ui/resource-form-screens';
import { portalPaths } from '@/config/paths';
import { useCreateCustomerMutation } from '../api';
import { CustomerForm, EMPTY_CUSTOMER } from '../components/customer-form';

const CustomerNewScreen = resourceNewScreen({
  Form: CustomerForm,
  useCreate: useCreateCustomerMutation,
  defaultValues: () => EMPTY_CUSTOMER,
  title: 'Novo cliente',
  subtitle: 'A fábrica onde suas máquinas estão instaladas.',
  savedToast: 'Cliente cadastrado.',
  recordPath: portalPaths.customer,
  listPath: portalPaths.customers,
});
export default CustomerNewScreen;
