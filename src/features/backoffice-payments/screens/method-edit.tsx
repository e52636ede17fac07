import { useCallback } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { PaymentMethod, PaymentMethodInput } from '@/contracts/payment-method';
import { DetailPage } from '@/components/ui/detail-page';
import { FormPage } from '@/components/ui/form-page';
import { useBreadcrumbTitle } from '@/components/ui/page-title';
import { toast } from '@/components/ui/toast';
import { backofficePaths } from '@/config/paths';
import { useGetPaymentMethodQuery, useLazyGetPaymentMethodQuery, useUpdatePaymentMethodMutation } from '../api';
import { methodToForm, PaymentMethodForm } from '../components/method-form';

function EditForm({ method }: { method: PaymentMethod }) {
  const navigate = useNavigate();
  const [updateMethod] = useUpdatePaymentMethodMutation();
  const [fetchLatest] = useLazyGetPaymentMethodQuery();

  const saved = useCallback(
    (result: PaymentMethod) => {
      toast.success('Alterações salvas.');
      navigate(backofficePaths.paymentMethod(result.id), { replace: true });
    },
    [navigate],
  );

  return (
    <PaymentMethodForm
      key={method.id}
      defaultValues={methodToForm(method)}
      currentPlatformId={method.platformId}
      onSubmit={(input: PaymentMethodInput) => updateMethod({ id: method.id, version: method.version, input }).unwrap()}
      onSaved={saved}
      onCancel={() => navigate(backofficePaths.paymentMethod(method.id))}
      onReloadLatest={() => fetchLatest(method.id).unwrap()}
    />
  );
}

export default function PaymentMethodEditScreen() {
  const { id = '' } = useParams();
  const query = useGetPaymentMethodQuery(id);
  useBreadcrumbTitle(query.data ? `Editar ${query.data.name}` : undefined);
  return (
    <DetailPage
      query={query}
      notFoundTitle="Método de pagamento não encontrado"
      notFoundDescription="Ele pode ter sido excluído, ou o endereço está incorreto."
      backTo={{ href: backofficePaths.paymentMethods, label: 'Voltar para Métodos de Pagamento' }}
    >
      {(method: PaymentMethod) => (
        <FormPage title="Editar método" subtitle={method.name}>
          <EditForm method={method} />
        </FormPage>
      )}
    </DetailPage>
  );
}
