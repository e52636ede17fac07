import type { Locator, Page } from '@playwright/test';
import { ADMIN, API, AREAS, trackErrors, CUSTOMER, expect, expectAccessible, storedIdToken, signIn, test } from './support';


const table = (page: Page) => page.getByRole('table', { name: 'Ordens de Compra' });
const rows = (page: Page) => table(page).locator('tbody tr');

/** "Alterar status" → the new status (and its field) → Continuar → Confirmar, and the dialog closes. */
async function changeStatus(page: Page, label: string, fill?: (dialog: Locator) => Promise<void>) {
  await page.getByRole('button', { name: 'Alterar status' }).click();
  const dialog = page.getByRole('dialog', { name: /^Alterar status do pedido #\d+$/ });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Novo status').selectOption({ label });
  await fill?.(dialog);
  await dialog.getByRole('button', { name: 'Continuar' }).click();
  await expect(dialog.getByRole('heading', { name: 'Confirme a alteração' })).toBeFocused();
  await expect(dialog).toContainText(new RegExp(`passará de .+ para ${label}\\.`));
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^Status:/)).toHaveText(new RegExp(`^Status:\\s*${label}$`));
}

test.describe('Ordens de Compra', () => {
  test('#1004 found by search, moved Pago → Em separação → Enviado → Entregue; the builder sees it in the portal', async ({ page }) => {
    test.setTimeout(120_000);
    const errors = trackErrors(page);
    // By path: the back office and the portal share one origin, so one demo database (IndexedDB) for both.
    const BACKOFFICE = AREAS.backoffice.byPath;
    const PORTAL = AREAS.portal.byPath;
    await signIn(page, BACKOFFICE, ADMIN, '/backoffice-login');
    await page.goto(`${BACKOFFICE}/backoffice-orders`);
    await expect(page.getByRole('heading', { name: 'Ordens de Compra', level: 1 })).toBeVisible();
    await expect(rows(page)).toHaveCount(7);
    await expect(rows(page).filter({ hasText: '#1005' })).toContainText('João Pereira Costa');
    await expectAccessible(page, 'ordens de compra: lista');

    await page.getByRole('searchbox', { name: 'Buscar ordens de compra' }).fill('1004');
    await expect(page).toHaveURL(/q=1004/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('Maria Oliveira Santos');
    await expect(rows(page).first()).toContainText('45.278.193/0001-85');
    await expect(rows(page).first()).toContainText('Aguardando pagamento');
    await rows(page).first().getByRole('link', { name: '#1004' }).click();
    await expect(page.getByRole('heading', { name: 'Pedido #1004', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/backoffice-orders\/order-1004$/);
    const timeline = page.getByRole('list', { name: 'Andamento do pedido #1004' });
    const byStaff = timeline.getByRole('listitem').filter({ hasText: 'Rafael Souza Lima' });
    await expect(timeline).toContainText('por Maria Oliveira Santos');
    await expect(byStaff).toHaveCount(0);
    await expectAccessible(page, 'ordens de compra: detalhe');

    // Out of order is impossible from the UI: only the next step and Cancelado are offered.
    await page.getByRole('button', { name: 'Alterar status' }).click();
    const dialog = page.getByRole('dialog', { name: 'Alterar status do pedido #1004' });
    await expect(dialog.getByLabel('Novo status').locator('option')).toHaveText(['Selecione o novo status', 'Pago', 'Cancelado']);
    await expectAccessible(page, 'ordens de compra: alterar status');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();

    await changeStatus(page, 'Pago');
    await expect(byStaff).toHaveCount(1);
    await expect(page.getByRole('region', { name: 'Dispositivos provisionados' }).getByRole('listitem')).toHaveCount(2);
    await changeStatus(page, 'Em separação');
    await expect(byStaff).toHaveCount(2);

    // Enviado: the tracking code is required, then given.
    await changeStatus(page, 'Enviado', async (form) => {
      await form.getByRole('button', { name: 'Continuar' }).click();
      await expect(form.getByText('Informe o código de rastreio.')).toBeVisible();
      await expect(form.getByLabel('Código de rastreio')).toBeFocused();
      await form.getByLabel('Código de rastreio').fill('BR987654321BR');
    });
    await expect(byStaff).toHaveCount(3);
    await expect(byStaff.last()).toContainText('Código de rastreio: BR987654321BR');
    await expect(page.getByRole('region', { name: 'Entrega' })).toContainText('Código de rastreio: BR987654321BR');

    // …and the API refuses a change out of order with the reason.
    const token = await storedIdToken(page);
    const errorsBefore = errors.length;
    const refused = await page.evaluate(
      async ({ api, bearer }) => {
        const headers = { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' };
        const current = (await (await fetch(`${api}/backoffice/order/order-1004`, { headers })).json()) as { version: number };
        const response = await fetch(`${api}/backoffice/order/order-1004/status`, {
          method: 'POST',
          headers: { ...headers, 'If-Match': String(current.version) },
          body: JSON.stringify({ status: 'pago' }),
        });
        return { status: response.status, body: (await response.json()) as { error: { code: string; message: string } } };
      },
      { api: API, bearer: token },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'invalid-transition', message: 'Este pedido está Enviado: só pode passar para Entregue.' });
    // The browser logs the refused request itself: that one is expected.
    await expect.poll(() => errors.length).toBe(errorsBefore + 1);
    expect(errors.splice(errorsBefore)).toEqual(['console: Failed to load resource: the server responded with a status of 409 (Conflict)']);

    await changeStatus(page, 'Entregue');
    await expect(byStaff).toHaveCount(4);
    await expect(page.getByRole('button', { name: 'Alterar status' })).toBeHidden();

    // The builder's page, from the order.
    await page.getByRole('region', { name: 'Montadora' }).getByRole('link', { name: 'Maria Oliveira Santos' }).click();
    await expect(page).toHaveURL(/\/backoffice-orders\?assembler=/);
    const card = page.getByRole('region', { name: 'Maria Oliveira Santos' });
    await expect(card).toContainText('45.278.193/0001-85');
    await expect(card).toContainText('cliente@example.com');
    await expect(card).toContainText('6 pedidos (2 em aberto)');
    await expect(rows(page)).toHaveCount(6);

    // The builder sees the change in the portal.
    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/backoffice-login$/);
    await signIn(page, PORTAL, CUSTOMER);
    await page.goto(`${PORTAL}/orders/order-1004`);
    await expect(page.getByRole('heading', { name: 'Pedido #1004', level: 1 })).toBeVisible();
    await expect(page.getByText(/^Status:/)).toHaveText(/^Status:\s*Entregue$/);
    const portalTimeline = page.getByRole('list', { name: 'Andamento do pedido #1004' });
    await expect(portalTimeline.getByRole('listitem').filter({ hasText: 'por Rafael Souza Lima (equipe Ponte IIoT)' })).toHaveCount(4);
    await expect(page.getByRole('region', { name: 'Entrega' })).toContainText('BR987654321BR');
    expect(errors).toEqual([]);
  });

  test('a builder’s page by the Montadora filter, and back to every builder', async ({ page }) => {
    await signIn(page, AREAS.backoffice.byHost, ADMIN, '/backoffice-login');
    await page.goto(`${AREAS.backoffice.byHost}/backoffice-orders`);
    await expect(rows(page)).toHaveCount(7);
    await page.getByRole('combobox', { name: 'Filtrar por montadora' }).click();
    await page.getByRole('option', { name: 'João Pereira Costa' }).click();
    await expect(page).toHaveURL(/assembler=demo-montadora-serra/);
    const card = page.getByRole('region', { name: 'João Pereira Costa' });
    await expect(card).toContainText(/\d{2}\.\d{3}\.\d{3}\/0001-\d{2}/);
    await expect(card).toContainText('joao@serra-equipamentos.exemplo.com.br');
    await expect(card.getByRole('list', { name: 'Gateways da montadora por status' })).toContainText('Online1');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('#1005');
    await expectAccessible(page, 'ordens de compra: página da montadora');
    await card.getByRole('button', { name: 'Ver todas as montadoras' }).click();
    await expect(card).toBeHidden();
    await expect(page).not.toHaveURL(/assembler=/);
    await expect(rows(page)).toHaveCount(7);
  });

  test('phone (390x844): the list as cards with its filters', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, AREAS.backoffice.byHost, ADMIN, '/backoffice-login');
    await page.goto(`${AREAS.backoffice.byHost}/backoffice-orders?status=aguardando-pagamento`);
    await expect(page.getByRole('heading', { name: 'Ordens de Compra', level: 1 })).toBeVisible();
    const cards = page.getByRole('list', { name: 'Ordens de Compra' });
    await expect(cards.getByRole('listitem')).toHaveCount(1);
    await expect(cards).toContainText('#1004');
    await expect(cards).toContainText('Maria Oliveira Santos');
    for (const name of ['Filtrar por status', 'Filtrar por período', 'Filtrar por montadora', 'Filtrar por forma de pagamento']) {
      await expect(page.getByRole('combobox', { name })).toBeVisible();
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'ordens de compra: celular');
    await cards.getByRole('link', { name: '#1004' }).click();
    await expect(page.getByRole('heading', { name: 'Pedido #1004', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Alterar status' }).click();
    await expect(page.getByRole('dialog', { name: 'Alterar status do pedido #1004' })).toBeVisible();
    await expectAccessible(page, 'ordens de compra: alterar status no celular');
  });
});
