import type { Page } from '@playwright/test';
import { ADMIN, AREAS, CUSTOMER, expect, expectAccessible, signIn, test, trackErrors } from './support';

const BACKOFFICE = AREAS.backoffice.byHost;
const PORTAL = AREAS.portal.byHost;

const table = (page: Page) => page.getByRole('table', { name: 'Catálogo' });
const stepHeading = (page: Page, name: string) => page.getByRole('heading', { name, level: 2, exact: true });

async function continueTo(page: Page, step: string) {
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(stepHeading(page, step)).toBeFocused();
}

test.describe('Catálogo', () => {
  test('the sidebar item after "Plat. de Pagamento"; bad input refused; staff create a product, a customer buys it', async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    const errors = trackErrors(page);
    await signIn(page, BACKOFFICE, ADMIN, '/backoffice-login');
    const nav = page.getByRole('navigation', { name: 'Back office' });
    const items = await nav.getByRole('link').allTextContents();
    expect(items.indexOf('Catálogo')).toBe(items.indexOf('Plat. de Pagamento') + 1);
    await nav.getByRole('link', { name: 'Catálogo' }).click();
    await expect(page).toHaveURL(/\/backoffice-catalog$/);
    await expect(page.getByRole('heading', { name: 'Catálogo', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Catálogo · Ponte IIoT');
    await expect(table(page).getByText('Gateway Ponte G1 4G')).toBeVisible();
    await expect(table(page).getByText('R$ 1.890,00')).toBeVisible();
    await expectAccessible(page, 'catálogo: lista');

    // "Novo produto": a price of 0, negative or not a number, then a SKU already taken, each said on its field.
    await page.getByRole('link', { name: 'Novo produto' }).first().click();
    await expect(page.getByRole('heading', { name: 'Novo produto', level: 1 })).toBeVisible();
    const suffix = Date.now().toString(36).toUpperCase();
    const name = `Gateway Ponte G2 5G ${suffix}`;
    await page.getByLabel('Tipo', { exact: true }).selectOption({ label: 'Gateway' });
    await page.getByLabel('SKU', { exact: true }).fill('PG1-4G');
    await page.getByLabel('Nome', { exact: true }).fill(name);
    await page.getByLabel('Descrição', { exact: true }).fill('Gateway industrial com modem 5G e VPN integrada.');
    await page.getByLabel('Máximo por pedido', { exact: true }).fill('20');
    await page.getByLabel('Imagem', { exact: true }).selectOption({ label: 'Gateway 4G (antenas)' });
    const price = page.getByLabel('Preço unitário (R$)', { exact: true });
    for (const [typed, message] of [
      ['0', 'O preço deve ser maior que zero.'],
      ['-1,00', 'O preço deve ser maior que zero.'],
      ['abc', 'Preço inválido. Use reais e centavos, por exemplo 1.890,00.'],
    ] as const) {
      await price.fill(typed);
      await page.getByRole('button', { name: 'Salvar' }).click();
      await expect(page.getByText(message)).toBeVisible();
      await expect(price).toHaveAttribute('aria-invalid', 'true');
    }
    await expectAccessible(page, 'catálogo: formulário com erro');
    await price.fill('2.490,00');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Já existe um produto com este SKU.')).toBeVisible();
    await expect(page.getByLabel('SKU', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('SKU', { exact: true }).fill(`pg2-${suffix}`);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Produto cadastrado: já está à venda no portal.')).toBeVisible();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.getByText('R$ 2.490,00 · Gateway')).toBeVisible();

    // A customer finds it in the portal's checkout and orders it.
    const context = await browser.newContext();
    const portal = await context.newPage();
    const portalErrors = trackErrors(portal);
    await signIn(portal, PORTAL, CUSTOMER);
    await portal.goto(`${PORTAL}/orders/checkout`);
    await expect(stepHeading(portal, 'Itens')).toBeVisible();
    await expect(portal.getByRole('heading', { name, level: 4 })).toBeVisible();
    await portal.getByRole('button', { name: `Adicionar ${name}` }).click();
    const quantity = portal.getByRole('textbox', { name: `Quantidade de ${name}`, exact: true });
    await expect(quantity).toBeFocused();
    await quantity.fill('2');
    await expect(portal.getByRole('region', { name: 'Resumo do pedido' })).toContainText(`2 × ${name}`);
    await continueTo(portal, 'Entrega');
    await continueTo(portal, 'Pagamento');
    await portal.getByRole('radio', { name: /^Pix/ }).check();
    await continueTo(portal, 'Revisão');
    await portal.getByRole('button', { name: 'Finalizar pedido' }).click();
    const created = portal.getByRole('heading', { name: /^Pedido #\d+ criado$/ });
    await expect(created).toBeFocused();
    const number = /#(\d+)/.exec((await created.textContent()) ?? '')?.[1];

    // Staff change the price: the order keeps the one it was placed with.
    await page.getByRole('link', { name: 'Editar' }).click();
    await page.getByLabel('Preço unitário (R$)', { exact: true }).fill('2.990,00');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('R$ 2.990,00 · Gateway')).toBeVisible();
    await portal.goto(`${PORTAL}/orders/`);
    await portal.getByRole('link', { name: `#${number}`, exact: true }).first().click();
    await expect(portal.getByRole('heading', { name: `Pedido #${number}`, level: 1 })).toBeVisible();
    await expect(portal.getByText(name).first()).toBeVisible();
    await expect(portal.getByText('R$ 2.490,00').first()).toBeVisible();

    // On an order, it cannot be deleted: the dialog says why; deactivated, it leaves the portal's catalog.
    await page.getByRole('button', { name: 'Excluir' }).click();
    const remove = page.getByRole('alertdialog', { name: 'Excluir produto?' });
    await remove.getByRole('button', { name: 'Excluir' }).click();
    await expect(remove.getByRole('alert')).toContainText('Este produto está em pedidos em aberto e não pode ser excluído');
    await remove.getByRole('button', { name: 'Cancelar' }).click();
    await page.getByRole('button', { name: 'Desativar' }).click();
    const deactivate = page.getByRole('alertdialog', { name: 'Desativar produto?' });
    await deactivate.getByRole('button', { name: 'Desativar' }).click();
    await expect(page.getByText('Produto desativado: saiu do catálogo do portal.')).toBeVisible();
    await portal.goto(`${PORTAL}/orders/checkout`);
    await expect(stepHeading(portal, 'Itens')).toBeVisible();
    await expect(portal.getByRole('button', { name: 'Adicionar Gateway Ponte G1 4G' })).toBeVisible();
    await expect(portal.getByRole('heading', { name, level: 4 })).toHaveCount(0);

    await context.close();
    // The two refusals the test asked for (the SKU taken, the delete of a product on orders) and nothing else.
    const conflict = 'console: Failed to load resource: the server responded with a status of 409 (Conflict)';
    expect(errors).toEqual([conflict, conflict]);
    expect(portalErrors).toEqual([]);
  });
});
