import type { Page } from '@playwright/test';
import { API, AREAS, trackErrors, CUSTOMER, expect, expectAccessible, storedIdToken, signIn, test } from './support';

const PORTAL = AREAS.portal.byHost;

async function openList(page: Page, search = '') {
  await page.goto(`${PORTAL}/orders/${search}`);
  await expect(page.getByRole('heading', { name: 'Pedidos', level: 1 })).toBeVisible();
}

const table = (page: Page) => page.getByRole('table', { name: 'Pedidos' });
const rows = (page: Page) => table(page).locator('tbody tr');

test.describe('Pedidos', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, PORTAL, CUSTOMER);
  });

  test('list: the seeded orders, filtered by status and period, searched by number, axe on each state', async ({ page }) => {
    const errors = trackErrors(page);
    await openList(page);
    await expect(page.getByText('Gerencie seus pedidos')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Novo pedido' }).first()).toHaveAttribute('href', '/orders/checkout');
    await expect(rows(page)).toHaveCount(6);
    await expect(rows(page).first().getByRole('link', { name: '#1004' })).toBeVisible();
    await expect(rows(page).first()).toContainText('Aguardando pagamento');
    await expect(rows(page).first()).toContainText(/\d{2}\/\d{2}\/\d{4}/);
    await expect(rows(page).first()).toContainText(/R\$\s?\d/);
    // The builder's paid orders have all moved on (picked, shipped, delivered).
    for (const label of ['Em separação', 'Enviado', 'Entregue', 'Cancelado']) {
      await expect(table(page).getByText(label, { exact: true }).first()).toBeVisible();
    }
    await expectAccessible(page, 'pedidos: lista');

    await page.getByRole('combobox', { name: 'Filtrar por status' }).click();
    await page.getByRole('option', { name: 'Entregue' }).click();
    await expect(page).toHaveURL(/status=entregue/);
    await expect(rows(page)).toHaveCount(2);
    await expect
      .poll(async () => (await rows(page).locator('td').allTextContents()).filter((text) => text.includes('Entregue')).length)
      .toBe(2);

    await page.getByRole('combobox', { name: 'Filtrar por período' }).click();
    await page.getByRole('option', { name: 'Últimos 7 dias' }).click();
    await expect(page).toHaveURL(/period=7d/);
    await expect(page.getByText('Nenhum resultado')).toBeVisible();
    await expectAccessible(page, 'pedidos: nenhum resultado');
    await page.getByRole('button', { name: 'Limpar busca', exact: true }).click();
    await expect(rows(page)).toHaveCount(6);

    await page.getByRole('searchbox', { name: 'Buscar pedidos' }).fill('1007');
    await expect(page).toHaveURL(/q=1007/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('Cancelado');
    expect(errors).toEqual([]);
  });

  test('an unpaid order shows its boleto; cancelling it with a reason shows Cancelado and the reason', async ({ page }) => {
    await openList(page, '?status=aguardando-pagamento');
    await expect(rows(page)).toHaveCount(1);
    await rows(page).first().getByRole('link', { name: '#1004' }).click();
    await expect(page.getByRole('heading', { name: 'Pedido #1004', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/orders\/order-1004$/);

    const pay = page.getByRole('region', { name: 'Pague com boleto' });
    await expect(pay.getByText(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/)).toBeVisible();
    await expect(pay.getByRole('button', { name: 'Copiar linha digitável' })).toBeVisible();
    await expect(pay.getByText(/Vencimento: \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
    await expect(pay.getByRole('button', { name: 'Já paguei' })).toBeVisible();
    const history = page.getByRole('list', { name: 'Andamento do pedido #1004' });
    await expect(history).toContainText(/Aguardando pagamento.*\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}.*por Maria Oliveira Santos/);
    await expect(page.getByRole('region', { name: 'Itens' }).getByText('Gateway Ponte G1 Wi-Fi')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Entrega' })).toContainText('Rua Lauro Vannucci, 1020');
    await expectAccessible(page, 'pedidos: detalhe não pago');

    await page.getByRole('button', { name: 'Cancelar pedido' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Cancelar o pedido #1004?' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'pedidos: cancelar');
    await dialog.getByLabel('Motivo').fill('Comprei pelo distribuidor.');
    await dialog.getByRole('button', { name: 'Cancelar pedido' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Pedido #1004 cancelado.')).toBeVisible();
    await expect(page.getByText(/^Status:\s*Cancelado$/)).toBeVisible();
    await expect(page.getByText('Este pedido foi cancelado. Motivo: Comprei pelo distribuidor.')).toBeVisible();
    await expect(history).toContainText(/Cancelado.*por Maria Oliveira Santos.*Motivo: Comprei pelo distribuidor\./);
    await expect(page.getByRole('button', { name: 'Cancelar pedido' })).toBeHidden();
    await expect(page.getByRole('region', { name: 'Pague com boleto' })).toBeHidden();

    await openList(page);
    await expect(rows(page).filter({ hasText: '#1004' })).toContainText('Cancelado');
  });

  test('an order made through the API with Pix: "Já paguei" → Pago, its gateways with setup codes and links', async ({ page }) => {
    test.setTimeout(90_000);
    const errors = trackErrors(page);
    await openList(page);
    const token = await storedIdToken(page);
    const created = await page.evaluate(
      async ({ api, bearer }) => {
        const response = await fetch(`${api}/order`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
          body: JSON.stringify({
            items: [{ productId: 'product-g1-4g', quantity: 2 }],
            addressId: 'address-1001',
            paymentMethodId: 'payment-method-pix',
            installments: 1,
          }),
        });
        return { status: response.status, body: (await response.json()) as { id: string; number: number } };
      },
      { api: API, bearer: token },
    );
    expect(created.status).toBe(201);
    const { id, number } = created.body;
    // (The browser demo stored its data 300 ms after a change and this test waited for it; the Workers answer
    // 201 once the order is committed.)

    await page.goto(`${PORTAL}/orders/${id}`);
    await expect(page.getByRole('heading', { name: `Pedido #${number}`, level: 1 })).toBeVisible();
    const pay = page.getByRole('region', { name: 'Pague com Pix' });
    await expect(pay.getByLabel('Código Pix copia e cola')).toHaveValue(/^000201/);
    await expect(pay.getByRole('button', { name: 'Copiar código Pix' })).toBeVisible();
    await expect(pay.getByRole('img', { name: `QR code Pix do pedido #${number}` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Dispositivos deste pedido' })).toContainText('Aguardando o pagamento');
    await expectAccessible(page, 'pedidos: Pix');

    await pay.getByRole('button', { name: 'Já paguei' }).click();
    await expect(pay.getByText('Confirmando pagamento…')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancelar pedido' })).toBeHidden();

    // The demo platform (the main Worker in demo mode) confirms 5 s later; the page polls meanwhile.
    await expect(page.getByText(/^Status:\s*Pago$/)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(`Pagamento confirmado: o pedido #${number} está pago.`)).toBeVisible();
    await expect(pay).toBeHidden();
    await expect(page.getByRole('list', { name: `Andamento do pedido #${number}` })).toContainText(/Pago.*Plataforma de pagamento/);

    const devices = page.getByRole('list', { name: 'Dispositivos deste pedido' }).getByRole('listitem');
    await expect(devices).toHaveCount(2);
    await expect(devices.first()).toContainText('Nunca conectado');
    const link = devices.first().getByRole('link', { name: /^\/setup\/PNT-/ });
    const code = ((await link.textContent()) ?? '').replace('/setup/', '').trim();
    expect(code).toMatch(/^PNT-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    await expect(devices.first()).toContainText(code);
    await expect(link).toHaveAttribute('href', `/setup/${code}`);
    await expectAccessible(page, 'pedidos: pago com dispositivos');

    await devices.first().getByRole('button', { name: /QR code/ }).click();
    const qr = page.getByRole('dialog', { name: /^QR code de / });
    await expect(qr.getByRole('img')).toBeVisible();
    await expect(qr).toContainText(`/setup/${code}`);
    await expectAccessible(page, 'pedidos: QR code do dispositivo');
    await qr.getByRole('button', { name: 'Fechar' }).click();

    // The setup link resolves the code: the gateway is already this account's, so its page opens.
    const [setupUrl] = await Promise.all([
      page.waitForURL(new RegExp(`/setup/${code}$`)).then(() => page.url()),
      link.click(),
    ]);
    expect(setupUrl).toContain(`/setup/${code}`);
    await expect(page).toHaveURL(/\/devices\/device-\d+$/);
    const details = page.getByRole('region', { name: 'Dados do dispositivo' });
    await expect(details.getByText(code)).toBeVisible();
    await expect(details.getByText('Nunca conectado')).toBeVisible();

    // And it is in Dispositivos.
    await page.goto(`${PORTAL}/devices?q=${code}`);
    await expect(page.getByRole('table', { name: 'Dispositivos' }).locator('tbody tr')).toHaveCount(1);
    expect(errors).toEqual([]);
  });

  test('another account’s order is "Pedido não encontrado"', async ({ page }) => {
    await page.goto(`${PORTAL}/orders/order-1005`);
    await expect(page.getByRole('heading', { name: 'Pedido não encontrado', level: 1 })).toBeVisible();
    await expectAccessible(page, 'pedidos: não encontrado');
  });
});

test.describe('Pedidos on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('cards and the detail fit 390 px', async ({ page }) => {
    await signIn(page, PORTAL, CUSTOMER);
    await openList(page);
    await expect(table(page)).toBeHidden();
    const cards = page.getByRole('list', { name: 'Pedidos' }).getByRole('listitem');
    await expect(cards).toHaveCount(6);
    await expect(cards.first()).toContainText('Aguardando pagamento');
    const fits = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await fits();
    await expectAccessible(page, 'pedidos: celular');

    await cards.first().getByRole('link', { name: '#1004' }).click();
    await expect(page.getByRole('heading', { name: 'Pedido #1004', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Já paguei' })).toBeVisible();
    await fits();
    await expectAccessible(page, 'pedidos: detalhe no celular');

    await page.goto(`${PORTAL}/orders/order-1001`);
    await expect(page.getByRole('list', { name: 'Dispositivos deste pedido' }).getByRole('listitem')).toHaveCount(30);
    await fits();
  });
});
