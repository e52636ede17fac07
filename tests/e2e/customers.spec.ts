import type { Page } from '@playwright/test';
import { AREAS, trackErrors, CUSTOMER, expect, expectAccessible, arrangeFault, signIn, test } from './support';

const PORTAL = AREAS.portal.byHost;

/** A CNPJ with valid check digits from a 12-character base (numeric or alphanumeric). */
function cnpj(base: string): string {
  const digit = (chars: string, weights: number[]) => {
    const sum = weights.reduce((acc, weight, i) => acc + (chars.charCodeAt(i) - 48) * weight, 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const first = digit(base, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = digit(`${base}${first}`, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return `${base}${first}${second}`;
}

/** A fresh numeric base per call, so tests never collide with the seed or each other. */
function freshBase(): string {
  return `${Date.now()}${Math.floor(Math.random() * 100)}`.slice(-12).padStart(12, '7');
}

async function openList(page: Page, search = '') {
  await page.goto(`${PORTAL}/customers${search}`);
  await expect(page.getByRole('heading', { name: 'Clientes', level: 1 })).toBeVisible();
}

const table = (page: Page) => page.getByRole('table', { name: 'Clientes' });
const rows = (page: Page) => table(page).locator('tbody tr');

async function fillCustomer(page: Page, values: { name: string; cnpj: string; city?: string }) {
  await page.getByLabel('Razão social').fill(values.name);
  await page.getByLabel('CNPJ').fill(values.cnpj);
  if (values.city) await page.getByLabel('Cidade').fill(values.city);
}

test.describe('Clientes', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, PORTAL, CUSTOMER);
  });

  test('list: paged, sorted and searched, state in the URL, axe on each state', async ({ page }) => {
    const errors = trackErrors(page);
    await openList(page);
    await expect(rows(page)).toHaveCount(20);
    await expect(page.getByText(/Mostrando 1–20 de \d+/)).toBeVisible();
    const total = Number((await page.getByText(/Mostrando 1–20 de \d+/).textContent())?.match(/de (\d+)/)?.[1]);
    expect(total).toBeGreaterThanOrEqual(45);
    await expectAccessible(page, 'clientes: lista');

    // Sorted by razão social; a click on the header reverses it.
    const nameHeader = table(page).getByRole('columnheader', { name: /Razão social/ });
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    const firstAscending = await rows(page).first().locator('td, th').first().textContent();
    await nameHeader.getByRole('button').click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(page).toHaveURL(/sort=-name/);
    await expect(rows(page).first().locator('td, th').first()).not.toHaveText(firstAscending ?? '');

    // Third page.
    await page.getByRole('button', { name: 'Página 3' }).click();
    await expect(page).toHaveURL(/page=3/);
    await expect(page.getByText(new RegExp(`Mostrando 41–${Math.min(60, total)} de ${total}`))).toBeVisible();

    // Search by city: typed, debounced, back to page 1, in the URL.
    await page.getByRole('searchbox', { name: 'Buscar clientes' }).fill('campinas');
    await expect(page).toHaveURL(/q=campinas/);
    await expect(page).not.toHaveURL(/page=3/);
    await expect(rows(page).first()).toContainText('Campinas');

    // Nothing found: its own state, and "Limpar busca" brings the list back.
    await page.getByRole('searchbox', { name: 'Buscar clientes' }).fill('%"🚜 inexistente');
    await expect(page.getByText('Nenhum resultado')).toBeVisible();
    await expectAccessible(page, 'clientes: nenhum resultado');
    await page.getByRole('button', { name: 'Limpar busca', exact: true }).click();
    await expect(rows(page)).toHaveCount(20);
    expect(errors).toEqual([]);
  });

  test('bad list parameters fall back instead of failing', async ({ page }) => {
    await openList(page, '?page=-1&perPage=100000&sort=drop&uf=XX');
    await expect(rows(page)).toHaveCount(20);
    await expect(page.getByText(/Mostrando 1–20 de \d+/)).toBeVisible();
    await openList(page, '?page=abc');
    await expect(rows(page)).toHaveCount(20);
  });

  test('create: every bad input is said on its field, then a valid customer is saved once', async ({ page }) => {
    await openList(page);
    await page.getByRole('link', { name: 'Novo cliente' }).first().click();
    await expect(page.getByRole('heading', { name: 'Novo cliente', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Informe a razão social.')).toBeVisible();
    await expect(page.getByText('Informe o CNPJ.')).toBeVisible();
    await expect(page.getByLabel('Razão social')).toBeFocused();
    await expectAccessible(page, 'clientes: formulário com erros');

    const cnpjField = page.getByLabel('CNPJ');
    await cnpjField.fill('11.222.333/0001-82');
    await cnpjField.blur();
    await expect(page.getByText('CNPJ inválido.')).toBeVisible();
    await cnpjField.fill('00000000000000');
    await cnpjField.blur();
    await expect(page.getByText('CNPJ inválido.')).toBeVisible();
    await cnpjField.fill('1122233');
    await cnpjField.blur();
    await expect(page.getByText('CNPJ inválido.')).toBeVisible();
    // Lower-case letters of the alphanumeric CNPJ are taken as capitals, masked as typed.
    await cnpjField.fill('');
    await cnpjField.pressSequentially('12abc34501de');
    await expect(cnpjField).toHaveValue('12.ABC.345/01DE');

    await page.getByLabel('E-mail').fill('compras@@empresa');
    await page.getByLabel('E-mail').blur();
    await expect(page.getByText('E-mail inválido. Use o formato nome@empresa.com.br.')).toBeVisible();
    await page.getByLabel('Telefone').fill('123');
    await page.getByLabel('Telefone').blur();
    await expect(page.getByText(/Telefone inválido/)).toBeVisible();
    await page.getByLabel('Razão social').fill('A'.repeat(256));
    await page.getByLabel('Razão social').blur();
    await expect(page.getByText('Use no máximo 120 caracteres.')).toBeVisible();

    const name = `Fundição Teste ${Date.now()}`;
    await page.getByLabel('Razão social').fill(name);
    await page.getByLabel('E-mail').fill('compras@fundicao.com.br');
    await page.getByLabel('Telefone').fill('11912345678');
    await expect(page.getByLabel('Telefone')).toHaveValue('(11) 91234-5678');
    const alphanumeric = cnpj(`ZX${freshBase().slice(2)}`);
    await cnpjField.fill(alphanumeric);
    await page.getByLabel('Cidade').fill('Joinville');
    await page.getByLabel('UF').selectOption('SC');
    await page.getByRole('button', { name: 'Salvar' }).click();

    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.getByText('Cliente cadastrado.')).toBeVisible();
    await expect(page.getByText(`ZX.${alphanumeric.slice(2, 5)}.`)).toBeVisible();
    await expect(page.getByText('Nenhuma máquina instalada neste cliente')).toBeVisible();
    await expectAccessible(page, 'clientes: detalhe');

    // The same CNPJ again is refused on its field.
    await openList(page);
    await page.getByRole('link', { name: 'Novo cliente' }).first().click();
    await fillCustomer(page, { name: `${name} (cópia)`, cnpj: alphanumeric.toLowerCase() });
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Já existe um cliente com este CNPJ.')).toBeVisible();
    await expect(page.getByLabel('CNPJ')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Razão social')).toHaveValue(`${name} (cópia)`);
  });

  test('a 500 and a timeout while saving keep the input, and the retry creates one customer', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto(`${PORTAL}/customers/new`);
    const name = `Têxtil Falha ${Date.now()}`;
    await fillCustomer(page, { name, cnpj: cnpj(freshBase()), city: 'Blumenau' });

    await arrangeFault(page, { mode: '500', match: '/customer', method: 'POST', remaining: 4 });
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByRole('alert').filter({ hasText: /erro 500|Erro interno/ })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByLabel('Razão social')).toHaveValue(name);
    await expect(page.getByLabel('Cidade')).toHaveValue('Blumenau');

    await arrangeFault(page, { mode: 'timeout', match: '/customer', method: 'POST', remaining: 1 });
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible({ timeout: 60_000 });

    await openList(page, `?q=${encodeURIComponent(name)}`);
    await expect(rows(page)).toHaveCount(1);
  });

  test('leaving a form with unsaved changes asks first', async ({ page }) => {
    await page.goto(`${PORTAL}/customers/new`);
    await page.getByLabel('Razão social').fill('Rascunho Ltda');
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Máquinas', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Descartar alterações?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Continuar editando' }).click();
    await expect(page.getByLabel('Razão social')).toHaveValue('Rascunho Ltda');
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Descartar' }).click();
    await expect(page.getByRole('heading', { name: 'Clientes', level: 1 })).toBeVisible();
  });

  test('edited in two tabs: the second save gets the conflict, reloads and keeps what was typed', async ({ page, context }) => {
    await openList(page);
    await rows(page).first().getByRole('link').first().click();
    await expect(page.getByRole('link', { name: 'Editar' })).toBeVisible();
    const detailUrl = page.url();

    const other = await context.newPage();
    await other.goto(`${detailUrl}/edit`);
    await expect(other.getByRole('heading', { name: 'Editar cliente', level: 1 })).toBeVisible();

    await page.getByRole('link', { name: 'Editar' }).click();
    await page.getByLabel('Cidade').fill('Sorocaba');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Alterações salvas.')).toBeVisible();

    await other.getByLabel('Nome fantasia').fill('Nome da segunda aba');
    await other.getByRole('button', { name: 'Salvar' }).click();
    await expect(other.getByText('Este registro foi alterado por outra pessoa.')).toBeVisible();
    await expectAccessible(other, 'clientes: conflito de versão');
    await other.getByRole('button', { name: 'Recarregar versão atual' }).click();
    await expect(other.getByLabel('Nome fantasia')).toHaveValue('Nome da segunda aba');
    await expect(other.getByLabel('Cidade')).toHaveValue('Sorocaba');
    await other.getByRole('button', { name: 'Salvar' }).click();
    await expect(other.getByText('Alterações salvas.')).toBeVisible();
    await expect(other.getByRole('definition').filter({ hasText: 'Nome da segunda aba' })).toBeVisible();
  });

  test('delete: confirmed and gone; refused with the count while the customer has machines', async ({ page }) => {
    // A new customer (no machines) is deleted.
    await page.goto(`${PORTAL}/customers/new`);
    const name = `Excluir Ltda ${Date.now()}`;
    await fillCustomer(page, { name, cnpj: cnpj(freshBase()) });
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Excluir' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Excluir cliente?' });
    await expect(dialog).toContainText(name);
    await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
    await expectAccessible(page, 'clientes: confirmação de exclusão');
    await dialog.getByRole('button', { name: 'Excluir' }).click();
    await expect(page.getByText('Cliente excluído.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Clientes', level: 1 })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Buscar clientes' }).fill(name);
    await expect(page.getByText('Nenhum resultado')).toBeVisible();

    // A customer of the demo seed with machines installed.
    await openList(page, `?q=${encodeURIComponent('Serra Gaúcha')}`);
    await expect(rows(page)).toHaveCount(1);
    await rows(page).first().getByRole('button', { name: /Ações para/ }).click();
    await page.getByRole('menuitem', { name: /Excluir/ }).click();
    const refuse = page.getByRole('alertdialog', { name: 'Excluir cliente?' });
    await refuse.getByRole('button', { name: 'Excluir' }).click();
    await expect(refuse.getByRole('alert')).toContainText(/não pode ser excluído: \d+ máquinas? /);
    await refuse.getByRole('button', { name: 'Cancelar' }).click();
    await expect(refuse).toBeHidden();
  });

  test("another builder's customer answers the not-found page", async ({ page }) => {
    await page.goto(`${PORTAL}/customers/customer-1101`);
    await expect(page.getByRole('heading', { name: 'Cliente não encontrado' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Voltar para Clientes' })).toBeVisible();
    await expectAccessible(page, 'clientes: não encontrado');
  });

  test('a list that fails says so and retries', async ({ page }) => {
    await openList(page);
    await arrangeFault(page, { mode: '500', match: '/customer', method: 'GET' });
    await page.getByRole('searchbox', { name: 'Buscar clientes' }).fill('aço');
    await expect(page.getByRole('button', { name: 'Tentar novamente' })).toBeVisible({ timeout: 30_000 });
    await expectAccessible(page, 'clientes: erro');
    await arrangeFault(page, null);
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(rows(page).first()).toBeVisible();
  });
});

test.describe('Clientes on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('rows become cards, and the list still pages and searches', async ({ page }) => {
    await signIn(page, PORTAL, CUSTOMER);
    await openList(page);
    await expect(table(page)).toBeHidden();
    const cards = page.getByRole('list', { name: 'Clientes' }).getByRole('listitem');
    await expect(cards).toHaveCount(20);
    await expect(cards.first().getByRole('link')).toBeVisible();
    await page.getByRole('button', { name: 'Próxima página' }).click();
    await expect(page).toHaveURL(/page=2/);
    await page.getByRole('searchbox', { name: 'Buscar clientes' }).fill('Campinas');
    await expect(cards.first()).toContainText('Campinas');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'clientes: celular');
  });
});
