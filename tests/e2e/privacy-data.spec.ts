import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { EMULATOR_HOST } from '../../scripts/lib/auth-emulator.mjs';
import { emulatorToken } from '../../scripts/lib/workers.mjs';
import { unzipStore } from '../../src/contracts/format/zip';
import { API, AREAS, collectErrors, CUSTOMER, CUSTOMER_UID, expect, expectAccessible, signIn, test, uniqueEmail } from './support';

const PORTAL = AREAS.portal.byHost;
const PHONE = { width: 390, height: 844 };

async function openPrivacy(page: Page) {
  await page.goto(`${PORTAL}/settings/`);
  const section = page.getByRole('region', { name: 'Privacidade e dados' });
  await expect(section.getByRole('heading', { name: 'Exportar meus dados' })).toBeVisible();
  return section;
}

/**
 * A Técnico of Maria's team who can sign in: an identity in the Auth emulator, invited by Maria and accepted through
 * the API (the demo's own members have no identity in the emulator).
 */
async function teamMember(request: APIRequestContext): Promise<{ email: string; password: string }> {
  const email = uniqueEmail('tecnico.privacidade');
  const password = 'segredo1';
  const signUp = await request.post(`http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    data: { email, password, displayName: 'Téo Técnico', returnSecureToken: true },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const { idToken } = (await signUp.json()) as { idToken: string };
  const invited = await request.post(`${API}/team/invitation`, {
    headers: { Authorization: `Bearer ${emulatorToken(CUSTOMER_UID, CUSTOMER.email)}`, 'Idempotency-Key': crypto.randomUUID() },
    data: { email, role: 'tecnico' },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const { link } = (await invited.json()) as { link: string };
  const token = link.split('/invite/')[1] ?? '';
  const accepted = await request.post(`${API}/invitation/${token}/accept`, {
    headers: { Authorization: `Bearer ${idToken}` },
    data: { name: 'Téo Técnico' },
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  return { email, password };
}

/** The sign-in form, filled and sent; the page stays on it. */
async function trySignIn(page: Page, account: { email: string; password: string }) {
  await page.goto(`${PORTAL}/login`);
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Senha', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

test.describe('Configurações → Privacidade e dados', () => {
  test('"Exportar meus dados" downloads ponte-iiot-dados-<day>.zip with dados.json and pt-BR CSVs', async ({ page }) => {
    const errors = collectErrors(page);
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

  test('"Excluir conta" on a phone: wrong name blocked, the right one signs out; the admin and a member are refused after', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const member = await teamMember(request);
    await page.setViewportSize(PHONE);
    await signIn(page, PORTAL, CUSTOMER);
    const section = await openPrivacy(page);
    await section.getByRole('button', { name: 'Excluir conta' }).click();
    const dialog = page.getByRole('alertdialog', { name: `Excluir a conta de ${CUSTOMER.name}?` });
    await expect(dialog.getByText('O acesso de todas as pessoas da equipe termina na hora, inclusive o seu.')).toBeVisible();
    await expect(dialog.getByText(/Os pedidos ficam guardados por 5 anos/)).toBeVisible();
    const confirm = dialog.getByRole('button', { name: 'Excluir conta definitivamente' });
    await dialog.getByLabel('Nome da empresa').fill('Outra Empresa Ltda');
    await expect(confirm).toBeDisabled();
    await expectAccessible(page, 'Excluir conta');
    // The dialog fits the phone's width.
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);

    await dialog.getByLabel('Nome da empresa').fill(CUSTOMER.name);
    await confirm.click();
    await expect(page).toHaveURL(`${PORTAL}/login`);
    await expect(page.getByText('Sua conta foi excluída. O acesso de toda a equipe foi encerrado.')).toBeVisible();

    for (const account of [CUSTOMER, member]) {
      await trySignIn(page, account);
      await expect(page.getByText('Esta conta foi excluída.', { exact: true })).toBeVisible();
      await expect(page).toHaveURL(/\/login/);
      await expect(page.getByRole('button', { name: 'Alternar menu lateral' })).toHaveCount(0);
    }
  });
});
