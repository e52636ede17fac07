import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { usePageTitle } from '@/components/ui/page-title';
import { useCurrentUser } from '@/features/auth/hooks';
import { CheckoutFlow } from './checkout-flow';
import { CheckoutResult } from './checkout-result';

/**
 * Checkout (`/orders/checkout`): the catalog, the delivery address, the payment and the review in four steps
 * (`?etapa=`), then the result of the order placed (`?pedido=<id>`). It composes the orders, addresses and
 * payment options, so it lives in the app layer; its logic (cart, key, price, checks) is in
 * `features/orders/checkout/`.
 */
export default function CheckoutScreen() {
  const title = usePageTitle();
  const user = useCurrentUser();
  const [params] = useSearchParams();
  const orderId = params.get('pedido');
  return (
    <section className="max-w-6xl">
      <PageHeader
        title={title}
        subtitle={orderId ? undefined : 'Escolha os produtos, o endereço de entrega e a forma de pagamento; revise e finalize.'}
      />
      {orderId ? (
        <CheckoutResult key={orderId} orderId={orderId} fromOtherTab={params.get('origem') === 'outra-aba'} />
      ) : (
        <CheckoutFlow key={user.uid} owner={user.uid} />
      )}
    </section>
  );
}
