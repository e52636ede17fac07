import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PaymentPlatform } from '@/contracts/payment-platform';
import { FormPage } from '@/components/ui/form-page';
import { usePageTitle } from '@/components/ui/page-title';
import { toast } from '@/components/ui/toast';
import { backofficePaths } from '@/config/paths';
import { useCreateSubmit } from '@/lib/api/idempotency';
import { useCreatePaymentPlatformMutation } from '../api';
import { EMPTY_PLATFORM, PaymentPlatformForm } from '../components/platform-form';

export default function PaymentPlatformNewScreen() {
  const navigate = useNavigate();
  const title = usePageTitle() || 'Nova plataforma';
  const [createPlatform] = useCreatePaymentPlatformMutation();
  const submit = useCreateSubmit(createPlatform);

  // The create form validates with the create schema: the secret key is there.

  const saved = useCallback(
    (platform: PaymentPlatform) => {
      toast.success('Plataforma cadastrada.');
      navigate(backofficePaths.paymentPlatform(platform.id), { replace: true });
    },
    [navigate],
  );

  return (
    <FormPage title={title} subtitle="A conta no provedor de pagamentos. A chave secreta nunca é exibida depois de salva.">
      <PaymentPlatformForm
        defaultValues={EMPTY_PLATFORM}
        onSubmit={submit}
        onSaved={saved}
        onCancel={() => navigate(backofficePaths.paymentPlatforms)}
      />
    </FormPage>
  );
}
