import { resourceNewScreen } from '@/components/ui/resource-form-screens';
import { backofficePaths } from '@/config/paths';
import { useCreatePaymentMethodMutation } from '../api';
import { EMPTY_METHOD, PaymentMethodForm } from '../components/method-form';

/** `?platform=<id>` (from a platform's page) starts with that platform chosen. */
const PaymentMethodNewScreen = resourceNewScreen({
  Form: PaymentMethodForm,
  useCreate: useCreatePaymentMethodMutation,
  defaultValues: (search) => ({ ...EMPTY_METHOD, platformId: search.get('platform')?.slice(0, 64) ?? '' }),
  title: (pageTitle) => pageTitle || 'Novo método',
  subtitle: 'Uma forma de pagamento do checkout, cobrada por uma plataforma ativa.',
  savedToast: 'Método de pagamento cadastrado.',
  recordPath: backofficePaths.paymentMethod,
  listPath: backofficePaths.paymentMethods,
});
export default PaymentMethodNewScreen;
