/**
 * A product staff deactivate in "Catálogo" while a customer's cart holds it: "Finalizar pedido" answers 409, the
 * checkout reads the catalog again, takes the product out of the cart (naming it) and goes back to "Itens" — as
 * a payment method disabled meanwhile does.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createAppStore } from '@/app/store';
import CheckoutScreen from '@/app/areas/portal/screens/checkout/checkout-screen';
import { DEMO_CUSTOMER_UID } from '@/seed';
import { setTokenProvider } from '@/lib/api/token';
import { callAsStaff } from '@/testing/backoffice-data';
import { storedOrderCount } from '@/testing/orders-data';
import { renderRoutes } from '@/testing/render';
import { makeTestToken } from '@/testing/test-token';

const USER = { uid: DEMO_CUSTOMER_UID, email: 'cliente@example.com', name: 'Maria Oliveira Santos', cnpj: '', admin: false };

function renderCheckout() {
  const store = createAppStore();
  store.dispatch({ type: 'auth/setUser', payload: USER });
  return renderRoutes(
    [
      { path: '/orders/checkout', element: <CheckoutScreen /> },
      { path: '/orders/:id', element: <p>Página do pedido</p> },
    ],
    { path: '/orders/checkout', store },
  );
}

const heading = (name: string) => screen.findByRole('heading', { name, level: 2 });
const continueButton = () => screen.getByRole('button', { name: 'Continuar' });

async function callAddProduct(user: UserEvent, name: string, count: number) {
  await user.click(await screen.findByRole('button', { name: `Adicionar ${name}` }));
  const field = screen.getByLabelText(`Quantidade de ${name}`);
  await waitFor(() => expect(field).toHaveFocus());
  await user.clear(field);
  await user.type(field, String(count));
}

configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  setTokenProvider(async () => makeTestToken({ uid: DEMO_CUSTOMER_UID, email: USER.email }));
});

describe('Checkout with a product deactivated in the back office', { timeout: 40_000 }, () => {
  it('the review answers 409: the catalog is read again, the product leaves the cart, named, and the order can be placed', async () => {
    const user = userEvent.setup();
    renderCheckout();
    expect(await heading('Itens')).toBeVisible();
    await callAddProduct(user, 'Gateway Ponte G1 4G', 5);
    await callAddProduct(user, 'Gateway Ponte G1 Wi-Fi', 2);
    await user.click(continueButton());
    expect(await heading('Entrega')).toHaveFocus();
    await user.click(continueButton());
    expect(await heading('Pagamento')).toHaveFocus();
    await user.click(screen.getByRole('radio', { name: /^Pix/ }));
    await user.click(continueButton());
    expect(await heading('Revisão')).toHaveFocus();

    // Staff deactivate the Wi-Fi gateway meanwhile ("Catálogo" → Desativar).
    await callAsStaff('/backoffice/product/product-g1-wifi/deactivate', { method: 'POST' });
    const before = await storedOrderCount();
    await user.click(screen.getByRole('button', { name: 'Finalizar pedido' }));

    expect(await heading('Itens')).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Este produto não está mais à venda. Retirado do carrinho: Gateway Ponte G1 Wi-Fi.',
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Adicionar Gateway Ponte G1 Wi-Fi' })).toBeNull());
    expect(screen.queryByLabelText('Quantidade de Gateway Ponte G1 Wi-Fi')).toBeNull();
    expect(screen.getByLabelText('Quantidade de Gateway Ponte G1 4G')).toHaveValue('5');
    expect(await storedOrderCount()).toBe(before);

    // What is left goes through: the same address and method, a new review.
    await user.click(continueButton());
    await heading('Entrega');
    await user.click(continueButton());
    await heading('Pagamento');
    await user.click(continueButton());
    const review = await heading('Revisão');
    expect(within(review.closest('section') ?? document.body).queryByText(/Wi-Fi/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Finalizar pedido' }));
    await waitFor(async () => expect(await storedOrderCount()).toBe(before + 1));
  });
});
