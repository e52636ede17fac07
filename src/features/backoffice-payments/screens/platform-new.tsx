import { resourceNewScreen } from '@/components/ui/resource-form-screens';
import { backofficePaths } from '@/config/paths';
import { useCreatePaymentPlatformMutation } from '../api';
import { EMPTY_PLATFORM, PaymentPlatformForm } from '../components/platform-form';

// The create form validates with the create schema: the secret key is there.
const PaymentPlatformNewScreen = resourceNewScreen({
  Form: PaymentPlatformForm,
  useCreate: useCreatePaymentPlatformMutation,
  defaultValues: () => EMPTY_PLATFORM,
  title: (pageTitle) => pageTitle || 'Nova plataforma',
  subtitle: 'A conta no provedor de pagamentos. A chave secreta nunca é exibida depois de salva.',
  savedToast: 'Plataforma cadastrada.',
  recordPath: backofficePaths.paymentPlatform,
  listPath: backofficePaths.paymentPlatforms,
});
export default PaymentPlatformNewScreen;
