import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Customer } from '@/contracts/customer';
import { FormPage } from '@/components/ui/form-page';
import { toast } from '@/components/ui/toast';
import { portalPaths } from '@/config/paths';
import { useCreateSubmit } from '@/lib/api/idempotency';
import { useCreateCustomerMutation } from '../api';
import { CustomerForm, EMPTY_CUSTOMER } from '../components/customer-form';

export default function CustomerNewScreen() {
  const navigate = useNavigate();
  const [createCustomer] = useCreateCustomerMutation();
  const submit = useCreateSubmit(createCustomer);

  const saved = useCallback(
    (customer: Customer) => {
      toast.success('Cliente cadastrado.');
      navigate(portalPaths.customer(customer.id), { replace: true });
    },
    [navigate],
  );

  return (
    <FormPage title="Novo cliente" subtitle="A fábrica onde suas máquinas estão instaladas.">
      <CustomerForm
        defaultValues={EMPTY_CUSTOMER}
        onSubmit={submit}
        onSaved={saved}
        onCancel={() => navigate(portalPaths.customers)}
      />
    </FormPage>
  );
}
