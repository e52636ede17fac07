import { useCallback, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { PaymentMethod } from '@/contracts/payment-method';
import { FormPage } from '@/components/ui/form-page';
import { usePageTitle } from '@/components/ui/page-title';
import { toast } from '@/components/ui/toast';
import { backofficePaths } from '@/config/paths';
import { useCreateSubmit } from '@/lib/api/idempotency';
import { useCreatePaymentMethodMutation } from '../api';
import { EMPTY_METHOD, PaymentMethodForm } from '../components/method-form';

/** `?platform=<id>` (from a platform's page) starts with that platform chosen. */
export default function PaymentMethodNewScreen() {
  const navigate = useNavigate();
  const title = usePageTitle() || 'Novo método';
  const [params] = useSearchParams();
  const [createMethod] = useCreatePaymentMethodMutation();
  const submit = useCreateSubmit(createMethod);
  const [defaultValues] = useState(() => ({ ...EMPTY_METHOD, platformId: params.get('platform')?.slice(0, 64) ?? '' }));

  const saved = useCallback(
    (method: PaymentMethod) => {
      toast.success('Método de pagamento cadastrado.');
      navigate(backofficePaths.paymentMethod(method.id), { replace: true });
    },
    [navigate],
  );

  return (
    <FormPage title={title} subtitle="Uma forma de pagamento do checkout, cobrada por uma plataforma ativa.">
      <PaymentMethodForm
        defaultValues={defaultValues}
        onSubmit={submit}
        onSaved={saved}
        onCancel={() => navigate(backofficePaths.paymentMethods)}
      />
    </FormPage>
  );
}
