import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { emulatorToken } from '../../scripts/lib/workers.mjs';
import { unzipStore } from '../../src/contracts/format/zip';
import { API, AREAS, trackErrors, CUSTOMER, CUSTOMER_UID, expect, expectAccessible, signIn, test } from './support';

const PORTAL = AREAS.portal.byHost;
const PHONE = { width: 390, height: 844 };

async function openPrivacy(page: Page) {
  await page.goto(`${PORTAL}/settings/`);
  const section = page.getByRole('region', { name: 'Privacidade e dados' });
  await expect(section.getByRole('heading', { name: 'Exportar meus dados' })).toBeVisible();
  return section;
}

type Schedule = { schedule: { eraseAt: { seconds: number }; requestedBy: string } | null };
type Mail = { to: string; subject: string; text: string; link: string };

/** The API as one of Maria's team (an emulator token; `claims` override its own, `auth_time` say). */
async function asMember(request: APIRequestContext, method: 'GET' | 'POST', path: string, uid: string, email: string, claims = {}, data?: unknown) {
  const headers = { Authorization: `Bearer ${emulatorToken(uid, email, claims)}` };
  return method === 'GET' ? request.get(`${API}${path}`, { headers }) : request.post(`${API}${path}`, { headers, data });
}

/** "29/11/2026": the erasure's day as the portal says it (Brasília). */
const day = (seconds: number) =>
  new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(seconds * 1000));

test.describe('Configurações → Privacidade e dados', () => {
  test('"Exportar meus dados" downloads ponte-iiot-dados-<day>.zip with dados.json and pt-BR CSVs', async ({ page }) => {
    const errors = trackErrors(page);
    await signIn(page, PORTAL, CUSTOMER);
    const section = await openPrivacy(page);
    await expect(section).toContainText('dados.json');
    await expect(section).toContainText('só os 4 últimos dígitos do cartão');
    await expectAccessible(page, 'Privacidade e dados');

    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      section.getByRole('button', { name: 'Exportar meus dados' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^ponte-iiot-dados-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipStore(new Uint8Array(await readFile(await download.path())));
    expect([...files.keys()]).toEqual(expect.arrayContaining(['dados.json', 'clientes.csv', 'maquinas.csv', 'pedidos.csv', 'pagamentos.csv']));
    const data = JSON.parse(new TextDecoder().decode(files.get('dados.json'))) as Record<string, unknown[]>;
    expect(data.clientes?.length).toBeGreaterThan(0);
    expect(data.pedidos?.length).toBeGreaterThan(0);
    expect(data.empresa).toEqual([expect.objectContaining({ name: CUSTOMER.name })]);
    const customers = files.get('clientes.csv') ?? new Uint8Array();
    expect([...customers.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, first] = new TextDecoder().decode(customers.subarray(3)).split('\r\n');
    expect(header).toBe('Razão social;Nome fantasia;CNPJ;E-mail;Telefone;Cidade;UF;Criado em');
    expect(first).toMatch(/;\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    await expect(page.getByText(/^Arquivo ponte-iiot-dados-.*\.zip baixado\.$/)).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('"Excluir conta" on a phone: wrong name blocked; the sign-in asked again; the deletion scheduled for 14 days, every Administrador e-mailed, "Cancelar exclusão" undoes it', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    // A stale sign-in is refused by the API itself (the token's auth_time older than 5 minutes).
    const stale = await asMember(request, 'POST', '/account/deletion', CUSTOMER_UID, CUSTOMER.email, { auth_time: Math.floor(Date.now() / 1000) - 600 }, { companyName: CUSTOMER.name });
    expect(stale.status()).toBe(403);
    expect(((await stale.json()) as { error: { code: string } }).error.code).toBe('recent-sign-in-required');

    await page.setViewportSize(PHONE);
    await signIn(page, PORTAL, CUSTOMER);
    const section = await openPrivacy(page);
    await section.getByRole('button', { name: 'Excluir conta' }).click();
    const dialog = page.getByRole('alertdialog', { name: `Excluir a conta de ${CUSTOMER.name}?` });
    await expect(dialog.getByText(/^A exclusão fica agendada por 14 dias/)).toBeVisible();
    await expect(dialog.getByText(/Os pedidos ficam guardados por 5 anos/)).toBeVisible();
    const confirm = dialog.getByRole('button', { name: 'Agendar exclusão' });
    await dialog.getByLabel('Nome da empresa').fill('Outra Empresa Ltda');
    await expect(confirm).toBeDisabled();
    await expectAccessible(page, 'Excluir conta');
    // The dialog fits the phone's width.
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);

    // The sign-in is fresh here: the API's "sign in again" answer is played once, to see the password asked for and
    // the identity service (the Auth emulator) check it before the request is sent again.
    let refusedOnce = false;
    await page.route('**/account/deletion', async (route) => {
      if (route.request().method() !== 'POST' || refusedOnce) return route.continue();
      refusedOnce = true;
      return route.fulfill({
        status: 403,
        headers: { 'Access-Control-Allow-Origin': '*' },
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'recent-sign-in-required', message: 'Por segurança, confirme sua senha (entre novamente) para excluir a conta.' } }),
      });
    });
    await dialog.getByLabel('Nome da empresa').fill(CUSTOMER.name);
    await confirm.click();
    await expect(dialog.getByRole('alert')).toHaveText('Por segurança, confirme que é você antes de excluir a conta.');
    await dialog.getByLabel('Sua senha').fill('senha-errada');
    await dialog.getByRole('button', { name: 'Confirmar senha e agendar' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Senha incorreta.');
    await dialog.getByLabel('Sua senha').fill(CUSTOMER.password);
    await dialog.getByRole('button', { name: 'Confirmar senha e agendar' }).click();
    await expect(dialog).toBeHidden();

    const scheduled = await asMember(request, 'GET', '/account/deletion', CUSTOMER_UID, CUSTOMER.email);
    const { schedule } = (await scheduled.json()) as Schedule;
    expect(schedule).not.toBeNull();
    const eraseDay = day(schedule?.eraseAt.seconds ?? 0);
    const status = section.getByRole('status');
    await expect(status.getByText(`Exclusão agendada para ${eraseDay}`, { exact: true })).toBeVisible();
    expect(Math.round(((schedule?.eraseAt.seconds ?? 0) * 1000 - Date.now()) / 86_400_000)).toBe(14);
    await expectAccessible(page, 'Exclusão agendada');

    // Every Administrador is e-mailed (the demo mailbox); the team still works meanwhile (a Técnico sees the date).
    const mails = (await (await asMember(request, 'GET', '/demo/mailbox', CUSTOMER_UID, CUSTOMER.email)).json()) as Mail[];
    expect(mails.filter((mail) => mail.subject === `Exclusão da conta de ${CUSTOMER.name} agendada para ${eraseDay}`).map((mail) => mail.to)).toContain(CUSTOMER.email);
    const byTecnico = await asMember(request, 'GET', '/account/deletion', 'demo-tecnico-carlos', 'carlos@example.com');
    expect(byTecnico.status()).toBe(200);
    expect(((await byTecnico.json()) as Schedule).schedule?.eraseAt.seconds).toBe(schedule?.eraseAt.seconds);

    await status.getByRole('button', { name: 'Cancelar exclusão' }).click();
    await expect(section.getByText(/^Exclusão agendada para/)).toHaveCount(0);
    await expect(section.getByRole('button', { name: 'Excluir conta' })).toBeVisible();
    expect(((await (await asMember(request, 'GET', '/account/deletion', CUSTOMER_UID, CUSTOMER.email)).json()) as Schedule).schedule).toBeNull();
  });
});
