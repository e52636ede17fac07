/**
 * Issue 34 in the browser, against the Workers: the machine's page ("Rede da máquina", "Endereço pelo túnel" and the
 * address translator), the "Conectar" result saying which address opens each service, Acesso Remoto → Ativos at
 * 1280 px keeping "Encerrar" in reach, and the back office's VPN → "Hubs" (new hub, "Nova credencial" shown once,
 * "Editar", "Mover gateway" with its message). axe on each new state.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { emulatorToken } from '../../scripts/lib/workers.mjs';
import { ADMIN, API, AREAS, trackErrors, CUSTOMER, CUSTOMER_UID, expect, expectAccessible, clickRowAction, signIn, test } from './support';

const PORTAL = AREAS.portal.byHost;
const BACKOFFICE = AREAS.backoffice.byHost;
/** The lab's first factory (src/seed/lab.ts): EX-90 #03 on 192.168.0.0/24, IHM web on 80 and Modbus on 502. */
const MACHINE_ID = 'machine-1023';
const CIDR = /^\d+\.\d+\.\d+\.\d+\/\d+$/;

/** The `<dd>` of a `<dt>` on the page. */
const valueOf = (page: Page, term: string) =>
  page.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');

test.describe('Túnel: página da máquina e Conectar', () => {
  test('"Rede da máquina", "Endereço pelo túnel", the translator, and the address of each service after "Gerar acesso"', async ({ page }) => {
    test.setTimeout(90_000);
    const errors = trackErrors(page);
    await signIn(page, PORTAL, CUSTOMER);
    await page.goto(`${PORTAL}/machines/${MACHINE_ID}`);
    const section = page.getByRole('region', { name: 'Rede' });
    await expect(section).toBeVisible();
    const lan = ((await valueOf(page, 'Rede da máquina').textContent()) ?? '').trim();
    const tunnel = ((await valueOf(page, 'Endereço pelo túnel').textContent()) ?? '').trim();
    expect(lan).toBe('192.168.0.0/24');
    expect(tunnel).toMatch(CIDR);
    expect(tunnel).toMatch(/\/24$/);
    const tunnelPrefix = tunnel.split('.').slice(0, 3).join('.');

    const input = section.getByRole('textbox', { name: 'Endereço na rede da máquina' });
    const output = section.getByRole('status', { name: 'Endereço pelo túnel' });
    await input.fill('192.168.0.10');
    await expect(output).toHaveText(`${tunnelPrefix}.10`);
    await expectAccessible(page, 'máquina: rede e tradutor');
    await input.fill('192.168.1.10');
    await expect(section.getByText('O endereço 192.168.1.10 não está na rede da máquina (192.168.0.0/24).')).toBeVisible();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(output).toHaveText('—');
    await expectAccessible(page, 'máquina: tradutor com erro');

    const remote = page.getByRole('region', { name: 'Acesso remoto' });
    await remote.getByRole('button', { name: 'Conectar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Conectar à máquina' });
    await dialog.getByLabel('Motivo').fill('Leitura do CLP pelo túnel');
    await dialog.getByRole('button', { name: 'Gerar acesso' }).click();
    await expect(dialog.getByText(/^Acesso liberado até \d{2}\/\d{2}\/\d{4}/)).toBeVisible({ timeout: 20_000 });
    const how = dialog.getByRole('region', { name: 'Como abrir cada serviço' });
    await expect(how).toContainText(`a rede da máquina (${lan}) aparece como ${tunnel}`);
    await expect(how).toContainText(`192.168.0.10 → ${tunnelPrefix}.10`);
    await expect(how.getByRole('listitem').filter({ hasText: /\(HTTP, porta 80\)/ })).toContainText(
      'abra http://<endereço pelo túnel do equipamento>',
    );
    await how.getByRole('textbox', { name: 'Endereço na rede da máquina' }).fill('192.168.0.10');
    await expect(how.getByRole('listitem').filter({ hasText: /\(HTTP, porta 80\)/ })).toContainText(`abra http://${tunnelPrefix}.10`);
    await expectAccessible(page, 'conectar: endereços dos serviços');
    await dialog.getByRole('button', { name: 'Concluir' }).click();
    await expect(dialog).toBeHidden();
    expect(errors).toEqual([]);
  });

  test('Acesso Remoto → Ativos at 1280 px: "Encerrar" is in view, or the table says it scrolls', async ({ page }) => {
    const headers = { Authorization: `Bearer ${emulatorToken(CUSTOMER_UID, CUSTOMER.email)}`, 'Content-Type': 'application/json' };
    const asked = await fetch(`${API}/machine/${MACHINE_ID}/remote-access`, {
      method: 'POST',
      headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
      body: JSON.stringify({ reason: 'Diagnóstico de um equipamento com nome comprido', durationHours: 1 }),
    });
    expect(asked.status).toBe(201);
    const { session } = (await asked.json()) as { session: { id: string } };
    const issued = await fetch(`${API}/remote-access/session/${session.id}/profile`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ publicKey: randomBytes(32).toString('base64') }),
    });
    expect(issued.status).toBe(200);

    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, PORTAL, CUSTOMER);
    await page.goto(`${PORTAL}/remote-access`);
    const table = page.getByRole('table', { name: 'Acessos ativos' });
    const end = table.getByRole('button', { name: /^Encerrar acesso de / });
    await expect(end).toBeVisible();
    const scroller = page.getByRole('region', { name: 'Acessos ativos' }).filter({ has: table }).last();
    const { scrollWidth, clientWidth } = await scroller.evaluate((box) => ({ scrollWidth: box.scrollWidth, clientWidth: box.clientWidth }));
    if (scrollWidth > clientWidth + 1) {
      // Wider than the page: said above it, and the box scrolls to "Encerrar".
      await expect(page.getByText('A tabela é mais larga que a tela: role-a para o lado para ver todas as colunas.')).toBeVisible();
      await end.scrollIntoViewIfNeeded();
    }
    const box = await end.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(1280);
    await expect(end).toBeInViewport();
    await expectAccessible(page, 'acesso remoto: ativos a 1280 px');
  });
});

test.describe('VPN → Hubs (back office)', () => {
  test('new hub, "Nova credencial" shown once, "Editar", "Mover gateway"', async ({ page }) => {
    test.setTimeout(90_000);
    const errors = trackErrors(page);
    await signIn(page, BACKOFFICE, ADMIN, '/backoffice-login');

    // A gateway's serial number, from the nodes.
    await page.goto(`${BACKOFFICE}/backoffice-vpn-user?tab=nos`);
    const serial = ((await page.getByRole('table', { name: 'Nós VPN' }).getByText(/^PG1-\d{6}$/).first().textContent()) ?? '').trim();
    expect(serial).toMatch(/^PG1-\d{6}$/);

    await page.getByRole('tab', { name: 'Hubs' }).click();
    await expect(page).toHaveURL(/\?tab=hubs$/);
    const table = page.getByRole('table', { name: 'Hubs VPN' });
    await expect(table.locator('tbody tr').first()).toBeVisible();
    await expectAccessible(page, 'vpn: hubs');

    const name = `hub-e2e-${Date.now().toString(36)}`;
    await page.getByRole('button', { name: 'Novo hub' }).click();
    const form = page.getByRole('dialog', { name: 'Novo hub' });
    await form.getByLabel('Nome').fill(name);
    await form.getByLabel('Região').fill('Recife');
    await form.getByLabel('Endpoint (host)').fill('vpn-rec1.exemplo.com.br');
    await form.getByLabel('Porta').fill('51830');
    await expectAccessible(page, 'vpn: novo hub');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText(`Hub ${name} cadastrado. Emita a credencial dele em “Nova credencial”.`)).toBeVisible();
    const row = table.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Recife');
    await expect(row).toContainText('Nunca');
    await expect(row).toContainText('vpn-rec1.exemplo.com.br:51830');

    await clickRowAction(page, name, 'Nova credencial');
    const confirm = page.getByRole('alertdialog', { name: 'Emitir nova credencial?' });
    await expect(confirm).toContainText(`A credencial atual de ${name} deixa de funcionar na hora`);
    await confirm.getByRole('button', { name: 'Emitir nova credencial' }).click();
    const shown = page.getByRole('dialog', { name: `Credencial do hub ${name}` });
    await expect(shown.getByText('Guarde agora: ela não será mostrada de novo.')).toBeVisible();
    const token = await shown.getByRole('textbox', { name: 'Credencial' }).inputValue();
    expect(token.length).toBeGreaterThan(20);
    await expect(shown.getByRole('button', { name: 'Copiar credencial' })).toBeVisible();
    await expectAccessible(page, 'vpn: credencial do hub');
    await shown.getByRole('button', { name: 'Concluir' }).click();
    await expect(shown).toBeHidden();
    await expect(page.getByText(token)).toHaveCount(0);

    await clickRowAction(page, name, 'Editar');
    const edit = page.getByRole('dialog', { name: 'Editar hub' });
    await edit.getByLabel('Região').fill('Pernambuco');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Alterações salvas.')).toBeVisible();
    await expect(row).toContainText('Pernambuco');

    await clickRowAction(page, name, 'Mover gateway para este hub');
    const move = page.getByRole('dialog', { name: 'Mover gateway' });
    await move.getByLabel('Gateway').fill(serial);
    await move.getByRole('button', { name: 'Mover gateway' }).click();
    await expect(move.getByRole('status')).toContainText(`Gateway movido para ${name}.`);
    await expect(move.getByRole('status')).toContainText('O gateway passou para outro hub: baixe a nova configuração VPN e instale-a no gateway.');
    await expectAccessible(page, 'vpn: gateway movido');
    await move.getByRole('button', { name: 'Concluir' }).click();
    // Gateways: the moved one at least (a gateway without a hub yet is also given the least loaded one: this new hub).
    await expect(row.getByRole('cell').nth(3)).toHaveText(/^[1-9]\d*$/);
    expect(errors).toEqual([]);
  });
});
