/**
 * The factory's approval of a remote access (issue 25, item 4), as a new user tries it against the Workers: the demo
 * builder connects to a machine of Frigorífico Pantanal S.A. (a customer with "Exigir aprovação da fábrica") → the
 * request waits ("Aguardando aprovação"); the link e-mailed to the factory is read in the demo mailbox (Equipe →
 * "E-mails enviados (demonstração)"), opened signed out in a fresh browser, "Autorizar acesso"; the builder then
 * downloads the profile from Solicitações. The refusal (with its reason) and a reused link too. axe on each state of
 * the approval page, and the page at phone width.
 */
import type { Browser, Page } from '@playwright/test';
import { AREAS, trackErrors, CUSTOMER, downloadConfiguration, expect, expectAccessible, signIn, test } from './support';

const PORTAL = AREAS.portal.byHost;
const FACTORY = 'Frigorífico Pantanal S.A.';
/** Two machines of that customer with an online gateway, a LAN and services (src/seed). */
const APPROVED = { id: 'machine-1012', name: 'CU-800 #02' };
const REFUSED = { id: 'machine-1028', name: 'EX-90 #04' };
const PHONE = { width: 390, height: 844 };

/** "Conectar" on the machine's page: the request waits for the factory. */
async function connect(page: Page, machineId: string, reason: string): Promise<string> {
  await page.goto(`${PORTAL}/machines/${machineId}`);
  // "Endereço pelo túnel": what the profile's AllowedIPs names (the gateway maps it onto the machine's LAN).
  const tunnel = ((await page.getByRole('region', { name: 'Rede', exact: true }).locator('.font-mono').nth(1).textContent()) ?? '').trim();
  expect(tunnel).toMatch(/^10\.\d+\.\d+\.\d+\/\d+$/);
  const section = page.getByRole('region', { name: 'Acesso remoto' });
  await section.getByRole('button', { name: 'Conectar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Conectar à máquina' });
  await dialog.getByLabel('Motivo').fill(reason);
  await dialog.getByLabel('Duração').selectOption({ label: '1 hora' });
  await dialog.getByRole('button', { name: 'Gerar acesso' }).click();
  const status = dialog.getByRole('status').filter({ hasText: 'Aguardando aprovação' });
  await expect(status).toBeVisible();
  await expect(status).toContainText(`Aguardando aprovação da fábrica: ${FACTORY} recebeu em`);
  await expectAccessible(page, 'conectar: aguardando a fábrica');
  await dialog.getByRole('button', { name: 'Concluir' }).click();
  await expect(dialog).toBeHidden();
  return tunnel;
}

/** The approval link of the machine's request, as the demo mailbox lists it (Configurações → Equipe). */
async function linkFromMailbox(page: Page, machineName: string): Promise<string> {
  await page.goto(`${PORTAL}/settings/team`);
  const mailbox = page.getByRole('region', { name: 'E-mails enviados (demonstração)' });
  const mail = mailbox.getByRole('listitem').filter({ hasText: `pede acesso remoto à máquina ${machineName}` }).first();
  await expect(mail).toContainText('compras@pantanalcarnes.exemplo.com.br');
  const link = mail.getByRole('link');
  const href = await link.getAttribute('href');
  expect(href).toMatch(/\/aprovacao-acesso\/[A-Za-z0-9_-]{43}$/);
  return href ?? '';
}

/** The link opened in a fresh, signed-out browser context (the factory's phone), at phone width. */
async function openSignedOut(browser: Browser, link: string): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Aprovação de acesso remoto', level: 1 })).toBeVisible();
  return page;
}

/** Nothing wider than the phone's screen. */
async function expectFitsPhone(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('Acesso remoto: aprovação da fábrica', () => {
  test('waits for the factory; approved by the e-mailed link signed out; the builder downloads the profile', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const errors = trackErrors(page);
    await signIn(page, PORTAL, CUSTOMER);
    const tunnel = await connect(page, APPROVED.id, 'Ajuste de receita no CLP');

    // Solicitações: waiting for the factory, no "Aprovar" in its place.
    await page.goto(`${PORTAL}/remote-access?tab=solicitacoes`);
    const waiting = page.getByRole('table', { name: 'Aguardando aprovação' }).locator('tbody tr').filter({ hasText: APPROVED.name });
    await expect(waiting).toContainText(`Aguardando aprovação da fábrica (${FACTORY})`);
    await expect(waiting.getByRole('button', { name: /^Aprovar/ })).toHaveCount(0);
    await expectAccessible(page, 'solicitações: aguardando a fábrica');

    const link = await linkFromMailbox(page, APPROVED.name);
    const factory = await openSignedOut(browser, link);
    const factoryErrors = trackErrors(factory);
    await expect(factory.getByText('Ajuste de receita no CLP')).toBeVisible();
    await expect(factory.getByText(APPROVED.name, { exact: true })).toBeVisible();
    await expect(factory.getByText(/^1 hora, a partir do momento/)).toBeVisible();
    await expect(factory.getByRole('button', { name: 'Autorizar acesso' })).toBeVisible();
    await expect(factory.getByRole('button', { name: 'Recusar' })).toBeVisible();
    await expectFitsPhone(factory);
    await expectAccessible(factory, 'aprovação: pedido');

    await factory.getByRole('button', { name: 'Autorizar acesso' }).click();
    await expect(factory.getByRole('status').filter({ hasText: 'Acesso autorizado' })).toContainText(`acessar ${APPROVED.name} por 1 hora`);
    await expectAccessible(factory, 'aprovação: autorizado');

    // The link works once.
    await factory.goto(link);
    await expect(factory.getByRole('alert')).toContainText('Este link de aprovação já foi usado.');
    await expect(factory.getByRole('button', { name: 'Autorizar acesso' })).toHaveCount(0);
    await expectFitsPhone(factory);
    await expectAccessible(factory, 'aprovação: link já usado');
    expect(factoryErrors.filter((error) => !/status of 410/.test(error))).toEqual([]);
    await factory.context().close();

    // The requester downloads the profile from Solicitações (keys made now, in this browser).
    await page.goto(`${PORTAL}/remote-access?tab=solicitacoes`);
    const approved = page.getByRole('table', { name: 'Aprovadas, perfil não baixado' }).locator('tbody tr').filter({ hasText: APPROVED.name });
    await approved.getByRole('button', { name: `Baixar perfil de ${APPROVED.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Baixar perfil' });
    await expect(dialog.getByText(/^Acesso liberado até \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
    const profile = await downloadConfiguration(page, () => dialog.getByRole('button', { name: 'Baixar perfil WireGuard' }).click());
    expect(profile.content).toContain(`AllowedIPs = ${tunnel}\n`);
    expect(profile.content).not.toContain('0.0.0.0/0');

    await page.goto(`${PORTAL}/remote-access?tab=historico`);
    const history = page.getByRole('table', { name: 'Histórico de acesso remoto' });
    await expect(history.getByText('Aprovado pela fábrica', { exact: true })).toHaveCount(1);
    await expect(history).toContainText(`${FACTORY} (compras@pantanalcarnes.exemplo.com.br)`);
    await expect(history.getByText('Perfil baixado', { exact: true })).toHaveCount(1);
    expect(errors).toEqual([]);
  });

  test('"Recusar" with the reason: the builder sees it; the link then says the request was refused', async ({ page, browser }) => {
    test.setTimeout(90_000);
    await signIn(page, PORTAL, CUSTOMER);
    await connect(page, REFUSED.id, 'Troca de firmware do CLP');
    const link = await linkFromMailbox(page, REFUSED.name);

    const factory = await openSignedOut(browser, link);
    await factory.getByRole('button', { name: 'Recusar' }).click();
    const dialog = factory.getByRole('alertdialog', { name: 'Recusar o acesso?' });
    await dialog.getByRole('button', { name: 'Recusar' }).click();
    await expect(dialog.getByText('Informe o motivo da recusa.')).toBeVisible();
    await expectAccessible(factory, 'aprovação: recusar');
    await dialog.getByLabel(/Motivo da recusa/).fill('Linha em produção até sexta');
    await dialog.getByRole('button', { name: 'Recusar' }).click();
    await expect(factory.getByRole('status').filter({ hasText: 'Acesso recusado' })).toBeVisible();
    await expectAccessible(factory, 'aprovação: recusado');

    await factory.goto(link);
    await expect(factory.getByRole('alert')).toContainText('Esta solicitação já foi recusada.');
    await expectAccessible(factory, 'aprovação: solicitação recusada');
    await factory.context().close();

    await page.goto(`${PORTAL}/remote-access?tab=historico`);
    const history = page.getByRole('table', { name: 'Histórico de acesso remoto' });
    await expect(history.getByText('Recusado pela fábrica', { exact: true })).toHaveCount(1);
    await expect(history).toContainText('Linha em produção até sexta');
  });
});
