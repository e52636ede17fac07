import type { Page } from '@playwright/test';
import { AREAS, trackErrors, CUSTOMER, expect, expectAccessible, signIn, test } from './support';

const PORTAL = AREAS.portal.byHost;

async function openList(page: Page, search = '') {
  await page.goto(`${PORTAL}/machine-models${search}`);
  await expect(page.getByRole('heading', { name: 'Modelos de Máquinas', level: 1 })).toBeVisible();
}

const table = (page: Page) => page.getByRole('table', { name: 'Modelos de Máquinas' });
const rows = (page: Page) => table(page).locator('tbody tr');
const service = (page: Page, n: number) => page.getByRole('group', { name: `Serviço ${n}` });
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** Creates a model through the form (name only, or with services as [name, protocol value, port]). */
async function createModel(page: Page, name: string, services: Array<[string, string, string]> = []) {
  await page.goto(`${PORTAL}/machine-models/new`);
  await expect(page.getByRole('heading', { name: 'Novo modelo', level: 1 })).toBeVisible();
  await page.getByLabel('Nome', { exact: true }).fill(name);
  for (const [index, [serviceName, protocol, port]] of services.entries()) {
    await page.getByRole('button', { name: 'Adicionar serviço' }).click();
    const row = service(page, index + 1);
    await row.getByLabel('Nome do serviço').fill(serviceName);
    await row.getByLabel('Protocolo').selectOption(protocol);
    await row.getByLabel('Porta').fill(port);
  }
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

test.describe('Modelos de Máquinas', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, PORTAL, CUSTOMER);
  });

  test('list: the 8 seeded models, sorted, searched and paged, state in the URL, axe on each state', async ({ page }) => {
    test.setTimeout(90_000);
    const errors = trackErrors(page);
    await openList(page);
    await expect(rows(page)).toHaveCount(8);
    await expect(page.getByText('Mostrando 1–8 de 8')).toBeVisible();
    await expect(rows(page).first()).toContainText('Caldeira Compacta CC-5');
    await expectAccessible(page, 'modelos: lista');

    // Sorted by name; the header reverses it.
    const nameHeader = table(page).getByRole('columnheader', { name: /Nome/ });
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await nameHeader.getByRole('button').click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(page).toHaveURL(/sort=-name/);
    await expect(rows(page).first()).toContainText('Rotuladora RT-6');
    // By category.
    await table(page).getByRole('columnheader', { name: /Categoria/ }).getByRole('button').click();
    await expect(page).toHaveURL(/sort=category/);
    await expect(rows(page).first()).toContainText('Conformação');

    // Search by category, accents ignored, in the URL.
    await page.getByRole('searchbox', { name: 'Buscar modelos' }).fill('injecao');
    await expect(page).toHaveURL(/q=injecao/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('Injetora IH-450');

    await page.getByRole('searchbox', { name: 'Buscar modelos' }).fill('%"🚜 inexistente');
    await expect(page.getByText('Nenhum resultado')).toBeVisible();
    await expectAccessible(page, 'modelos: nenhum resultado');
    await page.getByRole('button', { name: 'Limpar busca', exact: true }).click();
    await expect(rows(page)).toHaveCount(8);

    // Three more models make a second page of 10.
    const prefix = unique('Paginação');
    for (const n of [1, 2, 3]) await createModel(page, `${prefix} ${n}`);
    await openList(page, '?perPage=10');
    await expect(rows(page)).toHaveCount(10);
    await expect(page.getByText('Mostrando 1–10 de 11')).toBeVisible();
    await page.getByRole('button', { name: 'Próxima página' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(rows(page)).toHaveCount(1);
    await expect(page.getByText('Mostrando 11–11 de 11')).toBeVisible();
    // A page past the end goes to the last one.
    await openList(page, '?perPage=10&page=9');
    await expect(page).toHaveURL(/page=2/);
    await expect(rows(page)).toHaveCount(1);
    expect(errors).toEqual([]);
  });

  test('create with two services: bad and duplicate ports refused on the field, then saved; edited; deleted', async ({ page }) => {
    test.setTimeout(90_000);
    await openList(page);
    await page.getByRole('link', { name: 'Novo modelo' }).first().click();
    await expect(page.getByRole('heading', { name: 'Novo modelo', level: 1 })).toBeVisible();

    // Nothing filled: the name is asked for.
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Informe o nome do modelo.')).toBeVisible();
    await expect(page.getByLabel('Nome', { exact: true })).toBeFocused();

    const name = unique('Envasadora EV-24');
    await page.getByLabel('Nome', { exact: true }).fill(name);
    await page.getByLabel('Fabricante').fill('Oliveira Automação');
    await page.getByLabel('Categoria').fill('Envase');
    await page.getByLabel('Descrição').fill('Envasadora rotativa de 24 bicos.');

    // First service: choosing the protocol fills its usual port.
    await page.getByRole('button', { name: 'Adicionar serviço' }).click();
    const first = service(page, 1);
    await expect(first.getByLabel('Nome do serviço')).toBeFocused();
    await first.getByLabel('Nome do serviço').fill('Painel VNC');
    await first.getByLabel('Protocolo').selectOption('vnc');
    await expect(first.getByLabel('Porta')).toHaveValue('5900');

    // Second service: port 0, 65536 and letters refused with a clear message, then the same port as the first.
    await page.getByRole('button', { name: 'Adicionar serviço' }).click();
    const second = service(page, 2);
    await second.getByLabel('Nome do serviço').fill('CLP');
    const port = second.getByLabel('Porta');
    await port.fill('0');
    await second.getByLabel('Protocolo').selectOption('modbus-tcp');
    await expect(port).toHaveValue('0'); // a port already typed is never overwritten
    await port.blur();
    await expect(second.getByText('Porta fora do intervalo: use um número de 1 a 65535.')).toBeVisible();
    await port.fill('65536');
    await expect(second.getByText('Porta fora do intervalo: use um número de 1 a 65535.')).toBeVisible();
    await port.fill('5o2');
    await expect(second.getByText('A porta deve ser um número inteiro de 1 a 65535.')).toBeVisible();
    await expect(port).toHaveAttribute('aria-invalid', 'true');
    await port.fill('5900');
    await expect(second.getByText('Porta já usada por outro serviço deste modelo.')).toBeVisible();
    await expectAccessible(page, 'modelos: formulário com erros');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(port).toBeFocused();
    await expect(page.getByRole('heading', { name: 'Novo modelo', level: 1 })).toBeVisible();

    // A third service, removed again by its name.
    await page.getByRole('button', { name: 'Adicionar serviço' }).click();
    await expect(service(page, 3)).toBeVisible();
    await page.getByRole('button', { name: 'Remover serviço 3' }).click();
    await expect(service(page, 3)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Adicionar serviço' })).toBeFocused();

    await port.fill('502');
    await page.getByRole('button', { name: 'Salvar' }).click();

    // The detail: fields, the services as a table, no machines yet.
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.getByText('Modelo cadastrado.')).toBeVisible();
    const services = page.getByRole('table', { name: `Serviços padrão de ${name}` });
    await expect(services.getByRole('row')).toHaveCount(3);
    await expect(services.getByRole('row', { name: /Painel VNC/ })).toContainText('5900');
    await expect(services.getByRole('row', { name: /CLP/ })).toContainText('Modbus TCP');
    await expect(services.getByRole('row', { name: /CLP/ })).toContainText('502');
    await expect(page.getByText('Nenhuma máquina deste modelo')).toBeVisible();
    await expectAccessible(page, 'modelos: detalhe');

    // Edit: rename the second service, remove the first.
    await page.getByRole('link', { name: 'Editar' }).click();
    await expect(page.getByRole('heading', { name: 'Editar modelo', level: 1 })).toBeVisible();
    await expect(service(page, 2).getByLabel('Porta')).toHaveValue('502');
    await service(page, 2).getByLabel('Nome do serviço').fill('CLP Modbus');
    await page.getByRole('button', { name: 'Remover serviço 1' }).click();
    await expect(service(page, 1).getByLabel('Nome do serviço')).toHaveValue('CLP Modbus');
    await expectAccessible(page, 'modelos: edição');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Alterações salvas.')).toBeVisible();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(services.getByRole('row')).toHaveCount(2);
    await expect(services).toContainText('CLP Modbus');
    await expect(services).not.toContainText('Painel VNC');

    // Delete: confirmed and gone.
    await page.getByRole('button', { name: 'Excluir' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Excluir modelo?' });
    await expect(dialog).toContainText(name);
    await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
    await expectAccessible(page, 'modelos: confirmação de exclusão');
    await dialog.getByRole('button', { name: 'Excluir' }).click();
    await expect(page.getByText('Modelo excluído.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Modelos de Máquinas', level: 1 })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Buscar modelos' }).fill(name);
    await expect(page.getByText('Nenhum resultado')).toBeVisible();
  });

  test('a model in use: its machines on the detail, and deleting it is refused with the count', async ({ page }) => {
    await openList(page, `?q=${encodeURIComponent('Envasadora EV-12')}`);
    await expect(rows(page)).toHaveCount(1);
    const count = Number((await rows(page).first().locator('td.tabular-nums').textContent())?.trim());
    expect(count).toBeGreaterThan(0);

    // From the row's actions: refused inside the dialog, naming how many machines use it.
    await rows(page).first().getByRole('button', { name: /Ações para/ }).click();
    await page.getByRole('menuitem', { name: /Excluir/ }).click();
    const refuse = page.getByRole('alertdialog', { name: 'Excluir modelo?' });
    await refuse.getByRole('button', { name: 'Excluir' }).click();
    const reason = `Este modelo não pode ser excluído: ${count} ${count === 1 ? 'máquina o usa' : 'máquinas o usam'}.`;
    await expect(refuse.getByRole('alert')).toContainText(reason);
    await expectAccessible(page, 'modelos: exclusão recusada');
    await refuse.getByRole('button', { name: 'Cancelar' }).click();
    await expect(refuse).toBeHidden();

    // The detail lists its machines and links to all of them in Máquinas.
    await rows(page).first().getByRole('link').first().click();
    await expect(page.getByRole('heading', { name: 'Envasadora EV-12', level: 1 })).toBeVisible();
    const machines = page.getByRole('list', { name: 'Máquinas deste modelo' }).getByRole('listitem');
    await expect(machines).toHaveCount(Math.min(count, 20));
    await expect(machines.first()).toContainText('EV-12 #');
    const all = page.getByRole('link', { name: `Ver todas (${count})` });
    await expect(all).toHaveAttribute('href', /\/machines\?model=machine-model-\d+$/);
    await page.getByRole('button', { name: 'Excluir' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Excluir modelo?' });
    await dialog.getByRole('button', { name: 'Excluir' }).click();
    await expect(dialog.getByRole('alert')).toContainText(reason);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(page.getByRole('heading', { name: 'Envasadora EV-12', level: 1 })).toBeVisible();
  });

  test("another builder's model answers the not-found page", async ({ page }) => {
    await page.goto(`${PORTAL}/machine-models/machine-model-1101`);
    await expect(page.getByRole('heading', { name: 'Modelo não encontrado' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Voltar para Modelos de Máquinas' })).toBeVisible();
    await expectAccessible(page, 'modelos: não encontrado');
  });
});

test.describe('Modelos de Máquinas on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('rows become cards, searchable, and the page never scrolls sideways', async ({ page }) => {
    await signIn(page, PORTAL, CUSTOMER);
    await openList(page);
    await expect(table(page)).toBeHidden();
    const cards = page.getByRole('list', { name: 'Modelos de Máquinas' }).getByRole('listitem');
    await expect(cards).toHaveCount(8);
    await expect(cards.first().getByRole('link')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Buscar modelos' }).fill('prensa');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Prensa Hidráulica PH-200');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'modelos: celular');
    await cards.first().getByRole('link').click();
    await expect(page.getByRole('heading', { name: 'Prensa Hidráulica PH-200', level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
