import type { Page } from '@playwright/test';
import { ADMIN, AREAS, trackErrors, CUSTOMER, expect, expectAccessible, signIn, test } from './support';

const BACKOFFICE = AREAS.backoffice.byHost;

const table = (page: Page) => page.getByRole('table', { name: 'Regras de Desconto' });

async function fillRule(page: Page, values: { name: string; minQuantity: string; percent: string }) {
  await page.getByLabel('Nome', { exact: true }).fill(values.name);
  await page.getByLabel('Quantidade mínima', { exact: true }).fill(values.minQuantity);
  await page.getByLabel('Desconto (%)', { exact: true }).fill(values.percent);
}

test.describe('Regras de Desconto', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, BACKOFFICE, ADMIN, '/backoffice-login');
  });

  test('the item of the sidebar after VPN; the list by minimum quantity', async ({ page }) => {
    const nav = page.getByRole('navigation', { name: 'Back office' });
    const items = await nav.getByRole('link').allTextContents();
    expect(items.indexOf('Regras de Desconto')).toBe(items.indexOf('VPN') + 1);
    expect(items.indexOf('VPN')).toBe(items.indexOf('Catálogo') + 1);
    await nav.getByRole('link', { name: 'Regras de Desconto' }).click();
    await expect(page.getByRole('heading', { name: 'Regras de Desconto', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Regras de Desconto · Ponte IIoT');
    await expect(nav.getByRole('link', { name: 'Regras de Desconto' })).toHaveAttribute('aria-current', 'page');
    await expect(table(page).getByRole('columnheader', { name: /Quantidade mínima/ })).toHaveAttribute('aria-sort', 'ascending');
    await expect(table(page).getByText('Lote de 20 gateways')).toBeVisible();
    await expectAccessible(page, 'regras: lista');

    await page.getByRole('searchbox', { name: 'Buscar regras' }).fill('nada disso existe');
    await expect(page.getByText('Nenhum resultado')).toBeVisible();
    await page.getByRole('button', { name: 'Limpar busca', exact: true }).click();
    await expect(table(page).getByText('Lote de 20 gateways')).toBeVisible();
  });

  test('12,5 is refused, a contradicting rule is refused with the reason, a valid one is created and activated', async ({ page }) => {
    test.setTimeout(90_000);
    const errors = trackErrors(page);
    await page.goto(`${BACKOFFICE}/backoffice-discount-rule`);
    await page.getByRole('link', { name: 'Nova regra' }).first().click();
    await expect(page.getByRole('heading', { name: 'Nova regra', level: 1 })).toBeVisible();
    for (const label of ['Nome', 'Quantidade mínima', 'Desconto (%)', 'Válida de', 'Válida até', 'Ativa']) {
      await expect(page.getByLabel(label, { exact: true })).toBeVisible();
    }

    const name = `Lote de 40 gateways ${Date.now().toString(36)}`;
    await fillRule(page, { name, minQuantity: '40', percent: '12,5' });
    // Leaving the field says it at once; the save then puts the focus back on it.
    await page.getByLabel('Desconto (%)', { exact: true }).blur();
    await expect(page.getByText('Use um número inteiro de 1 a 50.')).toBeVisible();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Use um número inteiro de 1 a 50.')).toBeVisible();
    await expect(page.getByLabel('Desconto (%)', { exact: true })).toBeFocused();
    await expectAccessible(page, 'regras: formulário com erro');

    for (const percent of ['0', '51']) {
      await page.getByLabel('Desconto (%)', { exact: true }).fill(percent);
      await page.getByRole('button', { name: 'Salvar' }).click();
      await expect(page.getByText('Use um número inteiro de 1 a 50.')).toBeVisible();
    }

    // An inverted period.
    await page.getByLabel('Desconto (%)', { exact: true }).fill('14');
    await page.getByLabel('Válida de', { exact: true }).fill('2027-01-10');
    await page.getByLabel('Válida até', { exact: true }).fill('2027-01-05');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('A data final deve ser depois da inicial.')).toBeVisible();
    await page.getByLabel('Válida de', { exact: true }).fill('');
    await page.getByLabel('Válida até', { exact: true }).fill('');

    // More units for a smaller discount than "Lote de 20 gateways" (12 %): refused with the reason.
    await page.getByLabel('Desconto (%)', { exact: true }).fill('10');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(
      page.getByText('Conflita com a regra "Lote de 20 gateways": uma quantidade maior precisa de um desconto maior.'),
    ).toBeVisible();
    await expect(page.getByLabel('Desconto (%)', { exact: true })).toHaveAttribute('aria-invalid', 'true');

    // The same minimum as an active rule: refused with the reason.
    await page.getByLabel('Quantidade mínima', { exact: true }).fill('20');
    await page.getByLabel('Desconto (%)', { exact: true }).fill('13');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(
      page.getByText('Já existe uma regra ativa com quantidade mínima 20 no mesmo período: Lote de 20 gateways.'),
    ).toBeVisible();
    await expectAccessible(page, 'regras: conflito');

    // A valid tier, saved inactive, then activated.
    await page.getByLabel('Quantidade mínima', { exact: true }).fill('40');
    await page.getByLabel('Desconto (%)', { exact: true }).fill('14');
    await page.getByLabel('Ativa', { exact: true }).uncheck();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.getByText('Regra cadastrada (inativa).')).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: 'Não: a regra está inativa.' })).toBeVisible();
    await expectAccessible(page, 'regras: detalhe');

    await page.getByRole('button', { name: 'Ativar' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Ativar regra?' });
    await expect(dialog).toContainText('passa a dar 14');
    await expectAccessible(page, 'regras: confirmação de ativação');
    await dialog.getByRole('button', { name: 'Ativar' }).click();
    await expect(page.getByText('Regra ativada: o checkout já aplica este desconto.')).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: 'Sim: o checkout aplica esta regra agora.' })).toBeVisible();

    await page.goto(`${BACKOFFICE}/backoffice-discount-rule`);
    const row = table(page).locator('tbody tr').filter({ hasText: name });
    await expect(row.getByText('Ativa', { exact: true })).toBeVisible();
    await expect(row).toContainText('14');
    // The two refusals (409) are the only failed requests the console reports.
    expect(errors.filter((error) => !error.includes('status of 409 (Conflict)'))).toEqual([]);
  });

  test('activating a rule that contradicts an active one is refused in the dialog', async ({ page }) => {
    // A draft: 15 units for 20 % (more than "Lote de 20 gateways" gives for more units).
    await page.goto(`${BACKOFFICE}/backoffice-discount-rule/new`);
    const name = `Rascunho ${Date.now().toString(36)}`;
    await fillRule(page, { name, minQuantity: '15', percent: '20' });
    await page.getByLabel('Ativa', { exact: true }).uncheck();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

    await page.goto(`${BACKOFFICE}/backoffice-discount-rule`);
    await table(page).getByRole('button', { name: `Ações para ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Ativar' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Ativar regra?' });
    await dialog.getByRole('button', { name: 'Ativar' }).click();
    await expect(dialog.getByRole('alert')).toContainText(
      'Conflita com a regra "Lote de 20 gateways": uma quantidade maior precisa de um desconto maior.',
    );
    await expectAccessible(page, 'regras: ativação recusada');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(table(page).locator('tbody tr').filter({ hasText: name }).getByText('Inativa', { exact: true })).toBeVisible();
  });
});

test('a rule created in the back office changes the total of a checkout in the portal', async ({ page }) => {
  test.setTimeout(90_000);
  // By path: the back office and the portal share one origin, so one demo database (IndexedDB) for both.
  const portalBase = AREAS.portal.byPath;
  const checkoutSummary = page.getByRole('region', { name: 'Resumo do pedido' });
  const orderThirty = async () => {
    // A fresh cart each time (the cart is kept in localStorage across visits).
    await page.evaluate(() => localStorage.removeItem('ponte-checkout'));
    await page.goto(`${portalBase}/orders/checkout`);
    await page.getByRole('button', { name: 'Adicionar Gateway Ponte G1 4G' }).click();
    await page.getByRole('textbox', { name: 'Quantidade de Gateway Ponte G1 4G', exact: true }).fill('30');
    await expect(checkoutSummary).toContainText('30 × Gateway Ponte G1 4G');
  };

  await signIn(page, portalBase, CUSTOMER);
  await orderThirty();
  await expect(checkoutSummary.getByText('Lote de 20 gateways: 12%', { exact: true })).toBeVisible();
  const before = await checkoutSummary.textContent();
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/portal\/login$/);

  await signIn(page, AREAS.backoffice.byPath, ADMIN, '/backoffice-login');
  await page.goto(`${AREAS.backoffice.byPath}/backoffice-discount-rule/new`);
  await fillRule(page, { name: 'Lote de 30 gateways', minQuantity: '30', percent: '13' });
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('heading', { name: 'Lote de 30 gateways', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/backoffice-login$/);

  await signIn(page, portalBase, CUSTOMER);
  await orderThirty();
  await expect(checkoutSummary.getByText('Lote de 30 gateways: 13%', { exact: true })).toBeVisible();
  expect(await checkoutSummary.textContent()).not.toBe(before);
});
