import { useCallback } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { PaymentPlatform, PaymentPlatformUpdateInput } from '@/contracts/payment-platform';
import { DetailPage } from '@/components/ui/detail-page';
import { FormPage } from '@/components/ui/form-page';
import { useBreadcrumbTitle } from '@/components/ui/page-title';
import { toast } from '@/components/ui/toast';
import { backofficePaths } from '@/config/paths';
import { useGetPaymentPlatformQuery, useLazyGetPaymentPlatformQuery, useUpdatePaymentPlatformMutation } from '../api';
import { PaymentPlatformForm, platformToForm } from '../components/platform-form';

function EditForm({ platform }: { platform: PaymentPlatform }) {
  const navigate = useNavigate();
  const [updatePlatform] = useUpdatePaymentPlatformMutation();
  const [fetchLatest] = useLazyGetPaymentPlatformQuery();

  const saved = useCallback(
    (result: PaymentPlatform) => {
      toast.success('Alterações salvas.');
      navigate(backofficePaths.paymentPlatform(result.id), { replace: true });
    },
    [navigate],
  );

  return (
    <PaymentPlatformForm
      key={platform.id}
      defaultValues={platformToForm(platform)}
      storedSecretKeyLast4={platform.secretKeyLast4}
      onSubmit={(input: PaymentPlatformUpdateInput) =>
        updatePlatform({ id: platform.id, version: platform.version, input }).unwrap()
      }
      onSaved={saved}
      onCancel={() => navigate(backofficePaths.paymentPlatform(platform.id))}
      onReloadLatest={() => fetchLatest(platform.id).unwrap()}
    />
  );
}

export default function PaymentPlatformEditScreen() {
  const { id = '' } = useParams();
  const query = useGetPaymentPlatformQuery(id);
  useBreadcrumbTitle(query.data ? `Editar ${query.data.name}` : undefined);
  return (
    <DetailPage
      query={query}
      notFoundTitle="Plataforma não encontrada"
      notFoundDescription="Ela pode ter sido excluída, ou o endereço está incorreto."
      backTo={{ href: backofficePaths.paymentPlatforms, label: 'Voltar para Plat. de Pagamento' }}
    >
      {(platform: PaymentPlatform) => (
        <FormPage title="Editar plataforma" subtitle={platform.name}>
          <EditForm platform={platform} />
        </FormPage>
      )}
    </DetailPage>
  );
}
