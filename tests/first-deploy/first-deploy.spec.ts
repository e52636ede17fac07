import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';

/**
 * Issue 38's "Done when": from an empty production database (the Workers without demo mode, migrations only) and
 * docs/deployment.md alone — the first staff member made with `npm run staff -- grant`, the payment platform, a Pix
 * method and a product created in the back office, a new company signs up in the portal and orders the product, and
 * staff see the order. Run by `npm run test:first-deploy` (scripts/first-deploy.mjs), which starts all of it.
 */
const PORT = Number(process.env.FIRST_DEPLOY_PORT ?? 4193);
const API = `http://localhost:${process.env.FIRST_DEPLOY_API_PORT ?? 8846}`;
const D1 = process.env.FIRST_DEPLOY_D1 ?? '';
const EMULATOR_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
const PROJECT_ID = 'demo-ponte';
const PORTAL = `http://portal.localhost:${PORT}`;
const BACKOFFICE = `http://backoffice.localhost:${PORT}`;
const root = resolve(import.meta.dirname, '..', '..');

const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const STAFF = { email: `equipe.${stamp}@ponteiiot.com.br`, password: 'primeiro-acesso-1', name: 'Helena Prado Ribeiro' };
const BUYER = { email: `compras.${stamp}@exemplo.com.br`, password: 'segredo123', company: 'Metalúrgica Aurora Ltda' };
const PRODUCT = { name: 'Gateway Ponte G1 4G', sku: `PG1-4G-${stamp.toUpperCase()}`, price: '1.890,00' };

/** The emulator's admin REST API (its own credential), as the Firebase console would do it. */
async function callEmulator(action: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/${action}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify(body),
  });
  const data = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`emulador ${action}: ${response.status} ${JSON.stringify(data)}`);
  return data;
}

/** Collects console errors and page errors; assert with expect(errors).toEqual([]). */
function trackErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return errors;
}

async function clickContinueTo(page: Page, step: string): Promise<void> {
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: step, level: 2, exact: true })).toBeFocused();
}

test('first deploy: the first staff member, the catalog from the back office, a new customer buys from it', async ({ page, browser }) => {
  expect(D1, 'FIRST_DEPLOY_D1: rode com npm run test:first-deploy').not.toBe('');
  const staffErrors = trackErrors(page);

  // Not the demo: its routes are not there (the database is the migrations' only; the lists below show it empty).
  const reset = await fetch(`${API}/demo/reset`, { method: 'POST' });
  expect(reset.status).not.toBe(204);

  // 1. The person's Firebase account (the console's "Adicionar usuário"), then the deployment guide's command.
  await callEmulator('accounts', { email: STAFF.email, password: STAFF.password, displayName: STAFF.name });
  const grant = spawnSync('npm', ['run', 'staff', '--', 'grant', STAFF.email, `--persist-to=${D1}`], {
    cwd: root,
    env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST },
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(grant.status, `${grant.stdout}\n${grant.stderr}`).toBe(0);
  expect(grant.stdout).toContain(`Acesso concedido a ${STAFF.name} (${STAFF.email}`);

  // 2. Staff sign in to the back office.
  await page.goto(`${BACKOFFICE}/backoffice-login`);
  await page.getByLabel('E-mail').fill(STAFF.email);
  await page.getByLabel('Senha', { exact: true }).fill(STAFF.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Alternar menu lateral' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Back office' });

  // Equipe interna lists them, the only member.
  await nav.getByRole('link', { name: 'Equipe interna' }).click();
  await expect(page.getByRole('heading', { name: 'Equipe interna', level: 1 })).toBeVisible();
  await expect(page.getByText(STAFF.email).first()).toBeVisible();

  // The payment platform (nothing yet), then the Pix method on it.
  await nav.getByRole('link', { name: 'Plat. de Pagamento' }).click();
  await expect(page.getByRole('heading', { name: 'Plat. de Pagamento', level: 1 })).toBeVisible();
  await expect(page.getByText('Nenhuma plataforma cadastrada')).toBeVisible();
  await page.getByRole('link', { name: 'Nova plataforma' }).first().click();
  await expect(page.getByRole('heading', { name: 'Nova plataforma', level: 1 })).toBeVisible();
  await page.getByLabel('Nome').fill('Gateway Pix e boleto');
  await page.getByLabel('Provedor').fill('Banco Parceiro');
  await page.getByLabel('Ambiente').selectOption({ label: 'Produção' });
  await page.getByLabel('Chave pública').fill(`pk_live_${stamp}`);
  await page.getByLabel('Chave secreta', { exact: true }).fill(`sk_live_${stamp}_7c21`);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Plataforma cadastrada.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Gateway Pix e boleto', level: 1 })).toBeVisible();

  await page.getByRole('link', { name: 'Novo método' }).click();
  await expect(page.getByRole('heading', { name: 'Novo método', level: 1 })).toBeVisible();
  await page.getByLabel('Nome').fill('Pix');
  await page.getByLabel('Tipo').selectOption({ label: 'Pix' });
  await expect(page.getByLabel('Plataforma')).toHaveValue(/payment-platform-/);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('heading', { name: 'Pix', level: 1 })).toBeVisible();

  // The catalog: empty, then one product.
  await nav.getByRole('link', { name: 'Catálogo' }).click();
  await expect(page.getByRole('heading', { name: 'Catálogo', level: 1 })).toBeVisible();
  await expect(page.getByText('Nenhum produto cadastrado')).toBeVisible();
  await page.getByRole('link', { name: 'Novo produto' }).first().click();
  await expect(page.getByRole('heading', { name: 'Novo produto', level: 1 })).toBeVisible();
  await page.getByLabel('Tipo', { exact: true }).selectOption({ label: 'Gateway' });
  await page.getByLabel('SKU', { exact: true }).fill(PRODUCT.sku);
  await page.getByLabel('Nome', { exact: true }).fill(PRODUCT.name);
  await page.getByLabel('Descrição', { exact: true }).fill('Gateway industrial com modem 4G e VPN integrada.');
  await page.getByLabel('Preço unitário (R$)', { exact: true }).fill(PRODUCT.price);
  await page.getByLabel('Máximo por pedido', { exact: true }).fill('10');
  await page.getByLabel('Imagem', { exact: true }).selectOption({ label: 'Gateway 4G (antenas)' });
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Produto cadastrado: já está à venda no portal.')).toBeVisible();
  await expect(page.getByRole('heading', { name: PRODUCT.name, level: 1 })).toBeVisible();

  // 3. A new company signs up in the portal and confirms its e-mail (the link opened: the emulator's REST API).
  const context = await browser.newContext();
  const portal = await context.newPage();
  const buyerErrors = trackErrors(portal);
  await portal.goto(`${PORTAL}/register`);
  await portal.getByLabel('Nome').fill(BUYER.company);
  await portal.getByLabel('CNPJ').fill('11.222.333/0001-81');
  await portal.getByLabel('E-mail').fill(BUYER.email);
  await portal.getByLabel('Senha', { exact: true }).fill(BUYER.password);
  await portal.getByRole('button', { name: 'Criar conta' }).click();
  await expect(portal.getByRole('heading', { name: 'Início', level: 1 })).toBeVisible();
  const banner = portal.getByRole('region', { name: 'Confirme seu e-mail' });
  await expect(banner).toBeVisible();
  const lookup = await callEmulator('accounts:lookup', { email: [BUYER.email] });
  const buyerId = (lookup.users as Array<{ localId: string }> | undefined)?.[0]?.localId ?? '';
  await callEmulator('accounts:update', { localId: buyerId, emailVerified: true });
  await portal.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(banner).toHaveCount(0);

  // The checkout: the product staff created, a new delivery address, Pix.
  await portal.goto(`${PORTAL}/orders/checkout`);
  await expect(portal.getByRole('heading', { name: 'Itens', level: 2, exact: true })).toBeVisible();
  await expect(portal.getByRole('heading', { name: PRODUCT.name, level: 4 })).toBeVisible();
  await portal.getByRole('button', { name: `Adicionar ${PRODUCT.name}` }).click();
  await expect(portal.getByRole('region', { name: 'Resumo do pedido' })).toContainText(`1 × ${PRODUCT.name}`);
  // No saved address yet: the step opens "Novo endereço" with the focus on its first field.
  await portal.getByRole('button', { name: 'Continuar' }).click();
  await expect(portal.getByRole('heading', { name: 'Entrega', level: 2, exact: true })).toBeVisible();
  await expect(portal.getByText('Você ainda não tem endereços salvos. Adicione o endereço de entrega abaixo.')).toBeVisible();
  await expect(portal.getByLabel('Apelido')).toBeFocused();
  await portal.getByLabel('Apelido').fill('Fábrica');
  await portal.getByLabel('CEP').fill('01310100');
  await expect(portal.getByText(/^Endereço encontrado:/)).toBeVisible();
  await portal.getByLabel('Número').fill('1000');
  await portal.getByRole('button', { name: 'Salvar endereço' }).click();
  await expect(portal.getByRole('radio', { name: /Fábrica/ })).toBeChecked();
  await clickContinueTo(portal, 'Pagamento');
  await portal.getByRole('radio', { name: /^Pix/ }).check();
  await clickContinueTo(portal, 'Revisão');
  await expect(portal.getByText(`R$ ${PRODUCT.price}`).first()).toBeVisible();
  await portal.getByRole('button', { name: 'Finalizar pedido' }).click();
  const created = portal.getByRole('heading', { name: /^Pedido #\d+ criado$/ });
  await expect(created).toBeFocused();
  const number = /#(\d+)/.exec((await created.textContent()) ?? '')?.[1] ?? '';
  expect(number).not.toBe('');
  await portal.goto(`${PORTAL}/orders/`);
  await expect(portal.getByRole('link', { name: `#${number}`, exact: true }).first()).toBeVisible();

  // 4. Staff see it in the back office's orders, awaiting the Pix payment.
  await nav.getByRole('link', { name: 'Ordens de Compra' }).click();
  await expect(page.getByRole('heading', { name: 'Ordens de Compra', level: 1 })).toBeVisible();
  const row = page.getByRole('table', { name: 'Ordens de Compra' }).locator('tbody tr').filter({ hasText: `#${number}` });
  await expect(row).toContainText(BUYER.company);
  await expect(row).toContainText('Aguardando pagamento');

  await context.close();
  expect(staffErrors).toEqual([]);
  expect(buyerErrors).toEqual([]);
});
