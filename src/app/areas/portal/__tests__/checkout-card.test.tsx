/**
 * The card at the checkout: typed in the payment step, sent ONLY to the payment platform's tokenisation endpoint;
 * never in a Redux action or state (RTK Query arguments and cache included), never in a request to the main API.
 * The platform down or refusing: said, no order, the card's fields kept.
 */
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Middleware } from '@reduxjs/toolkit';
import { beforeEach, describe, expect, it } from 'vitest';
import { createAppStore } from '@/app/store';
import { getEnv } from '@/config/env';
import { DEMO_CUSTOMER_UID } from '@/seed';
import { makeTestToken } from '@/testing/test-token';
import { setTokenProvider } from '@/lib/api/token';
import { server, TEST_API_URL } from '@/testing/msw-server';
import { storedOrderCount } from '@/testing/orders-data';
import { renderRoutes } from '@/testing/render';
import { TOKENISE_MESSAGES } from '@/features/orders/checkout/tokenise-card';
import CheckoutScreen from '../screens/checkout/checkout-screen';

const USER = { uid: DEMO_CUSTOMER_UID, email: 'cliente@example.com', name: 'Maria Oliveira Santos', cnpj: '', admin: false };
const G1_4G = 'Gateway Ponte G1 4G';
const NUMBER = '4111111111111111';
const CVC = '987';

/** The checkout on a store whose every action and every state is recorded. */
function renderCheckout() {
  const log: string[] = [];
  const observe: Middleware = (api) => (next) => (action) => {
    const result = next(action);
    log.push(JSON.stringify(action), JSON.stringify(api.getState()));
    return result;
  };
  const store = createAppStore({ observe });
  store.dispatch({ type: 'auth/setUser', payload: USER });
  renderRoutes(
    [
      { path: '/orders/checkout', element: <CheckoutScreen /> },
      { path: '/orders/:id', element: <p>Página do pedido</p> },
    ],
    { path: '/orders/checkout', store },
  );
  return log;
}

/** Every request the page sent, with its body. */
function recordRequests(): Array<{ url: string; body: string; headers: string }> {
  const seen: Array<{ url: string; body: string; headers: string }> = [];
  server.events.on('request:start', ({ request }) => {
    void request
      .clone()
      .text()
      .then((body) => seen.push({ url: request.url, body, headers: JSON.stringify([...request.headers.entries()]) }));
  });
  return seen;
}

const heading = (name: string) => screen.findByRole('heading', { name, level: 2 });
const continueButton = () => screen.getByRole('button', { name: 'Continuar' });

async function toReviewByCard(user: UserEvent) {
  await user.click(await screen.findByRole('button', { name: `Adicionar ${G1_4G}` }));
  await user.click(continueButton());
  expect(await heading('Entrega')).toHaveFocus();
  await user.click(continueButton());
  expect(await heading('Pagamento')).toHaveFocus();
  await user.click(screen.getByRole('radio', { name: /Cartão de crédito/ }));
  await user.type(screen.getByLabelText('Número do cartão'), NUMBER);
  await user.type(screen.getByLabelText('Nome impresso no cartão'), 'MARIA O SANTOS');
  await user.type(screen.getByLabelText('Validade'), '1235');
  await user.type(screen.getByLabelText('Código de segurança'), CVC);
  await user.click(continueButton());
  expect(await heading('Revisão')).toHaveFocus();
}

configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  setTokenProvider(async () => makeTestToken({ uid: DEMO_CUSTOMER_UID, email: USER.email }));
});

describe('Checkout: the card at the payment platform only', { timeout: 30_000 }, () => {
  it('a card order: the card to the tokenisation endpoint only; the store and the main API never see it', async () => {
    const user = userEvent.setup();
    const requests = recordRequests();
    const log = renderCheckout();
    await toReviewByCard(user);
    await user.click(screen.getByRole('button', { name: 'Finalizar pedido' }));
    expect(await screen.findByRole('heading', { name: /^Pedido #\d+ criado$/ })).toBeVisible();

    const everything = log.join('\n');
    expect(everything).toContain('"last4":"1111"');
    expect(everything).not.toContain(NUMBER);
    expect(everything).not.toContain('4111 1111 1111 1111');
    expect(everything).not.toContain(`"cvc"`);

    await waitFor(() => expect(requests.some((request) => request.url.endsWith('/order'))).toBe(true));
    const toPlatform = requests.filter((request) => request.url.startsWith(getEnv().payUrl));
    expect(toPlatform.map((request) => new URL(request.url).pathname)).toEqual(['/v1/tokens']);
    expect(toPlatform[0]?.body).toContain(NUMBER);
    for (const request of requests.filter((candidate) => candidate.url.startsWith(TEST_API_URL))) {
      expect(`${request.url} ${request.headers} ${request.body}`).not.toContain(NUMBER);
      expect(request.body).not.toContain(CVC);
    }
    const order = JSON.parse(requests.find((request) => request.url.endsWith('/order'))?.body ?? '{}') as { card?: Record<string, unknown> };
    expect(Object.keys(order.card ?? {}).sort()).toEqual(['brand', 'last4', 'token']);
  });

  it('the tokenisation endpoint down: said, no order, the card kept — "Tentar novamente" then places it', async () => {
    const user = userEvent.setup();
    const before = await storedOrderCount();
    let down = true;
    server.use(http.post(`${getEnv().payUrl}/v1/tokens`, () => (down ? HttpResponse.json({ error: { code: 'x', message: 'x' } }, { status: 503 }) : undefined)));
    renderCheckout();
    await toReviewByCard(user);
    await user.click(screen.getByRole('button', { name: 'Finalizar pedido' }));
    const alert = await screen.findByText('O pedido não foi feito.');
    expect(alert.parentElement).toHaveTextContent(TOKENISE_MESSAGES.unavailable);
    expect(await storedOrderCount()).toBe(before);
    down = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { name: /^Pedido #\d+ criado$/ })).toBeVisible();
    expect(await storedOrderCount()).toBe(before + 1);
  });

  it('the platform refusing the card: back on the payment step with its message and the card kept', async () => {
    const user = userEvent.setup();
    server.use(
      http.post(`${getEnv().payUrl}/v1/tokens`, () =>
        HttpResponse.json({ error: { code: 'invalid-card', message: 'Cartão vencido.', field: 'card.expiry' } }, { status: 400 }),
      ),
    );
    renderCheckout();
    await toReviewByCard(user);
    await user.click(screen.getByRole('button', { name: 'Finalizar pedido' }));
    expect(await heading('Pagamento')).toHaveFocus();
    expect(screen.getAllByText('Cartão vencido.').length).toBeGreaterThan(0);
    expect(screen.getByLabelText('Número do cartão')).toHaveValue('4111 1111 1111 1111');
  });
});
