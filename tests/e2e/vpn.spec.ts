import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { ADMIN, AREAS, trackErrors, expect, expectAccessible, arrangeFault, signIn, test } from './support';

const BACKOFFICE = AREAS.backoffice.byHost;
const VPN = `${BACKOFFICE}/backoffice-vpn-user`;
const DAY = 86_400_000;

/** `YYYY-MM-DD` of today + `days` where the browser is (America/Sao_Paulo), as a date input takes it. */
function dateInput(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(Date.now() + days * DAY));
}

async function openVpn(page: Page, search = '') {
  await page.goto(`${VPN}${search}`);
  await expect(page.getByRole('heading', { name: 'VPN', level: 1 })).toBeVisible();
}

const usersTable = (page: Page) => page.getByRole('table', { name: 'Usuários VPN' });
const routesTable = (page: Page) => page.getByRole('table', { name: 'Rotas VPN' });
const userRow = (page: Page, name: string) => usersTable(page).getByRole('row').filter({ hasText: name });

test.describe('VPN (back office)', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, BACKOFFICE, ADMIN, '/backoffice-login');
  });

  test('tabs by keyboard, kept in the URL; nodes with their gateway and last handshake; axe on each tab', async ({ page }) => {
    const errors = trackErrors(page);
    await openVpn(page);
    const usuarios = page.getByRole('tab', { name: 'Usuários' });
    await expect(usuarios).toHaveAttribute('aria-selected', 'true');
    await expect(userRow(page, 'Carlos Henrique Prado')).toBeVisible();
    await expectAccessible(page, 'vpn: usuários');

    await usuarios.focus();
    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(`${VPN}?tab=nos`);
    await expect(page.getByRole('tab', { name: 'Nós' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'Nós' })).toHaveAttribute('aria-selected', 'true');
    const nodes = page.getByRole('table', { name: 'Nós VPN' });
    await expect(nodes.locator('tbody tr').first()).toBeVisible();
    await expect(nodes.getByText(/^PG1-\d{6}$/).first()).toBeVisible();
    await expect(nodes.getByText(/^10\.88\.\d+\.\d+$/).first()).toBeVisible();
    await expect(nodes.getByText('Online').first()).toBeVisible();
    await expect(nodes.locator('time').filter({ hasText: /^há \d+ minutos?/ }).first()).toBeVisible();
    await expectAccessible(page, 'vpn: nós');

    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(`${VPN}?tab=rotas`);
    await expect(routesTable(page).locator('tbody tr').first()).toBeVisible();
    await expectAccessible(page, 'vpn: rotas');
    // Tab leaves the tab list for the panel's controls.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('tab', { name: 'Rotas' })).not.toBeFocused();

    // A reload keeps the tab; the back button returns to the previous one.
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Rotas' })).toHaveAttribute('aria-selected', 'true');
    await page.goBack();
    await expect(page).toHaveURL(`${VPN}?tab=nos`);
    await expect(page.getByRole('tab', { name: 'Nós' })).toHaveAttribute('aria-selected', 'true');
    expect(errors).toEqual([]);
  });

  test('users: bad input refused on its field, "Sem expiração" asks first, create with an expiry and two machines', async ({
    page,
  }) => {
    await openVpn(page);
    await page.getByRole('button', { name: 'Novo usuário VPN' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo usuário VPN' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('checkbox', { name: /^IH-450 #01/ })).toBeVisible();
    await expectAccessible(page, 'vpn: novo usuário');

    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog.getByText('Informe o nome.')).toBeVisible();
    await expect(dialog.getByText('Informe o e-mail.')).toBeVisible();
    await expect(dialog.getByText('Informe a data de expiração ou marque "Sem expiração".')).toBeVisible();
    await expect(dialog.getByLabel('Nome', { exact: true })).toBeFocused();

    // Malformed e-mail, past expiry.
    await dialog.getByLabel('E-mail').fill('rodrigo@@oliveira');
    await dialog.getByLabel('E-mail').blur();
    await expect(dialog.getByText('E-mail inválido. Use o formato nome@empresa.com.br.')).toBeVisible();
    await dialog.getByLabel('Expira em').fill(dateInput(-3));
    await dialog.getByLabel('Expira em').blur();
    await expect(dialog.getByText('A data de expiração deve ser futura.')).toBeVisible();
    await expectAccessible(page, 'vpn: formulário com erros');

    // "Sem expiração" asks for a confirmation; "Cancelar" leaves the expiry required.
    const noExpiry = dialog.getByRole('checkbox', { name: 'Sem expiração' });
    await noExpiry.click();
    const confirm = page.getByRole('alertdialog', { name: 'Liberar acesso sem expiração?' });
    await expect(confirm).toContainText('Acesso sem expiração fica válido até ser desativado manualmente.');
    await expectAccessible(page, 'vpn: confirmar sem expiração');
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await expect(noExpiry).not.toBeChecked();
    await expect(dialog.getByLabel('Expira em')).toBeEnabled();

    const name = `Rodrigo Alves ${Date.now().toString(36)}`;
    await dialog.getByLabel('Nome', { exact: true }).fill(name);
    await dialog.getByLabel('E-mail').fill(`rodrigo.${Date.now().toString(36)}@oliveira.exemplo.com.br`);
    await dialog.getByLabel('Expira em').fill(dateInput(5));
    const machines = dialog.getByRole('group', { name: 'Máquinas' });
    await machines.getByRole('searchbox', { name: 'Buscar máquinas' }).fill('IH-450 #0');
    await machines.getByRole('checkbox', { name: /^IH-450 #01/ }).check();
    await machines.getByRole('checkbox', { name: /^IH-450 #02/ }).check();
    await expect(machines.getByText('2 máquinas escolhidas')).toBeVisible();
    await expect(machines.getByRole('button', { name: 'Remover IH-450 #02' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Salvar' }).click();

    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Usuário VPN ${name} cadastrado.`)).toBeVisible();
    const row = userRow(page, name);
    await expect(row).toContainText('IH-450 #01, IH-450 #02');
    await expect(row).toContainText('Ativo');
    await expect(row).toContainText('Expira em 5 dias');

    // Its configuration downloads as a WireGuard file.
    await row.getByRole('button', { name: `Ações para ${name}` }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Baixar configuração' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^vpn-rodrigo-alves-[a-z0-9-]+\.conf$/);
    const conf = await readFile((await download.path()) ?? '', 'utf8');
    expect(conf).toContain('[Interface]');
    expect(conf).toMatch(/^Address = 10\.87\.\d+\.\d+\/32$/m);
    expect(conf).toContain('# Máquinas: IH-450 #01, IH-450 #02');

    // Disabled: visibly off, then on again.
    await row.getByRole('button', { name: `Ações para ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Desativar' }).click();
    await expect(row).toContainText('Desativado');
    await row.getByRole('button', { name: `Ações para ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Ativar' }).click();
    await expect(row).toContainText('Ativo');
  });

  test('"Sem expiração" confirmed saves a user with no expiry', async ({ page }) => {
    await openVpn(page);
    await page.getByRole('button', { name: 'Novo usuário VPN' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo usuário VPN' });
    const name = `Suporte permanente ${Date.now().toString(36)}`;
    await dialog.getByLabel('Nome', { exact: true }).fill(name);
    await dialog.getByLabel('E-mail').fill(`permanente.${Date.now().toString(36)}@oliveira.exemplo.com.br`);
    await dialog.getByRole('checkbox', { name: 'Sem expiração' }).click();
    await page.getByRole('alertdialog', { name: 'Liberar acesso sem expiração?' }).getByRole('button', { name: 'Liberar sem expiração' }).click();
    await expect(dialog.getByRole('checkbox', { name: 'Sem expiração' })).toBeChecked();
    await expect(dialog.getByLabel('Expira em')).toBeDisabled();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog).toBeHidden();
    await expect(userRow(page, name)).toContainText('Sem expiração');
  });

  test('the expired seeded user shows "Expirado" and its download is refused with the date', async ({ page }) => {
    await openVpn(page, '?status=expirado');
    const row = userRow(page, 'Técnico terceirizado — Automax');
    await expect(row).toContainText('Expirado');
    await expect(usersTable(page).locator('tbody tr')).toHaveCount(1);
    await row.getByRole('button', { name: 'Ações para Técnico terceirizado — Automax' }).click();
    await page.getByRole('menuitem', { name: 'Baixar configuração' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Não foi possível baixar a configuração' });
    await expect(alert).toContainText(
      /Acesso expirado em \d{2}\/\d{2}\/\d{4}\. Renove a validade para baixar a configuração\./,
    );
    await expectAccessible(page, 'vpn: download recusado');
    await alert.getByRole('button', { name: 'Renovar validade' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar usuário VPN' });
    await expect(dialog.getByLabel('Nome', { exact: true })).toHaveValue('Técnico terceirizado — Automax');
    await expect(dialog.getByText('1 máquina escolhida')).toBeVisible();
    await expectAccessible(page, 'vpn: editar usuário');
  });

  test('routes: CIDR validated, an overlap on the same node refused, disable and enable', async ({ page }) => {
    await openVpn(page, '?tab=rotas');
    await page.getByRole('button', { name: 'Nova rota' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova rota' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'vpn: nova rota');
    const node = dialog.getByLabel('Nó', { exact: true });
    await expect(node.locator('option').nth(3)).toBeAttached();
    const nodeValue = (await node.locator('option').nth(3).getAttribute('value')) ?? '';
    const nodeName = ((await node.locator('option').nth(3).textContent()) ?? '').replace(/ \(.*\)$/, '');
    await node.selectOption(nodeValue);
    const network = dialog.getByLabel('Rede (CIDR)');
    await network.fill('10.0.0.1/8');
    await network.blur();
    await expect(dialog.getByText('Rede inválida.')).toBeVisible();
    await network.fill('10.0.0.0/8');
    await dialog.getByLabel('Descrição').fill('Rede corporativa');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Rota 10.0.0.0/8 cadastrada em ${nodeName}.`)).toBeVisible();

    await page.getByRole('button', { name: 'Nova rota' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Nó', { exact: true }).selectOption(nodeValue);
    await dialog.getByLabel('Rede (CIDR)').fill('10.1.0.0/16');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog.getByText('Esta rede se sobrepõe a outra rota deste nó.')).toBeVisible();
    await expect(dialog.getByLabel('Rede (CIDR)')).toBeFocused();
    await expectAccessible(page, 'vpn: rota sobreposta');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();

    // The node's routes; disable, then enable the new one.
    await page.goto(`${VPN}?tab=rotas&node=${encodeURIComponent(nodeValue)}`);
    const row = routesTable(page).getByRole('row').filter({ hasText: '10.0.0.0/8' });
    await expect(row).toContainText('Ativa');
    await row.getByRole('button', { name: /^Ações para 10\.0\.0\.0\/8/ }).click();
    await page.getByRole('menuitem', { name: 'Desativar' }).click();
    await expect(row).toContainText('Desativada');
    await expect(page.getByText('Rota 10.0.0.0/8 desativada.')).toBeVisible();
    await row.getByRole('button', { name: /^Ações para 10\.0\.0\.0\/8/ }).click();
    await page.getByRole('menuitem', { name: 'Ativar' }).click();
    await expect(row).toContainText(/Ativa(?!da)/);
  });

  test('the VPN backend down: the VPN screen says so, the rest of the back office (main API) works', async ({ page }) => {
    test.setTimeout(60_000);
    await openVpn(page);
    await expect(userRow(page, 'Carlos Henrique Prado')).toBeVisible();
    await arrangeFault(page, { mode: '500', match: '/vpn-' });
    await page.reload();
    await expect(page.getByText('O serviço de VPN está indisponível no momento.')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
    await expectAccessible(page, 'vpn: serviço indisponível');

    // The main backend still answers: the machines picker of the VPN form, the notifications, another screen.
    await page.getByRole('button', { name: 'Novo usuário VPN' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo usuário VPN' });
    await expect(dialog.getByRole('checkbox', { name: /^IH-450 #01/ })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Ordens de Compra' }).click();
    await expect(page.getByRole('heading', { name: 'Ordens de Compra', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Notificações \(\d+ novas?\)$/ })).toBeVisible();

    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'VPN' }).click();
    // Back on the VPN screen the list asks again (and retries) before saying it failed.
    const retry = page.getByRole('button', { name: 'Tentar novamente' });
    await expect(retry).toBeEnabled({ timeout: 30_000 });
    await arrangeFault(page, null);
    await retry.click();
    await expect(userRow(page, 'Carlos Henrique Prado')).toBeVisible();
  });
});

test.describe('VPN on a phone (390x844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the user form fits the screen and works', async ({ page }) => {
    await signIn(page, BACKOFFICE, ADMIN, '/backoffice-login');
    await openVpn(page);
    await expect(page.getByRole('list', { name: 'Usuários VPN' }).getByRole('listitem').first()).toBeVisible();
    await page.getByRole('button', { name: 'Novo usuário VPN' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo usuário VPN' });
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box?.width ?? 999).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expect(dialog.getByRole('checkbox', { name: /^IH-450 #01/ })).toBeVisible();
    await expectAccessible(page, 'vpn: formulário no celular');

    const name = `Técnico móvel ${Date.now().toString(36)}`;
    await dialog.getByLabel('Nome', { exact: true }).fill(name);
    await dialog.getByLabel('E-mail').fill(`movel.${Date.now().toString(36)}@oliveira.exemplo.com.br`);
    await dialog.getByLabel('Expira em').fill(dateInput(20));
    await dialog.getByRole('checkbox', { name: /^IH-450 #01/ }).check();
    await dialog.getByRole('button', { name: 'Salvar' }).scrollIntoViewIfNeeded();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('list', { name: 'Usuários VPN' }).getByRole('listitem').filter({ hasText: name })).toBeVisible();
  });
});
