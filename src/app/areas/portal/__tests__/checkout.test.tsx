import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { createAppStore } from '@/app/store';
import { DEMO_CUSTOMER_UID } from '@/seed';
import { makeTestToken } from '@/testing/test-token';
import { CART_STORAGE_KEY } from '@/features/orders/checkout/cart';
import { apiSettings } from '@/lib/api/base-query';
import { setTokenProvider } from '@/lib/api/token';
import { server, TEST_API_URL, testFaults, testSql } from '@/testing/msw-server';
import { storedOrderCount } from '@/testing/orders-data';
import { renderRoutes } from '@/testing/render';
import { CARD_AGAIN_MESSAGE } from '@/features/orders/checkout/use-checkout-flow';
import CheckoutScreen from '../screens/checkout/checkout-screen';

const USER = { uid: DEMO_CUSTOMER_UID, email: 'cliente@example.com', name: 'Maria Oliveira Santos', cnpj: '', admin: false };
const G1_4G = 'Gateway Ponte G1 4G';

function renderCheckout(path = '/orders/checkout') {
  const store = createAppStore();
  store.dispatch({ type: 'auth/setUser', payload: USER });
  return renderRoutes(
    [
      { path: '/orders/checkout', element: <CheckoutScreen /> },
      { path: '/orders/:id', element: <p>Página do pedido</p> },
    ],
    { path, store },
  );
}

/** The Idempotency-Key of every POST /order sent (the request then goes on to the demo backend). */
function recordOrderKeys(): string[] {
  const keys: string[] = [];
  server.use(
    http.post(`${TEST_API_URL}/order`, ({ request }) => {
      keys.push(request.headers.get('Idempotency-Key') ?? '');
      return undefined;
    }),
  );
  return keys;
}

function storedCart(): { cart: { items: unknown[]; submission: { key: string } | null } } {
  return JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null') as { cart: { items: unknown[]; submission: { key: string } | null } };
}

/** The review stores its key in an effect after it paints: wait for the stored key, not for the heading. */
function storedKey(): Promise<string> {
  return waitFor(() => {
    const stored = storedCart().cart.submission?.key;
    if (!stored) throw new Error('a chave ainda não foi guardada');
    return stored;
  });
}

const heading = (name: string) => screen.findByRole('heading', { name, level: 2 });
const continueButton = () => screen.getByRole('button', { name: 'Continuar' });
const summary = () => screen.getByRole('region', { name: 'Resumo do pedido' });
const quantity = (name: string) => screen.getByLabelText(`Quantidade de ${name}`);

async function addGateways(user: UserEvent, count: number, name = G1_4G) {
  await user.click(await screen.findByRole('button', { name: `Adicionar ${name}` }));
  const field = quantity(name);
  await waitFor(() => expect(field).toHaveFocus());
  await user.clear(field);
  await user.type(field, String(count));
}

/** From the items to the review with `count` gateways, the default address and the method named. */
async function toPayment(user: UserEvent, count = 10) {
  renderCheckout();
  await addGateways(user, count);
  await user.click(continueButton());
  expect(await heading('Entrega')).toHaveFocus();
  await user.click(continueButton());
  expect(await heading('Pagamento')).toHaveFocus();
}

async function payWithCard(user: UserEvent, number: string) {
  await user.click(screen.getByRole('radio', { name: /Cartão de crédito/ }));
  await user.type(screen.getByLabelText('Número do cartão'), number);
  await user.type(screen.getByLabelText('Nome impresso no cartão'), 'MARIA O SANTOS');
  await user.type(screen.getByLabelText('Validade'), '1235');
  await user.type(screen.getByLabelText('Código de segurança'), '123');
  await user.selectOptions(screen.getByLabelText('Parcelas'), '3');
  await user.click(continueButton());
  expect(await heading('Revisão')).toHaveFocus();
}

// Role queries over the whole checkout are slow in jsdom on a busy machine: give them time.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  setTokenProvider(async () => makeTestToken({ uid: DEMO_CUSTOMER_UID, email: USER.email }));
});

describe('Checkout (/orders/checkout)', { timeout: 30_000 }, () => {
  it('Pix: the discount named with the next tier, the default address, the review, "Finalizar pedido" → the result; the cart is cleared', async () => {
    const user = userEvent.setup();
    const keys = recordOrderKeys();
    const before = await storedOrderCount();
    renderCheckout();
    expect(await heading('Itens')).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Etapas do pedido' })).toHaveTextContent(/Itens, etapa atual/);

    await addGateways(user, 10);
    expect(within(summary()).getByText('Lote de 10 gateways: 8%', { exact: true })).toBeVisible();
    expect(within(summary()).getByText('Adicione mais 10 unidades e o desconto passa a 12%.')).toBeVisible();
    expect(within(summary()).getByRole('status')).toHaveTextContent(/Desconto \(Lote de 10 gateways: 8%\).*Total R\$/);
    await user.click(screen.getByRole('button', { name: `Aumentar quantidade de ${G1_4G}` }));
    expect(quantity(G1_4G)).toHaveValue('11');
    expect(within(summary()).getByText('Adicione mais 9 unidades e o desconto passa a 12%.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: `Diminuir quantidade de ${G1_4G}` }));

    await user.click(continueButton());
    expect(await heading('Entrega')).toHaveFocus();
    expect(await screen.findByRole('radio', { name: /Fábrica/ })).toBeChecked();
    await user.click(continueButton());
    expect(await heading('Pagamento')).toHaveFocus();
    expect(screen.getByRole('group', { name: 'Forma de pagamento' })).toBeVisible();
    await user.click(screen.getByRole('radio', { name: /^Pix/ }));
    await user.click(continueButton());

    expect(await heading('Revisão')).toHaveFocus();
    const key = await storedKey();
    expect(screen.getByRole('region', { name: 'Entrega' })).toHaveTextContent('Rua Lauro Vannucci, 1020');
    expect(screen.getByRole('region', { name: 'Valores do pedido' })).toHaveTextContent('Lote de 10 gateways: 8%');
    await user.dblClick(screen.getByRole('button', { name: 'Finalizar pedido' }));

    const result = await screen.findByRole('heading', { name: /^Pedido #\d+ criado$/ }, { timeout: 5000 });
    expect(result).toHaveFocus();
    expect(
      screen.getByText(
        'Pague com o código abaixo; assim que o pagamento for confirmado, os 10 gateways aparecem em Dispositivos com seus códigos de configuração.',
      ),
    ).toBeVisible();
    expect(((await screen.findByLabelText('Código Pix copia e cola')) as HTMLTextAreaElement).value).toMatch(/^000201/);
    expect(screen.getByRole('link', { name: /^Ver pedido #\d+$/ }).getAttribute('href')).toMatch(/^\/orders\/order-\d+$/);
    // A double click sent one request; one order; the cart and its key are gone.
    expect(keys).toEqual([key]);
    expect(await storedOrderCount()).toBe(before + 1);
    await waitFor(() => expect(storedCart().cart).toMatchObject({ items: [], submission: null }));
  });

  it('refuses quantity 0, negative, decimal and above the limit, an empty cart, and a missing address or method', async () => {
    const user = userEvent.setup();
    renderCheckout();
    await heading('Itens');
    await user.click(continueButton());
    expect(await screen.findByText('Adicione pelo menos um produto ao pedido.')).toBeVisible();
    expect(screen.getByRole('button', { name: `Adicionar ${G1_4G}` })).toHaveFocus();

    await addGateways(user, 3);
    const field = quantity(G1_4G);
    for (const typed of ['0', '-2', '2.5']) {
      await user.clear(field);
      await user.type(field, typed);
      expect(screen.getByText('Informe uma quantidade inteira maior que zero.')).toBeVisible();
      expect(field).toHaveAttribute('aria-invalid', 'true');
    }
    await user.clear(field);
    await user.type(field, '51');
    expect(screen.getByText('Máximo de 50 unidades por pedido.')).toBeVisible();
    // Nothing is lost: the cart keeps the last good quantity, and "Continuar" stays on the step, on the field.
    expect(within(summary()).getByText(/× Gateway Ponte G1 4G/)).toHaveTextContent('5 × Gateway Ponte G1 4G');
    await user.click(continueButton());
    expect(field).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'Itens', level: 2 })).toBeVisible();

    await user.clear(field);
    await user.type(field, '4');
    expect(screen.getByText('Máximo de 50 unidades por pedido.')).toBeVisible();
    await user.click(continueButton());
    await heading('Entrega');
    await user.click(continueButton());
    await heading('Pagamento');
    await user.click(continueButton());
    expect(await screen.findByText('Escolha a forma de pagamento.')).toBeVisible();
    await waitFor(() => expect(screen.getAllByRole('radio')[0]).toHaveFocus());
  });

  it('adds a delivery address inline by CEP and selects it', async () => {
    const user = userEvent.setup();
    renderCheckout();
    await addGateways(user, 2);
    await user.click(continueButton());
    await heading('Entrega');
    await user.click(await screen.findByRole('button', { name: 'Adicionar endereço' }));
    const panel = screen.getByRole('region', { name: 'Novo endereço' });
    expect(within(panel).getByLabelText('Apelido')).toHaveFocus();
    await user.type(within(panel).getByLabelText('Apelido'), 'Depósito');
    await user.type(within(panel).getByLabelText('CEP'), '89220120');
    await waitFor(() => expect(within(panel).getByLabelText('Rua')).toHaveValue('Rua Araquã'));
    await user.type(within(panel).getByLabelText('Número'), '455');
    await user.click(within(panel).getByRole('button', { name: 'Salvar endereço' }));
    const radio = await screen.findByRole('radio', { name: /Depósito/ });
    await waitFor(() => expect(radio).toBeChecked());
    expect(radio).toHaveFocus();
    expect(await testSql('SELECT id FROM address WHERE owner_uid = ? AND label = ?', [DEMO_CUSTOMER_UID, 'Depósito'])).toHaveLength(1);
  });

  it('a method disabled by staff while on the review: 409, back to the payment with the methods read again', async () => {
    const user = userEvent.setup();
    await toPayment(user, 5);
    await user.click(screen.getByRole('radio', { name: /^Pix/ }));
    await user.click(continueButton());
    await heading('Revisão');
    // Staff disable Pix meanwhile.
    await testSql("UPDATE payment_method SET enabled = 0, version = version + 1 WHERE id = 'payment-method-pix'");
    const before = await storedOrderCount();

    await user.click(screen.getByRole('button', { name: 'Finalizar pedido' }));
    expect(await heading('Pagamento')).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Esta forma de pagamento foi desativada. Escolha outra.');
    await waitFor(() => expect(screen.queryByRole('radio', { name: /^Pix/ })).toBeNull());
    expect(screen.getAllByRole('radio').filter((radio) => (radio as HTMLInputElement).checked)).toHaveLength(0);
    expect(await storedOrderCount()).toBe(before);
    expect(within(summary()).getByText(/× Gateway Ponte G1 4G/)).toHaveTextContent('5 × Gateway Ponte G1 4G');
  });

  it('a declined card: back on the payment with the message, the card and the cart kept, no order', async () => {
    const user = userEvent.setup();
    const before = await storedOrderCount();
    await toPayment(user);
    await payWithCard(user, '4000000000000002');
    const payment = screen.getByRole('region', { name: 'Pagamento' });
    expect(payment).toHaveTextContent(/3x de R\$/);
    expect(payment).toHaveTextContent('Visa final 0002');
    await user.click(screen.getByRole('button', { name: 'Finalizar pedido' }));

    await heading('Pagamento');
    expect(screen.getByRole('alert')).toHaveTextContent('Pagamento recusado pela operadora do cartão.');
    const number = screen.getByLabelText('Número do cartão');
    expect(number).toHaveValue('4000 0000 0000 0002');
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(await storedOrderCount()).toBe(before);
    expect(storedCart().cart.items).toEqual([{ productId: 'product-g1-4g', quantity: 10 }]);
    expect(localStorage.getItem(CART_STORAGE_KEY)).not.toMatch(/4000|0002/);
  });

  it('a payment platform error: "O pedido não foi feito", "Tentar novamente" with the same key (a card order is never retried blindly)', async () => {
    const user = userEvent.setup();
    const keys = recordOrderKeys();
    const before = await storedOrderCount();
    await toPayment(user, 2);
    await payWithCard(user, '4000000000000119');
    await user.click(screen.getByRole('button', { name: 'Finalizar pedido' }));
    const alert = await screen.findByText('O pedido não foi feito.');
    expect(alert.parentElement).toHaveTextContent('A plataforma de pagamento não respondeu. Nenhuma cobrança foi feita.');
    expect(keys.length).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(keys.length).toBe(2));
    expect(new Set(keys).size).toBe(1);
    expect(await storedOrderCount()).toBe(before);
  });

  it('a timeout: not known yet; "Tentar novamente" sends the same key and shows the order, made once', async () => {
    const user = userEvent.setup();
    await toPayment(user, 2);
    await user.click(screen.getByRole('radio', { name: /^Boleto/ }));
    await user.click(continueButton());
    await heading('Revisão');
    const keys = recordOrderKeys();
    const before = await storedOrderCount();
    // Every attempt of the first submission (the request and the API layer's 3 retries) times out.
    testFaults.set({ mode: 'timeout', match: '/order', method: 'POST', remaining: 4 });
    await user.click(screen.getByRole('button', { name: 'Finalizar pedido' }));
    expect(await screen.findByText('Ainda não sabemos se o pedido foi registrado.', {}, { timeout: 15_000 })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { name: /^Pedido #\d+ criado$/ }, { timeout: 5000 })).toBeVisible();
    expect(screen.getByText(/^Pague com a linha digitável abaixo até \d{2}\/\d{2}\/\d{4}; assim que/)).toBeVisible();
    expect(keys.length).toBe(5);
    expect(new Set(keys).size).toBe(1);
    expect(await storedOrderCount()).toBe(before + 1);
  });

  it('a timeout after the server made the order: the retry with the same key gets that order, never a second', async () => {
    const user = userEvent.setup();
    await toPayment(user, 3);
    await user.click(screen.getByRole('radio', { name: /^Pix/ }));
    await user.click(continueButton());
    await heading('Revisão');
    const keys = recordOrderKeys();
    const before = await storedOrderCount();
    // The first request reaches the server (which makes the order) but its answer never arrives.
    server.use(
      http.post(
        `${TEST_API_URL}/order`,
        async ({ request }) => {
          await fetch(request.clone());
          await delay(apiSettings.timeoutMs + 1000);
          return HttpResponse.error();
        },
        { once: true },
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Finalizar pedido' }));
    expect(await screen.findByRole('heading', { name: /^Pedido #\d+ criado$/ }, { timeout: 10_000 })).toBeVisible();
    expect(await storedOrderCount()).toBe(before + 1);
    expect(keys.length).toBe(2);
    expect(new Set(keys).size).toBe(1);
  });

  it('a reload on the review keeps the cart and the same key; two POSTs with it make one order', async () => {
    const user = userEvent.setup();
    const keys = recordOrderKeys();
    await toPayment(user, 4);
    await user.click(screen.getByRole('radio', { name: /^Pix/ }));
    await user.click(continueButton());
    await heading('Revisão');
    const key = await storedKey();
    const first = renderCheckout('/orders/checkout?etapa=revisao');
    // The first screen stays mounted: a second tab on the same cart.
    const tab = within(first.container);
    expect(await tab.findByRole('heading', { name: 'Revisão', level: 2 })).toBeVisible();
    expect(storedCart().cart.submission?.key).toBe(key);
    const before = await storedOrderCount();

    await user.click(tab.getByRole('button', { name: 'Finalizar pedido' }));
    const created = await tab.findByRole('heading', { name: /^Pedido #\d+ criado$/ }, { timeout: 5000 });
    // The other tab places the same cart: it shows the order placed, without a second one.
    const [other] = screen.getAllByRole('button', { name: 'Finalizar pedido' });
    if (!other) throw new Error('sem a outra aba');
    await user.click(other);
    expect(await screen.findByText('Este pedido foi finalizado em outra aba deste navegador.')).toBeVisible();
    expect(screen.getAllByRole('heading', { name: created.textContent ?? '' })).toHaveLength(2);
    expect(keys).toEqual([key]);

    // The same key sent again (a retry after a lost answer) answers the same order.
    const token = await makeTestToken({ uid: DEMO_CUSTOMER_UID, email: USER.email });
    const replay = await fetch(`${TEST_API_URL}/order`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Idempotency-Key': key ?? '' },
      // The very body the page sent (the server refuses the key with another body: 422).
      body: JSON.stringify({ items: [{ productId: 'product-g1-4g', quantity: 4 }], addressId: 'address-1001', paymentMethodId: 'payment-method-pix', installments: 1 }),
    });
    const replayed = (await replay.json()) as { number: number };
    expect(replayed.number).toBe(Number(/#(\d+)/.exec(created.textContent ?? '')?.[1]));
    expect(await storedOrderCount()).toBe(before + 1);
  });

  it('a reload on a card review asks for the card again (card data is never kept)', async () => {
    const user = userEvent.setup();
    await toPayment(user, 2);
    await payWithCard(user, '4111111111111111');
    expect(localStorage.getItem(CART_STORAGE_KEY)).not.toMatch(/4111/);
    const reloaded = renderCheckout('/orders/checkout?etapa=revisao');
    const tab = within(reloaded.container);
    expect(await tab.findByRole('heading', { name: 'Pagamento', level: 2 })).toBeVisible();
    expect(tab.getByText(CARD_AGAIN_MESSAGE)).toBeVisible();
    expect(tab.getByRole('radio', { name: /Cartão de crédito/ })).toBeChecked();
    expect(tab.getByLabelText('Número do cartão')).toHaveValue('');
  });

  it('a card approved at once: "Pagamento aprovado; os N gateways já estão em Dispositivos."', async () => {
    const user = userEvent.setup();
    await toPayment(user, 2);
    await payWithCard(user, '4111111111111111');
    await user.click(screen.getByRole('button', { name: 'Finalizar pedido' }));
    expect(await screen.findByRole('heading', { name: /^Pedido #\d+ criado$/ }, { timeout: 5000 })).toBeVisible();
    expect(screen.getByText('Pagamento aprovado; os 2 gateways já estão em Dispositivos.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ir para Dispositivos' })).toHaveAttribute('href', '/devices');
  });
});
