/**
 * Remote access (issue 25), the rest of items 3, 5 and 6 against the Workers: the dashboard's "Acesso remoto" panel,
 * Histórico's filters (in the URL, served by the API) and its CSV (pt-BR: `;`, a header row, every step), a machine's
 * "Histórico de acesso remoto", and the back office's VPN → "Sessões" ending a builder's session with a reason.
 * axe on each new state.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { emulatorToken } from '../../scripts/lib/workers.mjs';
import { ADMIN, API, AREAS, trackErrors, CUSTOMER, CUSTOMER_UID, expect, expectAccessible, signIn, test } from './support';

const PORTAL = AREAS.portal.byHost;
const BACKOFFICE = AREAS.backoffice.byHost;
/** A demo machine with an online gateway, a LAN and services (src/seed: RT-6 #01). */
const MACHINE_ID = 'machine-1003';

async function pick(page: Page, select: string, option: string) {
  await page.getByRole('combobox', { name: select }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The demo builder asks for and downloads an hour on the machine, through the API (as the page does). */
async function connectByApi(reason: string): Promise<string> {
  const headers = { Authorization: `Bearer ${emulatorToken(CUSTOMER_UID, CUSTOMER.email)}`, 'Content-Type': 'application/json' };
  const asked = await fetch(`${API}/machine/${MACHINE_ID}/remote-access`, {
    method: 'POST',
    headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
    body: JSON.stringify({ reason, durationHours: 1 }),
  });
  expect(asked.status).toBe(201);
  const { session } = (await asked.json()) as { session: { id: string } };
  const issued = await fetch(`${API}/remote-access/session/${session.id}/profile`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ publicKey: randomBytes(32).toString('base64') }),
  });
  expect(issued.status).toBe(200);
  // The demo's node reports the profile's first handshake a few seconds later (Histórico's "Conectado"): wait for it,
  // so what Histórico lists does not depend on how fast this machine runs the test.
  await expect
    .poll(
      async () => {
        const events = await fetch(`${API}/remote-access/event?kind=connected`, { headers });
        const page = (await events.json()) as { data: Array<{ sessionId: string }> };
        return page.data.some((event) => event.sessionId === session.id);
      },
      { timeout: 30_000, intervals: [1000] },
    )
    .toBe(true);
  return session.id;
}

test.describe('Acesso remoto: painel, Histórico e Sessões', () => {
  test('dashboard panel → Ativos; Histórico filtered and exported as CSV; the machine’s history', async ({ page }) => {
    test.setTimeout(90_000);
    const errors = trackErrors(page);
    await connectByApi('Ajuste de receita no CLP');
    await signIn(page, PORTAL, CUSTOMER);

    // The dashboard's panel (loaded after the page's first paint).
    const panel = page.getByRole('region', { name: 'Acesso remoto' });
    await expect(panel.getByRole('heading', { name: 'Ativos agora (1)' })).toBeVisible();
    await expect(panel.getByRole('heading', { name: 'Aguardando aprovação (0)' })).toBeVisible();
    await expect(panel).toContainText(/Até \d{2}\/\d{2}\/\d{4}/);
    await expectAccessible(page, 'dashboard: acesso remoto');
    await panel.getByRole('link', { name: 'Ver ativos' }).click();
    await expect(page.getByRole('heading', { name: 'Acesso Remoto', level: 1 })).toBeVisible();
    const active = page.getByRole('table', { name: 'Acessos ativos' });
    await expect(active.locator('tbody tr')).toHaveCount(1);
    await expect(active).toContainText(/↓ .* · .*↑ /);

    // Histórico: the filters go to the URL and to the API.
    await page.getByRole('tab', { name: 'Histórico' }).click();
    const history = page.getByRole('table', { name: 'Histórico de acesso remoto' });
    await expect(history.getByText('Perfil baixado', { exact: true })).toHaveCount(1);
    await expect(history.getByText('Conectado', { exact: true })).toHaveCount(1);
    await pick(page, 'Evento', 'Solicitado');
    await expect(page).toHaveURL(/[?&]kind=requested/);
    await expect(history.locator('tbody tr')).toHaveCount(1);
    await expect(history).toContainText('Ajuste de receita no CLP');
    await pick(page, 'Período', 'Últimas 24 horas');
    await expect(page).toHaveURL(/[?&]days=1/);
    await expect(history.locator('tbody tr')).toHaveCount(1);
    await expectAccessible(page, 'acesso remoto: histórico filtrado');
    await pick(page, 'Evento', 'Todos os eventos');
    await expect(page).not.toHaveURL(/kind=/);
    await expect(history.locator('tbody tr')).toHaveCount(4);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^acesso-remoto-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile((await download.path()) ?? '', 'utf8')).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Quando;Evento;Máquina;Pessoa;Por;Motivo;Sessão');
    expect(lines).toHaveLength(5);
    expect(lines.slice(1).map((line) => line.split(';')[1])).toEqual(['Conectado', 'Perfil baixado', 'Aprovado', 'Solicitado']);
    for (const line of lines.slice(1)) expect(line.split(';')[0]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(lines[4]).toContain('Ajuste de receita no CLP');

    // The machine's page: its "Histórico de acesso" includes its remote-access sessions.
    await page.goto(`${PORTAL}/machines/${MACHINE_ID}`);
    await expect(page.getByRole('heading', { name: 'Sessões de conexão remota', level: 3 })).toBeVisible();
    const row = page.getByRole('table', { name: 'Sessões de conexão remota da máquina' }).locator('tbody tr');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Ajuste de receita no CLP');
    await expect(row).toContainText('Ativo');
    await expectAccessible(page, 'máquina: sessões de conexão remota');
    expect(errors).toEqual([]);
  });

  test('phone: Ativos as cards', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await connectByApi('Diagnóstico pelo celular');
    await signIn(page, PORTAL, CUSTOMER);
    await page.goto(`${PORTAL}/remote-access`);
    // The kit's DataTable: cards below 768 px, each field labelled, "Encerrar" on the card.
    await expect(page.getByRole('heading', { name: 'Acessos ativos' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Acessos ativos' })).toHaveCount(0);
    await expect(page.getByText('Último handshake', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Encerrar acesso de / })).toBeVisible();
    await expectAccessible(page, 'acesso remoto: ativos no celular');
  });

  test('back office → VPN → Sessões: staff end a builder’s session with a reason', async ({ page }) => {
    const errors = trackErrors(page);
    const id = await connectByApi('Ajuste de receita no CLP');
    await signIn(page, BACKOFFICE, ADMIN, '/backoffice-login');
    await page.goto(`${BACKOFFICE}/backoffice-vpn-user?tab=sessoes`);
    const table = page.getByRole('table', { name: 'Sessões de acesso remoto ativas' });
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await expectAccessible(page, 'vpn: sessões');

    await table.getByRole('button', { name: /^Ações para / }).click();
    await page.getByRole('menuitem', { name: 'Encerrar' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Encerrar sessão?' });
    await dialog.getByRole('button', { name: 'Encerrar' }).click();
    await expect(dialog.getByText('Informe o motivo do encerramento.')).toBeVisible();
    await expectAccessible(page, 'vpn: encerrar sessão');
    await dialog.getByLabel('Motivo do encerramento').fill('Acesso fora do contrato');
    await dialog.getByRole('button', { name: 'Encerrar' }).click();
    await expect(page.getByText('Nenhuma sessão ativa')).toBeVisible();

    // The builder's Histórico: ended by the staff member, with the reason.
    const token = emulatorToken(CUSTOMER_UID, CUSTOMER.email);
    const events = (await (await fetch(`${API}/remote-access/event?kind=ended`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
      data: { sessionId: string; actorName: string; reason: string }[];
    };
    const ended = events.data.find((event) => event.sessionId === id);
    expect(ended?.reason).toBe('Acesso fora do contrato');
    expect(ended?.actorName).toMatch(/\(suporte Ponte IIoT\)$/);
    expect(errors).toEqual([]);
  });
});
