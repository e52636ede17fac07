import type { Page } from '@playwright/test';
import { API, AREAS, trackErrors, CUSTOMER, expect, expectAccessible, storedIdToken, arrangeFault, signIn, test } from './support';

const PORTAL = AREAS.portal.byHost;
const CART_KEY = 'ponte-checkout';
const G1_4G = 'Gateway Ponte G1 4G';

/** The cart as stored (one localStorage key, shared by the tabs). */
async function storedCart(page: Page): Promise<{ cart: { items: Array<{ productId: string; quantity: number }>; submission: { key: string } | null } } | null> {
  return page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null') as never, CART_KEY);
}

/** The Idempotency-Key of every POST /order the page sends. */
function recordOrderKeys(page: Page): string[] {
  const keys: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/order') keys.push(request.headers()['idempotency-key'] ?? '');
  });
  return keys;
}

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { name, level: 2, exact: true });
const summary = (page: Page) => page.getByRole('region', { name: 'Resumo do pedido' });
const quantityField = (page: Page, name = G1_4G) => page.getByRole('textbox', { name: `Quantidade de ${name}`, exact: true });

async function openCheckout(page: Page) {
  await page.goto(`${PORTAL}/orders/checkout`);
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await expect(stepHeading(page, 'Itens')).toBeVisible();
}

async function addGateways(page: Page, count: number, name = G1_4G) {
  await page.getByRole('button', { name: `Adicionar ${name}` }).click();
  const field = quantityField(page, name);
  await expect(field).toBeFocused();
  await field.fill(String(count));
  await expect(summary(page)).toContainText(`${count} × ${name}`);
}

async function continueTo(page: Page, step: string) {
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(stepHeading(page, step)).toBeFocused();
}

async function payByCard(page: Page, number: string) {
  await page.getByRole('radio', { name: /Cartão de crédito/ }).check();
  await page.getByLabel('Número do cartão').fill(number);
  await page.getByLabel('Nome impresso no cartão').fill('MARIA O SANTOS');
  await page.getByLabel('Validade').fill('12/35');
  await page.getByLabel('Código de segurança').fill('123');
  await page.getByLabel('Parcelas').selectOption('3');
  await continueTo(page, 'Revisão');
}

test.describe('Checkout', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, PORTAL, CUSTOMER);
  });

  test('Pix: discount tier, default address, an address added by CEP → result → Já paguei → Pago → devices → labels for print', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const errors = trackErrors(page);
    await page.goto(`${PORTAL}/orders/`);
    await page.getByRole('link', { name: 'Novo pedido' }).first().click();
    await expect(page).toHaveURL(/\/orders\/checkout$/);
    await expect(stepHeading(page, 'Itens')).toBeVisible();
    await expectAccessible(page, 'checkout: itens');

    await addGateways(page, 10);
    await expect(summary(page).getByText('Lote de 10 gateways: 8%', { exact: true })).toBeVisible();
    await expect(summary(page).getByText('Adicione mais 10 unidades e o desconto passa a 12%.', { exact: true })).toBeVisible();
    await expectAccessible(page, 'checkout: itens com desconto');

    await continueTo(page, 'Entrega');
    await expect(page.getByRole('radio', { name: /Fábrica/ })).toBeChecked();
    await page.getByRole('button', { name: 'Adicionar endereço' }).click();
    const panel = page.getByRole('region', { name: 'Novo endereço' });
    await panel.getByLabel('Apelido').fill('Filial Paulista');
    await panel.getByLabel('CEP').fill('01310100');
    await expect(panel.getByLabel('Rua')).toHaveValue('Avenida Paulista');
    await expect(panel.getByLabel('Número')).toBeFocused();
    await panel.getByLabel('Número').fill('2000');
    await expectAccessible(page, 'checkout: novo endereço');
    await panel.getByRole('button', { name: 'Salvar endereço' }).click();
    await expect(page.getByRole('radio', { name: /Filial Paulista/ })).toBeChecked();
    // The default address is picked for this order.
    await page.getByRole('radio', { name: /Fábrica/ }).check();
    await expectAccessible(page, 'checkout: entrega');

    await continueTo(page, 'Pagamento');
    await expect(page.getByRole('group', { name: 'Forma de pagamento' })).toBeVisible();
    await page.getByRole('radio', { name: /^Pix/ }).check();
    await expectAccessible(page, 'checkout: pagamento');
    await continueTo(page, 'Revisão');
    await expect(page.getByRole('region', { name: 'Entrega' })).toContainText('Rua Lauro Vannucci, 1020');
    await expect(page.getByRole('region', { name: 'Valores do pedido' })).toContainText('Lote de 10 gateways: 8%');
    await expectAccessible(page, 'checkout: revisão');

    await page.getByRole('button', { name: 'Finalizar pedido' }).click();
    const created = page.getByRole('heading', { name: /^Pedido #\d+ criado$/ });
    await expect(created).toBeFocused();
    const number = Number(/#(\d+)/.exec((await created.textContent()) ?? '')?.[1]);
    await expect(
      page.getByText(
        'Pague com o código abaixo; assim que o pagamento for confirmado, os 10 gateways aparecem em Dispositivos com seus códigos de configuração.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('img', { name: `QR code Pix do pedido #${number}` })).toBeVisible();
    expect((await storedCart(page))?.cart.items).toEqual([]);
    await expectAccessible(page, 'checkout: resultado Pix');

    await page.getByRole('link', { name: `Ver pedido #${number}` }).click();
    await expect(page.getByRole('heading', { name: `Pedido #${number}`, level: 1 })).toBeVisible();
    const pay = page.getByRole('region', { name: 'Pague com Pix' });
    await expect(pay.getByLabel('Código Pix copia e cola')).toHaveValue(/^000201/);
    await expect(pay.getByRole('img', { name: `QR code Pix do pedido #${number}` })).toBeVisible();
    await pay.getByRole('button', { name: 'Já paguei' }).click();
    await expect(page.getByText(/^Status:\s*Pago$/)).toBeVisible({ timeout: 20_000 });
    const devices = page.getByRole('list', { name: 'Dispositivos deste pedido' }).getByRole('listitem');
    await expect(devices).toHaveCount(10);

    await page.getByRole('link', { name: 'Imprimir etiquetas' }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/order-${number}/labels$`));
    await expect(page.getByRole('heading', { name: `Etiquetas do pedido #${number}`, level: 1 })).toBeVisible();
    const labels = page.getByRole('list', { name: `Etiquetas dos gateways do pedido #${number}` }).getByRole('listitem');
    await expect(labels).toHaveCount(10);
    await expect(labels.first()).toContainText(G1_4G);
    await expect(labels.first()).toContainText(/PNT-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}/);
    await expect(labels.first().getByRole('img', { name: /^QR code de configuração de / })).toBeVisible();
    await expect(labels.first()).toContainText(/\/setup\/PNT-/);
    await expectAccessible(page, 'etiquetas do pedido');

    // Printed: only the labels, at their fixed size; no shell.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('navigation', { name: 'Trilha de navegação' })).toBeHidden();
    await expect(page.locator('header').first()).toBeHidden();
    await expect(page.getByRole('button', { name: 'Alternar menu lateral' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Imprimir' })).toBeHidden();
    await expect(page.getByRole('heading', { name: `Etiquetas do pedido #${number}`, level: 1 })).toBeHidden();
    await expect(labels.first()).toBeVisible();
    const box = await labels.first().boundingBox();
    // 90 × 50 mm at 96 dpi.
    expect(Math.round(box?.width ?? 0)).toBeGreaterThanOrEqual(338);
    expect(Math.round(box?.width ?? 0)).toBeLessThanOrEqual(342);
    expect(Math.round(box?.height ?? 0)).toBeGreaterThanOrEqual(187);
    expect(Math.round(box?.height ?? 0)).toBeLessThanOrEqual(191);
    await page.emulateMedia({ media: 'screen' });
    await expect(page.getByRole('button', { name: 'Imprimir' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a card 4111 1111 1111 1111 is paid at once; the gateways are already in Dispositivos', async ({ page }) => {
    await openCheckout(page);
    await addGateways(page, 2);
    await continueTo(page, 'Entrega');
    await continueTo(page, 'Pagamento');
    await payByCard(page, '4111 1111 1111 1111');
    await expect(page.getByRole('region', { name: 'Pagamento' })).toContainText(/3x de R\$/);
    await expect(page.getByRole('region', { name: 'Pagamento' })).toContainText('Visa final 1111');
    await page.getByRole('button', { name: 'Finalizar pedido' }).click();
    await expect(page.getByRole('heading', { name: /^Pedido #\d+ criado$/ })).toBeVisible();
    await expect(page.getByText('Pagamento aprovado; os 2 gateways já estão em Dispositivos.')).toBeVisible();
    expect(JSON.stringify(await storedCart(page))).not.toMatch(/4111/);
    await page.getByRole('link', { name: /^Ver pedido #\d+$/ }).click();
    await expect(page.getByText(/^Status:\s*Pago$/)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Dispositivos deste pedido' }).getByRole('listitem')).toHaveCount(2);
  });

  test('a declined card 4000 0000 0000 0002: the message on the payment step, no order, the cart kept across a reload', async ({ page }) => {
    await openCheckout(page);
    await addGateways(page, 3);
    await continueTo(page, 'Entrega');
    await continueTo(page, 'Pagamento');
    await payByCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Finalizar pedido' }).click();
    await expect(stepHeading(page, 'Pagamento')).toBeFocused();
    await expect(page.getByRole('alert').filter({ hasText: 'Pagamento recusado pela operadora do cartão.' })).toBeVisible();
    await expect(page.getByLabel('Número do cartão')).toHaveValue('4000 0000 0000 0002');
    await expect(summary(page)).toContainText(`3 × ${G1_4G}`);
    await expectAccessible(page, 'checkout: cartão recusado');

    await page.reload();
    await expect(stepHeading(page, 'Pagamento')).toBeVisible();
    await expect(summary(page)).toContainText(`3 × ${G1_4G}`);
    await expect(page.getByLabel('Número do cartão')).toHaveValue('');
    await page.goto(`${PORTAL}/orders/`);
    await expect(page.getByRole('table', { name: 'Pedidos' }).locator('tbody tr')).toHaveCount(6);
  });

  test('quantity 0, decimal and above the limit are refused with their message; nothing is lost', async ({ page }) => {
    await openCheckout(page);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByText('Adicione pelo menos um produto ao pedido.')).toBeVisible();
    await addGateways(page, 4);
    const field = quantityField(page);
    for (const typed of ['0', '2,5', '-1']) {
      await field.fill(typed);
      await expect(page.getByText('Informe uma quantidade inteira maior que zero.')).toBeVisible();
      await expect(field).toHaveAttribute('aria-invalid', 'true');
    }
    await field.fill('51');
    await expect(page.getByText('Máximo de 50 unidades por pedido.')).toBeVisible();
    await expectAccessible(page, 'checkout: quantidade inválida');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(field).toBeFocused();
    await expect(stepHeading(page, 'Itens')).toBeVisible();
    // The cart keeps the last good quantity.
    await expect(summary(page)).toContainText(`4 × ${G1_4G}`);
    await field.fill('50');
    await expect(page.getByRole('button', { name: `Aumentar quantidade de ${G1_4G}` })).toBeDisabled();
    await continueTo(page, 'Entrega');
    await continueTo(page, 'Pagamento');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByText('Escolha a forma de pagamento.')).toBeVisible();
  });

  test('a reload on the review keeps the cart and the same key; two POSTs with it make one order', async ({ page }) => {
    const keys = recordOrderKeys(page);
    await openCheckout(page);
    await addGateways(page, 5);
    await continueTo(page, 'Entrega');
    await continueTo(page, 'Pagamento');
    await page.getByRole('radio', { name: /^Boleto/ }).check();
    await continueTo(page, 'Revisão');
    const key = (await storedCart(page))?.cart.submission?.key;
    expect(key).toMatch(/^[0-9a-f-]{36}$/);

    await page.reload();
    await expect(stepHeading(page, 'Revisão')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Itens', exact: true })).toContainText(G1_4G);
    expect((await storedCart(page))?.cart.submission?.key).toBe(key);

    await page.getByRole('button', { name: 'Finalizar pedido' }).dblclick();
    const created = page.getByRole('heading', { name: /^Pedido #\d+ criado$/ });
    await expect(created).toBeVisible();
    await expect(page.getByText(/^Pague com a linha digitável abaixo até \d{2}\/\d{2}\/\d{4}; assim que o pagamento for confirmado/)).toBeVisible();
    const number = Number(/#(\d+)/.exec((await created.textContent()) ?? '')?.[1]);

    // The same cart sent again with its key (a retry after a lost answer, another tab): the first order comes back.
    const token = await storedIdToken(page);
    const replay = await page.evaluate(
      async ({ api, bearer, idempotencyKey }) => {
        const response = await fetch(`${api}/order`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey },
          body: JSON.stringify({
            items: [{ productId: 'product-g1-4g', quantity: 5 }],
            addressId: 'address-1001',
            paymentMethodId: 'payment-method-boleto',
            installments: 1,
          }),
        });
        return { status: response.status, body: (await response.json()) as { number: number } };
      },
      { api: API, bearer: token, idempotencyKey: key ?? '' },
    );
    expect(replay.body.number).toBe(number);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys)).toEqual(new Set([key]));
    // Straight away: the demo answers a create once it is stored, so a reload never loses it.
    await page.goto(`${PORTAL}/orders/`);
    await expect(page.getByRole('table', { name: 'Pedidos' }).locator('tbody tr')).toHaveCount(7);
  });
});

test.describe('Checkout when the server fails', () => {
  test('POST /order answers 500 (after its retries): "O pedido não foi feito", then "Tentar novamente" makes it once', async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, PORTAL, CUSTOMER);
    const keys = recordOrderKeys(page);
    await openCheckout(page);
    await addGateways(page, 2);
    await continueTo(page, 'Entrega');
    await continueTo(page, 'Pagamento');
    await page.getByRole('radio', { name: /^Pix/ }).check();
    await continueTo(page, 'Revisão');
    // Fault injection: the first 4 POSTs to /order (the request and the API layer's 3 retries) fail.
    await arrangeFault(page, { mode: '500', match: '/order', method: 'POST', remaining: 4 });
    await page.getByRole('button', { name: 'Finalizar pedido' }).click();
    await expect(page.getByText('O pedido não foi feito.')).toBeVisible({ timeout: 30_000 });
    await expect(stepHeading(page, 'Revisão')).toBeVisible();
    await expectAccessible(page, 'checkout: pedido não feito');
    expect(keys.length).toBe(4);

    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(page.getByRole('heading', { name: /^Pedido #\d+ criado$/ })).toBeVisible();
    expect(new Set(keys).size).toBe(1);
    await page.goto(`${PORTAL}/orders/`);
    await expect(page.getByRole('table', { name: 'Pedidos' }).locator('tbody tr')).toHaveCount(7);
  });
});

test.describe('Checkout on a phone (390 × 844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('every step fits the screen and is accessible', async ({ page }) => {
    await signIn(page, PORTAL, CUSTOMER);
    await openCheckout(page);
    const fits = async (label: string) => {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `rolagem lateral em ${label}`).toBeLessThanOrEqual(0);
      await expectAccessible(page, `checkout (celular): ${label}`);
    };
    await addGateways(page, 5);
    await fits('itens');
    await continueTo(page, 'Entrega');
    await fits('entrega');
    await continueTo(page, 'Pagamento');
    await page.getByRole('radio', { name: /Cartão de crédito/ }).check();
    await fits('pagamento');
    await page.getByLabel('Número do cartão').fill('4111111111111111');
    await page.getByLabel('Nome impresso no cartão').fill('MARIA O SANTOS');
    await page.getByLabel('Validade').fill('1235');
    await page.getByLabel('Código de segurança').fill('123');
    await continueTo(page, 'Revisão');
    await fits('revisão');
    const finish = page.getByRole('button', { name: 'Finalizar pedido' });
    await finish.scrollIntoViewIfNeeded();
    await expect(finish).toBeInViewport();
    await finish.click();
    await expect(page.getByRole('heading', { name: /^Pedido #\d+ criado$/ })).toBeVisible();
    await fits('resultado');
  });
});
