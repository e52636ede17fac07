import type { PaymentMethod } from '@/contracts/payment-method';
import { resourceEditScreen } from '@/components/ui/resource-form-screens';
import { backofficePaths } from '@/config/paths';
import { useGetPaymentMethodQuery, useLazyGetPaymentMethodQuery, useUpdatePaymentMethodMutation } from '../api';
import { methodToForm, PaymentMethodForm } from '../components/method-form';

const PaymentMethodEditScreen = resourceEditScreen({
  Form: PaymentMethodForm,
  useGet: useGetPaymentMethodQuery,
  useLazyGet: useLazyGetPaymentMethodQuery,
  useUpdate: useUpdatePaymentMethodMutation,
  toForm: methodToForm,
  // The method's current platform stays selectable even while disabled.
  useFormProps: (method: PaymentMethod) => ({ currentPlatformId: method.platformId }),
  name: (method: PaymentMethod) => method.name,
  title: 'Editar método',
  notFound: {
    notFoundTitle: 'Método de pagamento não encontrado',
    notFoundDescription: 'Ele pode ter sido excluído, ou o endereço está incorreto.',
    backTo: { href: backofficePaths.paymentMethods, label: 'Voltar para Métodos de Pagamento' },
  },
  recordPath: backofficePaths.paymentMethod,
});
export default PaymentMethodEditScreen;
