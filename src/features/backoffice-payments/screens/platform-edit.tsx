import type { PaymentPlatform } from '@/contracts/payment-platform';
import { resourceEditScreen } from '@/components/ui/resource-form-screens';
import { backofficePaths } from '@/config/paths';
import { useGetPaymentPlatformQuery, useLazyGetPaymentPlatformQuery, useUpdatePaymentPlatformMutation } from '../api';
import { PaymentPlatformForm, platformToForm } from '../components/platform-form';

const PaymentPlatformEditScreen = resourceEditScreen({
  Form: PaymentPlatformForm,
  useGet: useGetPaymentPlatformQuery,
  useLazyGet: useLazyGetPaymentPlatformQuery,
  useUpdate: useUpdatePaymentPlatformMutation,
  toForm: platformToForm,
  // Editing: the secret key may stay blank (the stored one is kept), and the hint names it.
  useFormProps: (platform: PaymentPlatform) => ({ storedSecretKeyLast4: platform.secretKeyLast4 }),
  name: (platform: PaymentPlatform) => platform.name,
  title: 'Editar plataforma',
  notFound: {
    notFoundTitle: 'Plataforma não encontrada',
    notFoundDescription: 'Ela pode ter sido excluída, ou o endereço está incorreto.',
    backTo: { href: backofficePaths.paymentPlatforms, label: 'Voltar para Plat. de Pagamento' },
  },
  recordPath: backofficePaths.paymentPlatform,
});
export default PaymentPlatformEditScreen;
