import type { Page } from '@playwright/test';
import { AREAS, trackErrors, CUSTOMER, expect, expectAccessible, arrangeFault, signIn, test, makeEmail } from './support';

const PORTAL = AREAS.portal.byHost;
const PHONE = { width: 390, height: 844 };

const region = (page: Page, name: string) => page.getByRole('region', { name });

test.describe('Dashboard', () => {
  test('the seeded counts link to their lists, and both charts carry readable figures', async ({ page }) => {
    const errors = trackErrors(page);
    await signIn(page, PORTAL, CUSTOMER);
    await expect(page).toHaveURL(`${PORTAL}/`);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

    const cards = region(page, 'Resumo da frota');
    await expect(cards.getByRole('link', { name: 'Máquinas 60' })).toHaveAttribute('href', '/machines');
    await expect(cards.getByRole('link', { name: /^Clientes \d+$/ })).toHaveAttribute('href', '/customers');
    await expect(cards.getByRole('link', { name: /^Gateways online \d+$/ })).toHaveAttribute('href', '/devices?status=online');
    await expect(cards.getByRole('link', { name: /^Gateways offline \d+$/ })).toHaveAttribute('href', '/devices?status=offline');
    await expect(cards.getByRole('link', { name: /^Nunca conectados \d+$/ })).toHaveAttribute(
      'href',
      '/devices?status=never-connected',
    );
    await expect(cards.getByRole('link', { name: 'Pedidos em aberto 3' })).toHaveAttribute('href', '/orders/');
    const customers = Number((await cards.getByRole('link', { name: /^Clientes/ }).textContent())?.replace(/\D/g, ''));
    expect(customers).toBeGreaterThanOrEqual(45);

    // Gateway status: one image summarising it, and the legend's figures adding up to the 70 seeded gateways.
    const status = region(page, 'Status dos gateways');
    await expect(status.getByRole('img')).toHaveAccessibleName(
      /^Status dos gateways: Online: \d+; Offline: \d+; Nunca conectado: \d+; total: 70 gateways\.$/,
    );
    const name = (await status.getByRole('img').getAttribute('aria-label')) ?? '';
    const [, online, offline, never] = (/Online: (\d+); Offline: (\d+); Nunca conectado: (\d+)/.exec(name) ?? []).map(Number);
    expect((online ?? 0) + (offline ?? 0) + (never ?? 0)).toBe(70);
    expect(online).toBeGreaterThan(0);
    // The same figures, written in the legend with their share; the online one is the card's.
    await expect(status.getByRole('listitem')).toHaveText([
      new RegExp(`^Online\\s*${online}\\s*\\d+%$`),
      new RegExp(`^Offline\\s*${offline}\\s*\\d+%$`),
      new RegExp(`^Nunca conectado\\s*${never}\\s*\\d+%$`),
    ]);
    await expect(cards.getByRole('link', { name: `Gateways online ${online}` })).toBeVisible();

    // Connections per day: 7 pt-BR days, as an image and as the table screen readers read.
    const perDay = region(page, 'Conexões por dia');
    await expect(perDay.getByRole('img')).toHaveAccessibleName(/^Conexões por dia nos últimos 7 dias: .+Total: \d+ conex/);
    const table = perDay.getByRole('table', { name: 'Conexões por dia nos últimos 7 dias' });
    await expect(table.getByRole('row')).toHaveCount(8);
    const days = await table.getByRole('rowheader').allTextContents();
    for (const day of days) expect(day).toMatch(/^(segunda|terça|quarta|quinta|sexta)-feira, \d{2}\/\d{2}$|^(sábado|domingo), \d{2}\/\d{2}$/);
    const perDayTotal = (await table.getByRole('cell').allTextContents()).reduce((sum, cell) => sum + Number(cell), 0);
    await expect(perDay).toContainText(`${perDayTotal} ${perDayTotal === 1 ? 'conexão' : 'conexões'} nos últimos 7 dias`);

    const latest = region(page, 'Últimas conexões');
    await expect(latest.getByRole('listitem')).toHaveCount(5);
    await expect(latest.getByRole('listitem').first()).toContainText(/Dispositivo\s*Gateway /);

    // Gateways are online: no call to action.
    await expect(page.getByRole('region', { name: 'Nenhum gateway online' })).toHaveCount(0);
    await expectAccessible(page, 'portal / (dashboard)');

    await cards.getByRole('link', { name: /^Gateways online/ }).click();
    await expect(page).toHaveURL(`${PORTAL}/devices?status=online`);
    expect(errors).toEqual([]);
  });

  test('one panel failing leaves the others on screen, and "Tentar novamente" brings it back', async ({ page }) => {
    test.setTimeout(60_000);
    await signIn(page, PORTAL, CUSTOMER);
    await arrangeFault(page, { mode: '500', match: '/dashboard/connections' });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    // The rest is there at once; the failing query is retried 3 times before its panels say so.
    await expect(region(page, 'Resumo da frota').getByRole('link', { name: 'Máquinas 60' })).toBeVisible();
    await expect(region(page, 'Status dos gateways').getByRole('img')).toBeVisible();
    const perDay = region(page, 'Conexões por dia');
    const alert = perDay.getByRole('alert');
    await expect(alert).toContainText('Erro interno no servidor. Tente novamente em instantes.', { timeout: 20_000 });
    await expect(region(page, 'Últimas conexões').getByRole('alert')).toBeVisible();
    await expect(region(page, 'Resumo da frota').getByRole('link')).toHaveCount(6);
    await expectAccessible(page, 'dashboard: painel com erro');

    await arrangeFault(page, null);
    await alert.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(perDay.getByRole('img')).toHaveAccessibleName(/^Conexões por dia/);
    await expect(region(page, 'Últimas conexões').getByRole('listitem')).toHaveCount(5);
    await expect(page.getByRole('alert').filter({ hasText: 'Não foi possível carregar' })).toHaveCount(0);
  });

  test.describe('on a phone (390×844)', () => {
    test.use({ viewport: PHONE });

    test('the dashboard fits the screen', async ({ page }) => {
      await signIn(page, PORTAL, CUSTOMER);
      await expect(region(page, 'Conexões por dia').getByRole('img')).toBeVisible();
      await expect(region(page, 'Últimas conexões').getByRole('listitem')).toHaveCount(5);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await expectAccessible(page, 'dashboard 390x844');
    });

    test('a brand-new account lands on Início with 0 de 4, and its dashboard calls to "Configurar Conexão"', async ({ page }) => {
      const errors = trackErrors(page);
      await page.goto(`${PORTAL}/register`);
      await page.getByLabel('Nome').fill('Metalúrgica Primeiro Passo Ltda');
      await page.getByLabel('CNPJ').fill('11.222.333/0001-81');
      await page.getByLabel('E-mail').fill(makeEmail('inicio'));
      await page.getByLabel('Senha', { exact: true }).fill('segredo123');
      await page.getByRole('button', { name: 'Criar conta' }).click();

      await expect(page).toHaveURL(`${PORTAL}/start`);
      await expect(page.getByRole('heading', { name: 'Início', level: 1 })).toBeVisible();
      await expect(page.getByText('0 de 4 concluídos')).toBeVisible();
      const steps = page.getByRole('main').getByRole('listitem');
      await expect(steps).toHaveCount(4);
      await expect(page.getByRole('main').getByText('A fazer')).toHaveCount(4);
      const main = page.getByRole('main');
      await expect(main.getByRole('link', { name: 'Cadastrar cliente' })).toHaveAttribute('href', '/customers/new');
      await expect(main.getByRole('link', { name: 'Cadastrar modelo' })).toHaveAttribute('href', '/machine-models/new');
      await expect(main.getByRole('link', { name: 'Cadastrar máquina' })).toHaveAttribute('href', '/machines/new');
      await expect(main.getByRole('link', { name: 'Configurar Conexão' })).toHaveAttribute('href', '/first-steps');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await expectAccessible(page, 'portal /start (conta nova)');

      await page.goto(`${PORTAL}/`);
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
      const cta = page.getByRole('region', { name: 'Nenhum gateway online' });
      await expect(cta.getByRole('link', { name: 'Configurar Conexão' })).toHaveAttribute('href', '/first-steps');
      await expect(cta.getByRole('link', { name: 'Primeiros passos (0 de 4 concluídos)' })).toHaveAttribute('href', '/start');
      await expect(region(page, 'Resumo da frota').getByRole('link', { name: 'Máquinas 0' })).toBeVisible();
      await expect(region(page, 'Status dos gateways')).toContainText('Nenhum gateway nesta conta ainda.');
      await expect(region(page, 'Últimas conexões')).toContainText('Nenhuma conexão ainda.');
      await expect(region(page, 'Conexões por dia').getByRole('img')).toHaveAccessibleName(/Total: 0 conexões\.$/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await expectAccessible(page, 'dashboard (conta nova) 390x844');

      await cta.getByRole('link', { name: 'Configurar Conexão' }).click();
      await expect(page).toHaveURL(`${PORTAL}/first-steps`);
      expect(errors).toEqual([]);
    });
  });
});
