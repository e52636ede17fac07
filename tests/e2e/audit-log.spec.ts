/**
 * The audit log (issue 37, item 5) against the Workers: Configurações → "Registro de auditoria" lists the demo's
 * entries; a change made in the portal (the remote-access policy) appears at the top with who and the fields
 * before → after; the filters live in the URL (Período's "Personalizado" too: "De" and "Até"); "Exportar CSV"
 * downloads the pt-BR CSV (`;`, BOM, header row); the back office's "Auditoria" lists every account's entries with
 * the account's name. axe on each new state.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { ADMIN, AREAS, CUSTOMER, expect, expectAccessible, signIn, test, trackErrors } from './support';

const PORTAL = AREAS.portal.byHost;
const BACKOFFICE = AREAS.backoffice.byHost;

async function pick(page: Page, select: string, option: string) {
  await page.getByRole('combobox', { name: select }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const table = (page: Page) => page.getByRole('table', { name: 'Registro de auditoria' });

test.describe('Registro de auditoria', () => {
  test('from Configurações: the entries, a new change at the top, the filters and the CSV', async ({ page }) => {
    const errors = trackErrors(page);
    await signIn(page, PORTAL, CUSTOMER);
    await page.goto(`${PORTAL}/settings/`);
    await page.getByRole('link', { name: /Registro de auditoria/ }).click();
    await expect(page.getByRole('heading', { name: 'Registro de auditoria', level: 1 })).toBeVisible();
    await expect(table(page).getByText('Política de acesso remoto alterada')).toBeVisible();
    await expect(table(page).getByText('Perfil alterado')).toBeVisible();
    await expectAccessible(page, 'auditoria: lista');

    // A change of the policy in Configurações: its entry comes first, by Maria, with the field before → after.
    await page.goto(`${PORTAL}/settings/`);
    const policy = page.getByRole('region', { name: 'Acesso remoto' });
    await policy.getByLabel('Exigir aprovação de um Administrador').click();
    await policy.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Política de acesso remoto salva.')).toBeVisible();
    await page.goto(`${PORTAL}/settings/audit`);
    const first = table(page).locator('tbody tr').first();
    await expect(first).toContainText('Política de acesso remoto alterada');
    await expect(first).toContainText(CUSTOMER.name);
    await expect(first).toContainText(/Exigir aprovação de um Administrador: (Não → Sim|Sim → Não)/);

    await pick(page, 'Tipo', 'Convite enviado');
    await expect(page).toHaveURL(/kind=team\.invite/);
    await expect(table(page).locator('tbody tr')).toHaveCount(1);
    await pick(page, 'Período', 'Últimas 24 horas');
    await expect(page).toHaveURL(/days=1/);
    await expect(page.getByText('Nenhum registro com estes filtros')).toBeVisible();
    await expectAccessible(page, 'auditoria: sem resultados');

    // "Personalizado": the days "De" and "Até" (kept in the URL); "Até" before "De" is refused with a message.
    await pick(page, 'Período', 'Personalizado');
    await page.getByLabel('De', { exact: true }).fill('2020-03-10');
    await page.getByLabel('Até', { exact: true }).fill('2020-03-01');
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'A data "Até" não pode ser anterior à data "De".' })).toBeVisible();
    await expect(page).toHaveURL(/days=1/);
    await expectAccessible(page, 'auditoria: período personalizado');
    await page.getByLabel('Até', { exact: true }).fill('2099-12-31');
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await expect(page).toHaveURL(/from=2020-03-10&to=2099-12-31/);
    await expect(page).not.toHaveURL(/days=/);
    await expect(table(page).locator('tbody tr')).toHaveCount(1);

    await pick(page, 'Período', 'Todo o período');
    await pick(page, 'Tipo', 'Todas as ações');
    await expect(table(page).getByText('Serviços da máquina alterados')).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^auditoria-\d{4}-\d{2}-\d{2}\.csv$/);
    const content = await readFile((await download.path()) ?? '', 'utf8');
    expect(content.startsWith('\uFEFF')).toBe(true);
    const lines = content.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Data;Pessoa;E-mail;Ação;Alvo;Endereço IP;Detalhes');
    expect(lines.length).toBeGreaterThanOrEqual(8);
    expect(lines[1]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2};/);
    expect(lines.some((line) => line.includes(';Política de acesso remoto alterada;Acesso remoto;'))).toBe(true);
    expect(errors).toEqual([]);
  });

  test("the back office's Auditoria lists every account's entries with the account", async ({ page }) => {
    const errors = trackErrors(page);
    await signIn(page, BACKOFFICE, ADMIN, '/backoffice-login');
    await page.getByRole('link', { name: 'Auditoria' }).click();
    await expect(page.getByRole('heading', { name: 'Auditoria', level: 1 })).toBeVisible();
    const list = page.getByRole('table', { name: 'Auditoria' });
    await expect(list.getByText('Política de acesso remoto alterada')).toBeVisible();
    await expect(list.locator('tbody tr').first()).toContainText('Maria Oliveira Santos');
    await pick(page, 'Conta', 'Maria Oliveira Santos');
    await expect(page).toHaveURL(/account=/);
    await expectAccessible(page, 'back office: auditoria');
    expect(errors).toEqual([]);
  });
});
