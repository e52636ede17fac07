import type { Page } from '@playwright/test';
import { AREAS, trackErrors, CUSTOMER, expect, expectAccessible, clickRowAction, arrangeFault, signIn, test } from './support';

const PORTAL = AREAS.portal.byHost;
const NOT_FOUND = 'CEP não encontrado. Preencha o endereço manualmente.';
const LOOKUP_FAILED = 'Não foi possível buscar o CEP agora. Preencha o endereço manualmente.';
const BAD_CEP = 'CEP inválido. Use 8 números, ex.: 01310-100.';

async function openList(page: Page) {
  await page.goto(`${PORTAL}/settings/addresses`);
  await expect(page.getByRole('heading', { name: 'Meus Endereços', level: 1 })).toBeVisible();
}

async function openNew(page: Page) {
  await openList(page);
  await page.getByRole('link', { name: 'Novo endereço' }).first().click();
  await expect(page.getByRole('heading', { name: 'Novo endereço', level: 1 })).toBeVisible();
}

/** Back to the list inside the app (the breadcrumb), as a user would: no page load. */
async function backToList(page: Page) {
  await page.getByRole('navigation', { name: 'Trilha de navegação' }).getByRole('link', { name: 'Meus Endereços' }).click();
  await expect(page.getByRole('heading', { name: 'Meus Endereços', level: 1 })).toBeVisible();
}

const table = (page: Page) => page.getByRole('table', { name: 'Meus Endereços' });
const rows = (page: Page) => table(page).locator('tbody tr');
const row = (page: Page, name: string) => rows(page).filter({ has: page.getByRole('link', { name: new RegExp(`^${name}`) }) });
/** The line under the CEP field (the look-up's state, announced politely). */
const cepStatus = (page: Page) => page.locator('p[id$="-hint"]').getByRole('status');

test.describe('Meus Endereços', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, PORTAL, CUSTOMER);
  });

  test('the seeded addresses; one added by CEP, made the default, edited; the factory refused, the new one deleted', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const errors = trackErrors(page);

    // Reached from Configurações.
    await page.goto(`${PORTAL}/settings/`);
    await page.getByRole('link', { name: /Meus Endereços/ }).click();
    await expect(page.getByRole('heading', { name: 'Meus Endereços', level: 1 })).toBeVisible();
    await expect(rows(page)).toHaveCount(2);
    await expect(row(page, 'Fábrica')).toContainText('Padrão');
    await expect(row(page, 'Fábrica')).toContainText('Rua Lauro Vannucci, 1020');
    await expect(row(page, 'Escritório')).toContainText('Avenida Paulista, 1578');
    await expect(row(page, 'Escritório')).not.toContainText('Padrão');
    await expectAccessible(page, 'endereços: lista');

    // A new address by its CEP: Rua, Bairro, Cidade and UF filled, focus on Número.
    await page.getByRole('link', { name: 'Novo endereço' }).first().click();
    await expect(page.getByRole('heading', { name: 'Novo endereço', level: 1 })).toBeVisible();
    for (const label of ['Apelido', 'CEP', 'Rua', 'Número', 'Complemento', 'Bairro', 'Cidade', 'UF']) {
      await expect(page.getByLabel(label, { exact: true })).toBeVisible();
    }
    const label = `Depósito Joinville ${Date.now().toString(36)}`;
    await page.getByLabel('Apelido').fill(label);
    await page.getByLabel('CEP').fill('89220120');
    await expect(page.getByLabel('CEP')).toHaveValue('89220-120');
    await expect(page.getByLabel('Rua')).toHaveValue('Rua Araquã');
    await expect(page.getByLabel('Bairro')).toHaveValue('Costa e Silva');
    await expect(page.getByLabel('Cidade')).toHaveValue('Joinville');
    await expect(page.getByLabel('UF')).toHaveValue('SC');
    await expect(page.getByLabel('Número')).toBeFocused();
    await expect(cepStatus(page)).toHaveText('Endereço encontrado: Rua Araquã, Costa e Silva, Joinville/SC.');
    await expectAccessible(page, 'endereços: formulário preenchido pelo CEP');
    await page.keyboard.type('455');
    await page.getByLabel('Complemento').fill('Doca 2');
    await page.getByRole('button', { name: 'Salvar' }).click();

    await expect(page.getByRole('heading', { name: label, level: 1 })).toBeVisible();
    await expect(page.getByText('Endereço cadastrado.')).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: 'Rua Araquã' })).toBeVisible();
    await expectAccessible(page, 'endereços: detalhe');

    // Made the default from the list: the badge moves.
    await backToList(page);
    await expect(rows(page)).toHaveCount(3);
    await clickRowAction(page, label, 'Definir como padrão');
    await expect(page.getByText(`“${label}” agora é o seu endereço padrão.`)).toBeVisible();
    await expect(row(page, label)).toContainText('Padrão');
    await expect(row(page, 'Fábrica')).not.toContainText('Padrão');

    // Edited.
    await clickRowAction(page, label, 'Editar');
    await expect(page.getByRole('heading', { name: 'Editar endereço', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Número')).toHaveValue('455');
    await page.getByLabel('Complemento').fill('Doca 3 — portão azul');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Alterações salvas.')).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: 'Doca 3 — portão azul' })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: 'Sim: já vem escolhido no checkout' })).toBeVisible();

    expect(errors).toEqual([]);

    // The factory ships open orders: refused, and the dialog says why.
    await backToList(page);
    await clickRowAction(page, 'Fábrica', 'Excluir');
    const refuse = page.getByRole('alertdialog', { name: 'Excluir endereço?' });
    await expect(refuse).toContainText('Fábrica');
    await expect(refuse.getByRole('button', { name: 'Cancelar' })).toBeFocused();
    await expectAccessible(page, 'endereços: confirmação de exclusão');
    await refuse.getByRole('button', { name: 'Excluir' }).click();
    await expect(refuse.getByRole('alert')).toHaveText(/^Este endereço não pode ser excluído: \d+ pedidos? em aberto o usam?\.$/);
    await expectAccessible(page, 'endereços: exclusão recusada');
    await refuse.getByRole('button', { name: 'Cancelar' }).click();
    await expect(refuse).toBeHidden();
    await expect(rows(page)).toHaveCount(3);

    // The new one (the default) is deleted from its page; the flag goes back to an address left.
    await row(page, label).getByRole('link').first().click();
    await page.getByRole('button', { name: 'Excluir' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Excluir endereço?' });
    await expect(confirm).toContainText('É o seu endereço padrão');
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await expect(page.getByText('Endereço excluído.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Meus Endereços', level: 1 })).toBeVisible();
    await expect(rows(page)).toHaveCount(2);
    await expect(table(page).getByText('Padrão')).toHaveCount(1);
    // Nothing went wrong but the refused delete, whose 409 the browser logs.
    expect(errors.filter((error) => !error.includes('status of 409'))).toEqual([]);
  });

  test('an unknown CEP is said on the field and the address is typed by hand', async ({ page }) => {
    await openNew(page);
    await page.getByLabel('CEP').fill('99999-998');
    await expect(cepStatus(page)).toHaveText(NOT_FOUND);
    await expect(page.getByLabel('CEP')).toHaveAccessibleDescription(NOT_FOUND);
    await expect(page.getByLabel('Rua')).toHaveValue('');
    await page.getByLabel('Rua').fill('Estrada Geral do Testo Alto');
    await page.getByLabel('Número').fill('s/n');
    await page.getByLabel('Bairro').fill('Testo Alto');
    await page.getByLabel('Cidade').fill('Pomerode');
    await page.getByLabel('UF').selectOption('SC');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByRole('heading', { name: 'Estrada Geral do Testo Alto, s/n', level: 1 })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: '99999-998' })).toBeVisible();
  });

  test('a CEP with letters or 7 digits is refused on the field', async ({ page }) => {
    await openNew(page);
    const cep = page.getByLabel('CEP');
    await cep.pressSequentially('0131a010');
    await expect(cep).toHaveValue('01310-10');
    await expect(cepStatus(page)).toHaveText('O CEP aceita apenas números: “a” foi ignorado.');
    await cep.blur();
    await expect(page.getByText(BAD_CEP)).toBeVisible();
    await expect(cep).toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Informe a rua.')).toBeVisible();
    await expect(cep).toBeFocused();
    await expectAccessible(page, 'endereços: formulário com erros');
    // Corrected: the look-up fills the rest.
    await cep.fill('01310100');
    await expect(page.getByLabel('Rua')).toHaveValue('Avenida Paulista');
    await expect(page.getByText(BAD_CEP)).toBeHidden();
    await expect(page.getByText('Informe a rua.')).toBeHidden();
  });

  test('a look-up that fails falls back to manual entry, and can be tried again', async ({ page }) => {
    await openNew(page);
    await arrangeFault(page, { mode: '500', match: '/address/cep/', method: 'GET', remaining: 1 });
    await page.getByLabel('CEP').fill('80530-000');
    await expect(cepStatus(page)).toHaveText(LOOKUP_FAILED, { timeout: 15_000 });
    await expect(page.getByLabel('Rua')).toBeEditable();
    await page.getByRole('button', { name: 'Buscar de novo' }).click();
    await expect(page.getByLabel('Rua')).toHaveValue('Avenida Cândido de Abreu');
    await expect(page.getByLabel('Bairro')).toHaveValue('Centro Cívico');
  });

  test("another builder's address answers the not-found page", async ({ page }) => {
    await page.goto(`${PORTAL}/settings/addresses/address-1003`);
    await expect(page.getByRole('heading', { name: 'Endereço não encontrado' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Voltar para Meus Endereços' })).toBeVisible();
  });
});

test.describe('Meus Endereços on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('cards, and the form fits at 390x844 with the CEP look-up', async ({ page }) => {
    await signIn(page, PORTAL, CUSTOMER);
    await openList(page);
    await expect(table(page)).toBeHidden();
    const cards = page.getByRole('list', { name: 'Meus Endereços' }).getByRole('listitem');
    await expect(cards).toHaveCount(2);
    await expect(cards.filter({ hasText: 'Fábrica' })).toContainText('Padrão');
    const fits = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await fits();
    await expectAccessible(page, 'endereços: celular, lista');

    await page.getByRole('link', { name: 'Novo endereço' }).first().click();
    await expect(page.getByRole('heading', { name: 'Novo endereço', level: 1 })).toBeVisible();
    await page.getByLabel('CEP').fill('69020060');
    await expect(page.getByLabel('Cidade')).toHaveValue('Manaus');
    await expect(page.getByLabel('Número')).toBeFocused();
    await fits();
    await expectAccessible(page, 'endereços: celular, formulário');
    await page.getByLabel('Número').fill('120');
    await page.getByRole('button', { name: 'Salvar' }).scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByRole('heading', { name: 'Rua Major Gabriel, 120', level: 1 })).toBeVisible();
    await fits();
  });
});
