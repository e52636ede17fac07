import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { usePageTitle } from '@/components/ui/page-title';
import { useCurrentUser } from '@/features/auth/hooks';
import { CheckoutFlow } from '@/features/orders/checkout/checkout-flow';
import { CheckoutResult } from '@/features/orders/checkout/checkout-result';

/**
 * Checkout (`/orders/checkout`): the catalog, the delivery address, the payment and the review in four steps
 * (`?etapa=`), then the result of the order placed (`?pedido=<id>`). The route module only: it hands the signed-in
 * user (features/auth) down to the checkout, whose views and logic (cart, key, price, checks) are in
 * `features/orders/checkout/` over the addresses and payment options of `entities/`.
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
