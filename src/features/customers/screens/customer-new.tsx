import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Customer, CustomerInput } from '@/contracts/customer';
import { PageHeader } from '@/components/ui/page-header';
import { toast } from '@/components/ui/toast';
import { portalPaths } from '@/config/paths';
import { apiErrorStatus } from '@/lib/api/errors';
import { newIdempotencyKey } from '@/lib/api/idempotency';
import { useCreateCustomerMutation } from '../api';
import { CustomerForm, EMPTY_CUSTOMER } from '../components/customer-form';

export default function CustomerNewScreen() {
  const navigate = useNavigate();
  const [createCustomer] = useCreateCustomerMutation();
  // One key per submission: a retry after a timeout or a 5xx replays it (never two customers); an answer the
  // server gave (400, 409) ends that submission, so the corrected one gets a new key.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);

  const submit = async (input: CustomerInput): Promise<Customer> => {
    try {
      return await createCustomer({ input, idempotencyKey }).unwrap();
    } catch (error) {
      const status = apiErrorStatus(error);
      if (status !== null && status >= 400 && status < 500) setIdempotencyKey(newIdempotencyKey());
      throw error;
    }
  };

  const saved = useCallback(
    (customer: Customer) => {
      toast.success('Cliente cadastrado.');
      navigate(portalPaths.customer(customer.id), { replace: true });
    },
    [navigate],
  );

  return (
    <section className="max-w-3xl">
      <PageHeader title="Novo cliente" subtitle="A fábrica onde suas máquinas estão instaladas." />
      <div className="rounded-lg border border-slate-200 bg-white p-5 sm:p-6">
        <CustomerForm
          defaultValues={EMPTY_CUSTOMER}
          onSubmit={submit}
          onSaved={saved}
          onCancel={() => navigate(portalPaths.customers)}
        />
      </div>
    </section>
  );
}
