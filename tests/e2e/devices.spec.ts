import type { Page } from '@playwright/test';
import { AREAS, trackErrors, CUSTOMER, downloadConfiguration, expect, expectAccessible, arrangeFault, signIn, test } from './support';

const PORTAL = AREAS.portal.byHost;

/** Unclaimed demo gateways (docs/demo.md); every test starts from a fresh seed (its own context). */
const CODE_FOR_DIALOG = 'PNT-H3VD-8RWA-6PCE';
const CODE_FOR_SETUP = 'PNT-5ZBE-K6TN-9M1S';
const CODE_LOWER_CASE = 'pnt-7k2m-4q9x-3fjd';
/** The other builder's gateway in the seed (src/server/main/routes/devices/seed.test.ts checks it stays so). */
const OTHER_ACCOUNT_CODE = 'PNT-DTP6-FFV9-K98Q';

async function openList(page: Page, search = '') {
  await page.goto(`${PORTAL}/devices${search}`);
  await expect(page.getByRole('heading', { name: 'Dispositivos', level: 1 })).toBeVisible();
}

const table = (page: Page) => page.getByRole('table', { name: 'Dispositivos' });
const rows = (page: Page) => table(page).locator('tbody tr');

/** The file name the app gives a device's configuration (contracts/device.ts `deviceFileBaseName`). */
function confName(deviceName: string): string {
  const slug = deviceName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug}.conf`;
}

test.describe('Dispositivos', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, PORTAL, CUSTOMER);
  });

  test('list: filtered by status, searched and paged, state in the URL, axe on each state', async ({ page }) => {
    const errors = trackErrors(page);
    await openList(page);
    await expect(rows(page)).toHaveCount(20);
    await expect(page.getByText('Mostrando 1–20 de 70')).toBeVisible();
    await expectAccessible(page, 'dispositivos: lista');

    await page.getByRole('button', { name: 'Página 2' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText('Mostrando 21–40 de 70')).toBeVisible();

    // Status filter: every row says it, back to page 1.
    await page.getByRole('combobox', { name: 'Filtrar por status' }).click();
    await page.getByRole('option', { name: 'Offline' }).click();
    await expect(page).toHaveURL(/status=offline/);
    await expect(page).not.toHaveURL(/page=2/);
    // The filtered page replaces the previous one (kept on screen, dimmed, while it loads): wait for it.
    await expect
      .poll(async () => {
        const statuses = await rows(page).locator('td:nth-child(3)').allTextContents();
        return statuses.length > 0 && statuses.every((text) => text.trim() === 'Offline');
      })
      .toBe(true);
    await page.getByRole('combobox', { name: 'Filtrar por status' }).click();
    await page.getByRole('option', { name: 'Nunca conectado' }).click();
    await expect(rows(page).first().locator('td').nth(1)).toHaveText('Nunca conectado');
    await expect(rows(page).first()).toContainText('Nunca');

    // Search (over serial, name, setup code and machine), with the filter cleared.
    await page.getByRole('combobox', { name: 'Filtrar por status' }).click();
    await page.getByRole('option', { name: 'Todos os status' }).click();
    await page.getByRole('searchbox', { name: 'Buscar dispositivos' }).fill('PG1-240311');
    await expect(page).toHaveURL(/q=PG1-240311/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('Gateway IH-450 #01');

    await page.getByRole('searchbox', { name: 'Buscar dispositivos' }).fill('nenhum gateway assim');
    await expect(page.getByText('Nenhum resultado')).toBeVisible();
    await expectAccessible(page, 'dispositivos: nenhum resultado');
    await page.getByRole('button', { name: 'Limpar busca', exact: true }).click();
    await expect(rows(page)).toHaveCount(20);
    expect(errors).toEqual([]);
  });

  test('detail: status with last seen, VPN data, history; the VPN configuration is saved as a file', async ({ page }) => {
    await openList(page, '?q=PG1-240311');
    await rows(page).first().getByRole('link', { name: 'Gateway IH-450 #01' }).click();
    await expect(page.getByRole('heading', { name: 'Gateway IH-450 #01', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/devices\/device-1001$/);

    // "há N minutos", with the exact pt-BR date in the title.
    const seen = page.locator('time').filter({ hasText: /há \d+ minutos?|agora mesmo/ }).first();
    await expect(seen).toBeVisible();
    await expect(seen).toHaveAttribute('title', /^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);
    await expect(page.getByText('10.88.0.10', { exact: true })).toBeVisible();
    await expect(page.getByText('Ponte G1 4G').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Pedido #1001' })).toHaveAttribute('href', /\/orders\/order-1001$/);
    const machineLink = page.getByRole('region', { name: 'Máquina' }).getByRole('link', { name: 'IH-450 #01' });
    await expect(machineLink).toHaveAttribute('href', /\/machines\/machine-/);

    const history = page.getByRole('table', { name: 'Histórico de conexões' });
    await expect(history.locator('tbody tr').first()).toBeVisible();
    await expect(page.getByText(/Mostrando 1–\d+ de \d+/).last()).toBeVisible();
    await expectAccessible(page, 'dispositivos: detalhe');

    const file = await downloadConfiguration(page, () => page.getByRole('button', { name: 'Baixar configuração VPN' }).click());
    expect(file.name).toBe(confName('Gateway IH-450 #01'));
    expect(file.content).toContain('[Interface]');
    expect(file.content).toContain('Address = 10.88.0.10/32');
    expect(file.content).toContain('[Peer]');
    expect(file.content).toMatch(/PrivateKey = \S{44}/);
    await expect(page.getByText(`Configuração VPN baixada: ${file.name}`)).toBeVisible();
  });

  test('a VPN download that fails (500) says so, and "Tentar novamente" saves the file', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto(`${PORTAL}/devices/device-1001`);
    await expect(page.getByRole('heading', { name: 'Gateway IH-450 #01', level: 1 })).toBeVisible();
    // The first try and its 3 automatic retries fail.
    await arrangeFault(page, { mode: '500', match: '/auth-download', remaining: 4 });
    await page.getByRole('button', { name: 'Baixar configuração VPN' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Não foi possível baixar a configuração VPN.' });
    await expect(alert).toBeVisible({ timeout: 30_000 });
    await expect(alert).toContainText('Erro interno no servidor');
    await expectAccessible(page, 'dispositivos: falha ao baixar VPN');
    const file = await downloadConfiguration(page, () => alert.getByRole('button', { name: 'Tentar novamente' }).click());
    expect(file.name).toBe(confName('Gateway IH-450 #01'));
    expect(file.content).toContain('Address = 10.88.0.10/32');
    await expect(alert).toBeHidden();
  });

  test('"Adicionar dispositivo": bad codes on the field, then a claim that opens the device, which comes online after its download', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await openList(page);
    await page.getByRole('button', { name: 'Adicionar dispositivo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar dispositivo' });
    await expect(dialog).toBeVisible();
    const field = dialog.getByLabel('Código de configuração');
    await expect(field).toBeFocused();
    await expectAccessible(page, 'dispositivos: adicionar');

    await field.fill('PNT-0000-000');
    await dialog.getByRole('button', { name: 'Adicionar' }).click();
    await expect(dialog.getByText('Código inválido.')).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, 'dispositivos: código inválido');

    await field.fill('PNT-ZZZZ-ZZZZ-ZZZZ');
    await dialog.getByRole('button', { name: 'Adicionar' }).click();
    await expect(dialog.getByText('Código não encontrado ou já vinculado a outra conta.')).toBeVisible();

    await field.fill(OTHER_ACCOUNT_CODE);
    await dialog.getByRole('button', { name: 'Adicionar' }).click();
    await expect(dialog.getByText('Código não encontrado ou já vinculado a outra conta.')).toBeVisible();

    await field.fill(CODE_FOR_DIALOG);
    await dialog.getByRole('button', { name: 'Adicionar' }).click();
    await expect(page.getByRole('heading', { name: 'Gateway Ponte G1 Ethernet', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/devices\/device-\d+$/);
    await expect(page.getByText('Dispositivo adicionado à sua conta.')).toBeVisible();
    const details = page.getByRole('region', { name: 'Dados do dispositivo' });
    await expect(details.getByText('Nunca conectado')).toBeVisible();
    await expect(details.getByText(CODE_FOR_DIALOG)).toBeVisible();
    await expect(page.getByText('Nenhuma conexão registrada')).toBeVisible();
    await expectAccessible(page, 'dispositivos: recém-adicionado');

    // Its first configuration gives it a VPN address; the demo gateway connects some seconds later.
    const file = await downloadConfiguration(page, () => page.getByRole('button', { name: 'Baixar configuração VPN' }).click());
    expect(file.name).toBe(confName('Gateway Ponte G1 Ethernet'));
    const address = /Address = (10\.88\.\d+\.\d+)\/32/.exec(file.content)?.[1];
    expect(address).toBeTruthy();
    await expect(page.getByText(/Aguardando o gateway se conectar/)).toBeVisible();
    await expect(details.getByText(address ?? '', { exact: true })).toBeVisible();
    await expect(details.getByText('Online', { exact: true })).toBeVisible({ timeout: 20_000 });

    // It is in the list now.
    await openList(page, `?q=${CODE_FOR_DIALOG}`);
    await expect(rows(page)).toHaveCount(1);
  });

  test('/setup/:code: lower-case accepted, malformed, unknown and another account’s codes said, an owned one opens its page', async ({
    page,
  }) => {
    await page.goto(`${PORTAL}/setup/PNT-0000-000`);
    await expect(page.getByRole('heading', { name: 'Configurar dispositivo', level: 1 })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Código inválido.');
    await expectAccessible(page, 'setup: código inválido');

    await page.goto(`${PORTAL}/setup/PNT-ZZZZ-ZZZZ-ZZZZ`);
    await expect(page.getByRole('alert')).toContainText('Código não encontrado ou já vinculado a outra conta.');
    await expectAccessible(page, 'setup: código não encontrado');

    await page.goto(`${PORTAL}/setup/${OTHER_ACCOUNT_CODE}`);
    await expect(page.getByRole('alert')).toContainText('Código não encontrado ou já vinculado a outra conta.');
    await expect(page.getByText('PG1-250001')).toBeHidden();
    await expectAccessible(page, 'setup: outra conta');

    await page.goto(`${PORTAL}/setup/${CODE_LOWER_CASE}`);
    await expect(page.getByRole('heading', { name: 'Configurar dispositivo', level: 1 })).toBeVisible();
    await expect(page.getByText(CODE_LOWER_CASE.toUpperCase())).toBeVisible();
    await expect(page.getByText('Ponte G1 4G').first()).toBeVisible();
    await page.getByRole('button', { name: 'Vincular dispositivo' }).click();
    await expect(page.getByText(/foi vinculado à sua conta/)).toBeVisible();

    // The code of a gateway this account owns opens its page.
    await page.goto(`${PORTAL}/devices/device-1001`);
    const ownCode = (await page.getByRole('region', { name: 'Dados do dispositivo' }).getByText(/^PNT-/).textContent())?.trim() ?? '';
    expect(ownCode).toMatch(/^PNT-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    await page.goto(`${PORTAL}/setup/${ownCode.toLowerCase()}`);
    await expect(page).toHaveURL(/\/devices\/device-1001$/);
    await expect(page.getByRole('heading', { name: 'Gateway IH-450 #01', level: 1 })).toBeVisible();
  });
});

test.describe('/setup/:code signed out', () => {
  test('signs in, comes back to the same code, claims the gateway and attaches it to a machine', async ({ page }) => {
    const errors = trackErrors(page);
    await page.goto(`${PORTAL}/setup/${CODE_FOR_SETUP}`);
    await expect(page).toHaveURL(new RegExp(`/login\\?redirect=${encodeURIComponent(`/setup/${CODE_FOR_SETUP}`)}`));
    // Registering instead keeps the way back too.
    await expect(page.getByRole('link', { name: 'Criar conta' })).toHaveAttribute(
      'href',
      new RegExp(`redirect=${encodeURIComponent(`/setup/${CODE_FOR_SETUP}`)}`),
    );
    await page.getByLabel('E-mail').fill(CUSTOMER.email);
    await page.getByLabel('Senha', { exact: true }).fill(CUSTOMER.password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();

    await expect(page).toHaveURL(new RegExp(`/setup/${CODE_FOR_SETUP}$`));
    await expect(page.getByRole('heading', { name: 'Configurar dispositivo', level: 1 })).toBeVisible();
    await expect(page.getByText('PG1-261035')).toBeVisible();
    await expect(page.getByText('Ponte G1 Wi-Fi').first()).toBeVisible();
    await expectAccessible(page, 'setup: gateway disponível');

    await page.getByRole('button', { name: 'Vincular dispositivo' }).click();
    await expect(page.getByText(/foi vinculado à sua conta/)).toBeVisible();
    await expectAccessible(page, 'setup: vinculado');

    await page.getByRole('button', { name: 'Escolher máquina' }).click();
    const picker = page.getByRole('dialog', { name: 'Vincular máquina' });
    await expect(picker.getByRole('radio').first()).toBeVisible();
    await expectAccessible(page, 'setup: escolher máquina');
    const free = picker.getByRole('radiogroup').locator('label').filter({ hasNotText: 'Já tem um dispositivo' }).first();
    const machineName = (await free.locator('.font-medium').first().textContent())?.trim() ?? '';
    expect(machineName).not.toBe('');
    await picker.getByRole('searchbox', { name: 'Buscar máquinas' }).fill(machineName);
    await picker.getByRole('radio', { name: new RegExp(machineName.replace(/[.*+?^${}()|[\]\\#]/g, '\\$&')) }).first().check();
    await picker.getByRole('button', { name: 'Vincular' }).click();
    await expect(picker).toBeHidden();
    await expect(page.getByText(`Instalado em ${machineName}.`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Continuar em Configurar Conexão' })).toHaveAttribute('href', /\/first-steps\?device=device-\d+/);

    await page.getByRole('link', { name: 'Ver dispositivo' }).click();
    const machineSection = page.getByRole('region', { name: 'Máquina' });
    await expect(machineSection.getByRole('link', { name: machineName })).toBeVisible();
    await expect(machineSection.getByRole('button', { name: 'Alterar máquina' })).toBeVisible();
    await machineSection.getByRole('button', { name: 'Desvincular' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Desvincular máquina?' });
    await confirm.getByRole('button', { name: 'Desvincular' }).click();
    await expect(page.getByText('Nenhuma máquina vinculada')).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test.describe('Dispositivos on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('cards, the detail and the setup page fit 390 px', async ({ page }) => {
    await signIn(page, PORTAL, CUSTOMER);
    await openList(page);
    await expect(table(page)).toBeHidden();
    const cards = page.getByRole('list', { name: 'Dispositivos' }).getByRole('listitem');
    await expect(cards).toHaveCount(20);
    await expect(cards.first().getByRole('link')).toBeVisible();
    const fits = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await fits();
    await expectAccessible(page, 'dispositivos: celular');

    await cards.first().getByRole('link').click();
    await expect(page.getByRole('button', { name: 'Baixar configuração VPN' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Histórico de conexões' }).getByRole('listitem').first()).toBeVisible();
    await fits();
    await expectAccessible(page, 'dispositivos: detalhe no celular');

    await page.goto(`${PORTAL}/setup/${CODE_FOR_SETUP}`);
    await expect(page.getByRole('button', { name: 'Vincular dispositivo' })).toBeVisible();
    await fits();
    await expectAccessible(page, 'setup: celular');
  });
});
