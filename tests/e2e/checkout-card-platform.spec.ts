import type { Page, Request } from '@playwright/test';
import { API, AREAS, CUSTOMER, expect, expectAccessible, PAY_API, storedPayCharges, arrangePayFault, signIn, test } from './support';

/**
 * The card at the demo payment platform (src/server/pay, its own origin): the page sends the card only to its
 * tokenisation endpoint and the main API gets the token; a charge is never repeated — the platform answers 502,
 * "Tentar novamente", a reload and "Finalizar pedido" again: the platform's ledger shows one charge, the portal one
 * order.
 */

const PORTAL = AREAS.portal.byHost;
const G1_4G = 'Gateway Ponte G1 4G';
const NUMBER = '4111111111111111';

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { name, level: 2, exact: true });

async function continueTo(page: Page, step: string) {
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(stepHeading(page, step)).toBeFocused();
}

async function toPayment(page: Page) {
  await page.goto(`${PORTAL}/orders/checkout`);
  await expect(stepHeading(page, 'Itens')).toBeVisible();
  await page.getByRole('button', { name: `Adicionar ${G1_4G}` }).click();
  await continueTo(page, 'Entrega');
  await continueTo(page, 'Pagamento');
}

async function typeCard(page: Page) {
  await page.getByRole('radio', { name: /Cartão de crédito/ }).check();
  await page.getByLabel('Número do cartão').fill('4111 1111 1111 1111');
  await page.getByLabel('Nome impresso no cartão').fill('MARIA O SANTOS');
  await page.getByLabel('Validade').fill('12/35');
  await page.getByLabel('Código de segurança').fill('123');
  await continueTo(page, 'Revisão');
}

/** Every request of the page, with its body. */
function recordRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => seen.push(request));
  return seen;
}

const orderRows = (page: Page) => page.getByRole('table', { name: 'Pedidos' }).locator('tbody tr');

test.describe('Checkout: cards at the payment platform', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, PORTAL, CUSTOMER);
  });

  test('the card goes to the platform only: no request to the main API carries it; Redux DevTools are off', async ({ page }) => {
    // A DevTools extension that records whether the store ever connected to it (a production build must not).
    await page.addInitScript(() => {
      const w = window as unknown as Record<string, unknown>;
      w.__devtoolsCalls = 0;
      const compose = (...args: unknown[]) => {
        w.__devtoolsCalls = Number(w.__devtoolsCalls) + 1;
        return args.length === 1 && typeof args[0] !== 'function' ? (f: unknown) => f : (args[0] as unknown);
      };
      w.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ = compose;
      w.__REDUX_DEVTOOLS_EXTENSION__ = () => {
        w.__devtoolsCalls = Number(w.__devtoolsCalls) + 1;
        return (f: unknown) => f;
      };
    });
    const requests = recordRequests(page);
    await toPayment(page);
    await typeCard(page);
    await page.getByRole('button', { name: 'Finalizar pedido' }).click();
    await expect(page.getByRole('heading', { name: /^Pedido #\d+ criado$/ })).toBeVisible();

    const toApi = requests.filter((request) => request.url().startsWith(`${API}/`));
    expect(toApi.some((request) => new URL(request.url()).pathname === '/order' && request.method() === 'POST')).toBe(true);
    for (const request of toApi) {
      const text = `${request.url()} ${JSON.stringify(request.headers())} ${request.postData() ?? ''}`;
      expect(text).not.toContain(NUMBER);
      expect(text).not.toContain('4111 1111 1111 1111');
    }
    const order = toApi.find((request) => new URL(request.url()).pathname === '/order' && request.method() === 'POST');
    expect(Object.keys((JSON.parse(order?.postData() ?? '{}') as { card: object }).card).sort()).toEqual(['brand', 'last4', 'token']);
    const toPlatform = requests.filter((request) => request.url().startsWith(`${PAY_API}/`) && request.method() === 'POST');
    expect(toPlatform.map((request) => new URL(request.url()).pathname)).toEqual(['/v1/tokens']);
    expect(await page.evaluate(() => (window as unknown as Record<string, unknown>).__devtoolsCalls)).toBe(0);
    expect(await storedPayCharges()).toMatchObject([{ status: 'approved', last4: '1111' }]);
  });

  test('the platform answers 502, "Tentar novamente", a reload, "Finalizar pedido" again: one charge, one order', async ({ page }) => {
    test.setTimeout(90_000);
    const keys: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url() === `${API}/order`) keys.push(request.headers()['idempotency-key'] ?? '');
    });
    await page.goto(`${PORTAL}/orders/`);
    await expect(orderRows(page)).toHaveCount(6);
    await toPayment(page);
    await typeCard(page);
    // The platform is down for the next two charges (nothing is charged).
    await arrangePayFault({ mode: 'down', target: 'charges', times: 2 });
    await page.getByRole('button', { name: 'Finalizar pedido' }).click();
    await expect(page.getByText('O pedido não foi feito.')).toBeVisible();
    await expect(page.getByText(/A plataforma de pagamento não respondeu\./)).toBeVisible();
    await expectAccessible(page, 'checkout: plataforma de pagamento fora do ar');
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect.poll(() => keys.length).toBe(2);
    await expect(page.getByText('O pedido não foi feito.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Tentar novamente' })).toBeEnabled();
    expect(await storedPayCharges()).toEqual([]);

    await page.reload();
    // The card is never kept: typed again, then the same order (the same key) is finished.
    await expect(stepHeading(page, 'Pagamento')).toBeVisible();
    await page.getByLabel('Número do cartão').fill('4111 1111 1111 1111');
    await page.getByLabel('Nome impresso no cartão').fill('MARIA O SANTOS');
    await page.getByLabel('Validade').fill('12/35');
    await page.getByLabel('Código de segurança').fill('123');
    await continueTo(page, 'Revisão');
    await page.getByRole('button', { name: 'Finalizar pedido' }).click();
    await expect(page.getByRole('heading', { name: /^Pedido #\d+ criado$/ })).toBeVisible();
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);

    const charges = await storedPayCharges();
    expect(charges.filter((charge) => charge.status === 'approved')).toHaveLength(1);
    expect(charges).toHaveLength(1);
    await page.goto(`${PORTAL}/orders/`);
    await expect(orderRows(page)).toHaveCount(7);
  });

  test('the answer lost after the charge: "Tentar novamente" shows the order made from that charge, never a second', async ({ page }) => {
    await toPayment(page);
    await typeCard(page);
    await arrangePayFault({ mode: 'lost', target: 'charges', times: 1 });
    await page.getByRole('button', { name: 'Finalizar pedido' }).click();
    await expect(page.getByText('O pedido não foi feito.')).toBeVisible();
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(page.getByRole('heading', { name: /^Pedido #\d+ criado$/ })).toBeVisible();
    expect((await storedPayCharges()).filter((charge) => charge.status === 'approved')).toHaveLength(1);
    await page.goto(`${PORTAL}/orders/`);
    await expect(orderRows(page)).toHaveCount(7);
  });

  test('the tokenisation endpoint down or slow: said in pt-BR, no order, the card kept for "Tentar novamente"', async ({ page }) => {
    test.setTimeout(90_000);
    await toPayment(page);
    await typeCard(page);
    await arrangePayFault({ mode: 'down', target: 'tokens', times: 1 });
    await page.getByRole('button', { name: 'Finalizar pedido' }).click();
    await expect(page.getByText('O pedido não foi feito.')).toBeVisible();
    await expect(page.getByText(/os dados do cartão continuam preenchidos/)).toBeVisible();
    await arrangePayFault({ mode: 'slow', target: 'tokens', times: 1, delayMs: 15_000 });
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(page.getByText('O pedido não foi feito.')).toBeHidden();
    await expect(page.getByText(/os dados do cartão continuam preenchidos/)).toBeVisible({ timeout: 20_000 });
    expect(await storedPayCharges()).toEqual([]);
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(page.getByRole('heading', { name: /^Pedido #\d+ criado$/ })).toBeVisible();
    await page.goto(`${PORTAL}/orders/`);
    await expect(orderRows(page)).toHaveCount(7);
  });
});
