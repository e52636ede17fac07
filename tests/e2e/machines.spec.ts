import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { AREAS, trackErrors, CUSTOMER, expect, expectAccessible, arrangeFault, signIn, test } from './support';

const PORTAL = AREAS.portal.byHost;

async function openList(page: Page, search = '') {
  await page.goto(`${PORTAL}/machines${search}`);
  await expect(page.getByRole('heading', { name: 'Máquinas', level: 1 })).toBeVisible();
}

const table = (page: Page) => page.getByRole('table', { name: 'Máquinas' });
const rows = (page: Page) => table(page).locator('tbody tr');

async function pick(page: Page, select: string, option: string) {
  await page.getByRole('combobox', { name: select }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('Máquinas', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, PORTAL, CUSTOMER);
  });

  test('list: searched, filtered by customer and model, sorted and paged, axe on each state', async ({ page }) => {
    const errors = trackErrors(page);
    await openList(page);
    await expect(rows(page)).toHaveCount(20);
    await expect(page.getByText('Mostrando 1–20 de 60')).toBeVisible();
    await expectAccessible(page, 'máquinas: lista');

    // Sorted by name; the header reverses it.
    const nameHeader = table(page).getByRole('columnheader', { name: /Nome/ });
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    const firstAscending = (await rows(page).first().locator('th').textContent()) ?? '';
    await nameHeader.getByRole('button').click();
    await expect(page).toHaveURL(/sort=-name/);
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(rows(page).first().locator('th')).not.toHaveText(firstAscending);
    // By customer name: the machines in stock go last.
    await table(page).getByRole('columnheader', { name: /Cliente/ }).getByRole('button').click();
    await expect(page).toHaveURL(/sort=customerName/);

    // Paged.
    await page.getByRole('button', { name: 'Página 3' }).click();
    await expect(page).toHaveURL(/page=3/);
    await expect(page.getByText('Mostrando 41–60 de 60')).toBeVisible();
    await expect(rows(page).last()).toContainText('Em estoque');

    // Searched: debounced, back to page 1.
    await page.getByRole('searchbox', { name: 'Buscar máquinas' }).fill('IH-450');
    await expect(page).toHaveURL(/q=IH-450/);
    await expect(page).not.toHaveURL(/page=3/);
    await expect(rows(page).first()).toContainText('IH-450');
    await page.getByRole('button', { name: 'Limpar campo de busca' }).click();
    await expect(page).not.toHaveURL(/q=/);

    // Filtered by customer, then by model too.
    await pick(page, 'Filtrar por cliente', 'Metalúrgica Vale do Aço Ltda');
    await expect(page).toHaveURL(/customer=customer-1001/);
    // Every row is that customer's once the filtered answer is on screen (the unfiltered rows may still be there a moment).
    await expect(rows(page).first()).toContainText('Metalúrgica Vale do Aço Ltda');
    await expect(rows(page).filter({ hasNotText: 'Metalúrgica Vale do Aço Ltda' })).toHaveCount(0);
    await pick(page, 'Filtrar por modelo', 'Envasadora EV-12');
    await expect(page).toHaveURL(/model=machine-model-1002/);
    await expect(page.getByText(/Nenhum resultado|Mostrando/).first()).toBeVisible();

    // The link a customer's page gives: ?customer=.
    await openList(page, '?customer=customer-1002&model=machine-model-1001');
    await expect(page.getByRole('combobox', { name: 'Filtrar por cliente' })).toHaveText('Alimentos Serra Gaúcha S.A.');
    await expect(page.getByRole('combobox', { name: 'Filtrar por modelo' })).toHaveText('Injetora IH-450');
    await expect(rows(page).first()).toContainText('Alimentos Serra Gaúcha S.A.');
    await expect(rows(page).filter({ hasNotText: 'Alimentos Serra Gaúcha S.A.' })).toHaveCount(0);
    await expect(rows(page).filter({ hasNotText: 'Injetora IH-450' })).toHaveCount(0);

    // Nothing found: its own state; "Limpar busca" clears the search and the filters.
    await page.getByRole('searchbox', { name: 'Buscar máquinas' }).fill('%"🚜 inexistente');
    await expect(page.getByText('Nenhum resultado')).toBeVisible();
    await expectAccessible(page, 'máquinas: nenhum resultado');
    await page.getByRole('button', { name: 'Limpar busca', exact: true }).click();
    await expect(rows(page)).toHaveCount(20);
    await expect(page).not.toHaveURL(/customer=/);
    expect(errors).toEqual([]);
  });

  test('create with a model (services prefilled), bad inputs said on their fields, edit moving a gateway, delete', async ({
    page,
  }) => {
    await openList(page);
    await page.getByRole('link', { name: 'Nova máquina' }).first().click();
    await expect(page.getByRole('heading', { name: 'Nova máquina', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Informe o nome da máquina.')).toBeVisible();
    await expect(page.getByText('Escolha o modelo.')).toBeVisible();
    await expect(page.getByText('Escolha o cliente.')).toBeVisible();
    await expect(page.getByLabel('Nome', { exact: true })).toBeFocused();

    await page.getByLabel('Número de série').fill('OA 2026 77');
    await page.getByLabel('Número de série').blur();
    await expect(page.getByText('O número de série não pode ter espaços.')).toBeVisible();
    const cidr = page.getByLabel('Sub-rede (CIDR)');
    for (const bad of ['10.0.0.0/33', '10.0.0.1/24', 'abc']) {
      await cidr.fill(bad);
      await cidr.blur();
      await expect(page.getByText('Rede inválida.')).toBeVisible();
    }
    await expectAccessible(page, 'máquinas: formulário com erros');

    const name = `Injetora Teste ${Date.now()}`;
    await page.getByLabel('Nome', { exact: true }).fill(name);
    await page.getByLabel('Número de série').fill('OA-2026-7777');
    await cidr.fill('192.168.250.0/24');
    await page.getByLabel('Local').fill('Galpão 9');
    // The model's services fill the list.
    await page.getByLabel('Modelo').selectOption({ label: 'Injetora IH-450' });
    const serviceNames = page.getByLabel('Nome do serviço');
    await expect(serviceNames).toHaveCount(2);
    await expect(serviceNames.first()).toHaveValue('IHM web');
    await expect(page.getByLabel('Porta').first()).toHaveValue('443');
    await expect(page.getByLabel('Porta').nth(1)).toHaveValue('102');
    // Another model while the services are untouched: its services instead.
    await page.getByLabel('Modelo').selectOption({ label: 'Forno Contínuo FC-30' });
    await expect(serviceNames).toHaveCount(1);
    await expect(serviceNames.first()).toHaveValue('Supervisório');
    await page.getByLabel('Modelo').selectOption({ label: 'Injetora IH-450' });
    await expect(serviceNames).toHaveCount(2);
    // Once edited, a model change leaves them alone.
    await page.getByLabel('Porta').first().fill('8443');
    await page.getByLabel('Modelo').selectOption({ label: 'Envasadora EV-12' });
    await expect(page.getByLabel('Porta').first()).toHaveValue('8443');
    await page.getByLabel('Modelo').selectOption({ label: 'Injetora IH-450' });
    await page.getByLabel('Cliente', { exact: true }).selectOption({ label: 'Usinagem Campinas Ltda' });
    await page.getByRole('button', { name: 'Salvar' }).click();

    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.getByText('Máquina cadastrada.')).toBeVisible();
    const services = page.getByRole('table', { name: 'Serviços da máquina' });
    await expect(services).toContainText('IHM web');
    await expect(services).toContainText('8443');
    await expect(page.getByRole('link', { name: 'Injetora IH-450' })).toHaveAttribute('href', /\/machine-models\/machine-model-1001$/);
    await expect(page.getByRole('link', { name: 'Usinagem Campinas Ltda' })).toBeVisible();
    await expect(page.getByText('Nenhum dispositivo instalado')).toBeVisible();
    await expect(page.getByText('Nenhum acesso neste período')).toBeVisible();
    await expectAccessible(page, 'máquinas: detalhe sem dispositivo');

    // Edit: a gateway installed on another machine is moved after confirming.
    await page.getByRole('link', { name: 'Editar' }).click();
    await expect(page.getByRole('heading', { name: 'Editar máquina', level: 1 })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Buscar dispositivo' }).fill('Gateway IH-450 #01');
    const device = page.getByLabel('Dispositivo', { exact: true });
    await expect(device.locator('option', { hasText: 'na máquina IH-450 #01' })).toHaveCount(1);
    const value = await device.locator('option', { hasText: 'na máquina IH-450 #01' }).getAttribute('value');
    await device.selectOption(value ?? '');
    await page.getByLabel('Local').fill('Galpão 10');
    await page.getByRole('button', { name: 'Salvar' }).click();
    const move = page.getByRole('alertdialog', { name: 'Mover o dispositivo?' });
    await expect(move).toContainText('Este dispositivo está na máquina IH-450 #01.');
    await expectAccessible(page, 'máquinas: mover dispositivo');
    await move.getByRole('button', { name: 'Mover dispositivo' }).click();
    await expect(page.getByText('Alterações salvas.')).toBeVisible();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.getByText('Gateway IH-450 #01')).toBeVisible();
    await expect(page.getByText(/^(Online|Offline|Nunca conectado)$/).first()).toBeVisible();
    await expect(page.getByText('Galpão 10')).toBeVisible();

    // Delete: confirmed, gone from the list.
    await page.getByRole('button', { name: 'Excluir' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Excluir máquina?' });
    await expect(dialog).toContainText(name);
    await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
    await expectAccessible(page, 'máquinas: confirmação de exclusão');
    await dialog.getByRole('button', { name: 'Excluir' }).click();
    await expect(page.getByText('Máquina excluída.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Máquinas', level: 1 })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Buscar máquinas' }).fill(name);
    await expect(page.getByText('Nenhum resultado')).toBeVisible();
  });

  test('detail: gateway status, access history by period and paged, exported as a CSV file', async ({ page }) => {
    const errors = trackErrors(page);
    await page.goto(`${PORTAL}/machines/machine-1001`);
    await expect(page.getByRole('heading', { name: 'IH-450 #01', level: 1 })).toBeVisible();
    await expect(page.getByText(/^(Online|Offline)$/).first()).toBeVisible();
    const history = page.getByRole('table', { name: 'Histórico de acesso' });
    const sessions = history.locator('tbody tr');
    // Count the loaded sessions, not the skeleton rows shown while they load.
    await expect(history).toContainText(/\d{2}\/\d{2}\/\d{4}/);
    await expect(history).not.toHaveAttribute('aria-busy', 'true');
    const month = await sessions.count();
    expect(month).toBeGreaterThan(0);
    await expectAccessible(page, 'máquinas: detalhe com histórico');

    await pick(page, 'Período', 'Últimos 7 dias');
    await expect(page.getByRole('combobox', { name: 'Período' })).toHaveText('Últimos 7 dias');
    await expect(page.getByText(/Mostrando|Nenhum acesso neste período/).first()).toBeVisible();
    expect(await sessions.count()).toBeLessThanOrEqual(month);
    await pick(page, 'Período', 'Últimos 90 dias');
    await expect(sessions).toHaveCount(month);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^acessos-ih-450-01-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path()) ?? '', 'utf8');
    const lines = csv.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    // pt-BR spreadsheets' format (src/lib/csv.ts): `;` between fields, dates dd/mm/aaaa hh:mm, numbers as numbers.
    expect(lines[0]).toBe('Usuário;E-mail;IP público;Início;Fim;Duração (min);Recebido (bytes);Enviado (bytes)');
    expect(lines).toHaveLength(month + 1);
    const cells = (lines[1] ?? '').split(';');
    expect(cells).toHaveLength(8);
    expect(cells[3]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(cells[4]).toMatch(/^(\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}|Em andamento)$/);
    for (const cell of cells.slice(5)) expect(cell).toMatch(/^\d+$/); // minutes and bytes: whole numbers
    expect(errors).toEqual([]);
  });

  test("another builder's machine answers the not-found page", async ({ page }) => {
    await page.goto(`${PORTAL}/machines/machine-1101`);
    await expect(page.getByRole('heading', { name: 'Máquina não encontrada' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Voltar para Máquinas' })).toBeVisible();
    await expectAccessible(page, 'máquinas: não encontrada');
  });

  test('a list that fails says so and retries', async ({ page }) => {
    await openList(page);
    await arrangeFault(page, { mode: '500', match: '/machine', method: 'GET' });
    await page.getByRole('searchbox', { name: 'Buscar máquinas' }).fill('EV-12');
    await expect(page.getByRole('button', { name: 'Tentar novamente' })).toBeVisible({ timeout: 30_000 });
    await expectAccessible(page, 'máquinas: erro');
    await arrangeFault(page, null);
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(rows(page).first()).toContainText('EV-12');
  });
});

test.describe('Máquinas on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('rows become cards, and the list still pages, sorts and searches', async ({ page }) => {
    await signIn(page, PORTAL, CUSTOMER);
    await openList(page);
    await expect(table(page)).toBeHidden();
    const cards = page.getByRole('list', { name: 'Máquinas' }).getByRole('listitem');
    await expect(cards).toHaveCount(20);
    await expect(cards.first().getByRole('link')).toBeVisible();
    await page.getByRole('button', { name: 'Próxima página' }).click();
    await expect(page).toHaveURL(/page=2/);
    await page.getByLabel('Ordenar por').selectOption({ label: 'Modelo' });
    await expect(page).toHaveURL(/sort=modelName/);
    await page.getByRole('searchbox', { name: 'Buscar máquinas' }).fill('EV-12');
    await expect(cards.first()).toContainText('EV-12');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'máquinas: celular');
  });
});
