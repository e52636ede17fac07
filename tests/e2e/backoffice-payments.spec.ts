import type { Page } from '@playwright/test';
import { ADMIN, API, AREAS, trackErrors, CUSTOMER, expect, expectAccessible, signIn, test } from './support';

const BACKOFFICE = AREAS.backoffice.byHost;

/** Every answer of the demo API about payment platforms, as the page received it. */
function recordPlatformAnswers(page: Page): string[] {
  const bodies: string[] = [];
  page.on('response', (response) => {
    if (!response.url().includes('/backoffice/payment-')) return;
    void response
      .text()
      .then((body) => bodies.push(body))
      .catch(() => undefined);
  });
  return bodies;
}

const methodsTable = (page: Page) => page.getByRole('table', { name: 'Métodos de Pagamento' });

test.describe('Métodos de Pagamento e Plat. de Pagamento', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, BACKOFFICE, ADMIN, '/backoffice-login');
  });

  test('a platform: the secret is written once and only its last 4 show; edited without it; a method on it; disabled with its methods', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const errors = trackErrors(page);
    const answers = recordPlatformAnswers(page);
    const stamp = Date.now().toString(36);
    const name = `Stripe Brasil ${stamp}`;
    const secret = `sk_test_e2e_${stamp}_9f31`;

    await page.goto(`${BACKOFFICE}/backoffice-payment-platform`);
    await expect(page.getByRole('heading', { name: 'Plat. de Pagamento', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Plat. de Pagamento · Ponte IIoT');
    await expect(page.getByRole('navigation', { name: 'Trilha de navegação' })).toContainText('Plat. de Pagamento');
    await expect(page.getByRole('table', { name: 'Plat. de Pagamento' }).getByText('Gateway Pix e boleto')).toBeVisible();
    await expectAccessible(page, 'plataformas: lista');

    // Create: every required field, the secret included.
    await page.getByRole('link', { name: 'Nova plataforma' }).first().click();
    await expect(page.getByRole('heading', { name: 'Nova plataforma', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Informe a chave secreta.')).toBeVisible();
    await expect(page.getByText('Informe o nome.')).toBeVisible();
    await expect(page.getByLabel('Nome')).toBeFocused();
    await expectAccessible(page, 'plataformas: formulário com erros');

    await page.getByLabel('Nome').fill(name);
    await page.getByLabel('Provedor').fill('Stripe');
    await page.getByLabel('Ambiente').selectOption({ label: 'Sandbox (testes)' });
    await page.getByLabel('Chave pública').fill(`pk_test_e2e_${stamp}`);
    const secretField = page.getByLabel('Chave secreta', { exact: true });
    await secretField.fill(secret);
    await expect(secretField).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Mostrar chave secreta' }).click();
    await expect(secretField).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Ocultar chave secreta' }).click();
    await expect(secretField).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Salvar' }).click();

    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.getByText('Plataforma cadastrada.')).toBeVisible();
    const secretTerm = page.getByRole('definition').filter({ hasText: 'final 9f31' });
    await expect(secretTerm).toBeVisible();
    expect(await page.content()).not.toContain(secret);
    await expectAccessible(page, 'plataformas: detalhe');

    // Edit without typing a secret: the stored one stays.
    await page.getByRole('link', { name: 'Editar' }).click();
    await expect(page.getByRole('heading', { name: 'Editar plataforma', level: 1 })).toBeVisible();
    await expect(page.getByText('Deixe em branco para manter a chave atual (final 9f31)')).toBeVisible();
    await expect(page.getByLabel('Chave secreta', { exact: true })).toHaveValue('');
    await page.getByLabel('Provedor').fill('Stripe Payments Brasil');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Alterações salvas.')).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: 'Stripe Payments Brasil' })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: 'final 9f31' })).toBeVisible();

    // A card method on it: instalments 0 and 25 are refused.
    await page.getByRole('link', { name: 'Novo método' }).click();
    await expect(page.getByRole('heading', { name: 'Novo método', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Plataforma')).toHaveValue(/payment-platform-/);
    const cardName = `Cartão Stripe ${stamp}`;
    await page.getByLabel('Nome').fill(cardName);
    await page.getByLabel('Tipo').selectOption({ label: 'Cartão de crédito' });
    const installments = page.getByLabel('Parcelas máximas');
    for (const value of ['0', '25']) {
      await installments.fill(value);
      // Leaving the field says it at once; the save then puts the focus back on it.
      await installments.blur();
      await expect(page.getByText('Informe de 1 a 24 parcelas.')).toBeVisible();
      await page.getByRole('button', { name: 'Salvar' }).click();
      await expect(installments).toBeFocused();
    }
    await expectAccessible(page, 'métodos: formulário com erro');
    await installments.fill('12');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByRole('heading', { name: cardName, level: 1 })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: '12 parcelas' })).toBeVisible();
    await expectAccessible(page, 'métodos: detalhe');

    // A Pix method on it: one instalment, fixed.
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Métodos de Pagamento' }).click();
    await page.getByRole('link', { name: 'Novo método' }).first().click();
    await expect(page.getByRole('heading', { name: 'Novo método', level: 1 })).toBeVisible();
    const pixName = `Pix Stripe ${stamp}`;
    await page.getByLabel('Nome').fill(pixName);
    await page.getByLabel('Tipo').selectOption({ label: 'Pix' });
    await expect(page.getByLabel('Parcelas máximas')).toHaveValue('1');
    await expect(page.getByLabel('Parcelas máximas')).toHaveAttribute('readonly', '');
    await page.getByLabel('Plataforma').selectOption({ label: name });
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByRole('heading', { name: pixName, level: 1 })).toBeVisible();

    // Disabling the platform names both methods, then they are inactive.
    await page.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Desativar' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Desativar plataforma?' });
    await expect(dialog).toContainText(`Os métodos ${cardName} e ${pixName} também serão desativados.`);
    await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
    await expectAccessible(page, 'plataformas: confirmação de desativação');
    await dialog.getByRole('button', { name: 'Desativar' }).click();
    await expect(page.getByText('Plataforma e seus métodos desativados.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ativar' })).toBeVisible();
    const methods = page.getByRole('region', { name: 'Métodos de pagamento' });
    await expect(methods.getByText('Inativo')).toHaveCount(2);

    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Métodos de Pagamento' }).click();
    await page.getByRole('searchbox', { name: 'Buscar métodos' }).fill(stamp);
    await expect(methodsTable(page).locator('tbody tr')).toHaveCount(2);
    for (const method of [cardName, pixName]) {
      const row = methodsTable(page).locator('tbody tr').filter({ hasText: method });
      await expect(row.getByText('Inativo')).toBeVisible();
      await expect(row.getByText('Plataforma inativa')).toBeVisible();
    }

    // No answer of the API ever carried the secret.
    expect(answers.length).toBeGreaterThan(5);
    for (const body of answers) expect(body).not.toContain(secret);
    expect(errors).toEqual([]);
  });

  test('the seeded platform names Pix and Boleto bancário; a method unpaid orders use is not deleted', async ({ page }) => {
    await page.goto(`${BACKOFFICE}/backoffice-payment-platform`);
    const table = page.getByRole('table', { name: 'Plat. de Pagamento' });
    await table.getByRole('button', { name: 'Ações para Gateway Pix e boleto' }).click();
    await page.getByRole('menuitem', { name: 'Desativar' }).click();
    const disable = page.getByRole('alertdialog', { name: 'Desativar plataforma?' });
    await expect(disable).toContainText('Os métodos Pix e Boleto bancário também serão desativados.');
    await disable.getByRole('button', { name: 'Cancelar' }).click();
    await expect(disable).toBeHidden();

    await page.goto(`${BACKOFFICE}/backoffice-payment-method`);
    await expect(page.getByRole('heading', { name: 'Métodos de Pagamento', level: 1 })).toBeVisible();
    await expectAccessible(page, 'métodos: lista');
    await methodsTable(page).getByRole('button', { name: 'Ações para Boleto bancário' }).click();
    await page.getByRole('menuitem', { name: /Excluir/ }).click();
    const remove = page.getByRole('alertdialog', { name: 'Excluir método de pagamento?' });
    await expectAccessible(page, 'métodos: confirmação de exclusão');
    await remove.getByRole('button', { name: 'Excluir' }).click();
    await expect(remove.getByRole('alert')).toContainText(/não pode ser excluído: \d+ pedidos? aguardando pagamento/);
    await remove.getByRole('button', { name: 'Cancelar' }).click();

    // It can be disabled, though.
    await methodsTable(page).getByRole('button', { name: 'Ações para Boleto bancário' }).click();
    await page.getByRole('menuitem', { name: 'Desativar' }).click();
    await expect(page.getByText('Método desativado: o checkout deixou de oferecê-lo.')).toBeVisible();
    await expect(methodsTable(page).locator('tbody tr').filter({ hasText: 'Boleto bancário' }).getByText('Inativo')).toBeVisible();
  });

  test('phone (390x844): the platform form fits and passes axe', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${BACKOFFICE}/backoffice-payment-platform/new`);
    await expect(page.getByRole('heading', { name: 'Nova plataforma', level: 1 })).toBeVisible();
    for (const label of ['Nome', 'Provedor', 'Ambiente', 'Chave pública', 'Chave secreta']) {
      await expect(page.getByLabel(label, { exact: true })).toBeVisible();
    }
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Informe a chave secreta.')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'plataformas: formulário no celular');

    // The list shows cards on a phone.
    await page.goto(`${BACKOFFICE}/backoffice-payment-platform`);
    await expect(page.getByRole('link', { name: 'Gateway Pix e boleto' })).toBeVisible();
    await expectAccessible(page, 'plataformas: lista no celular');
  });
});

test.describe('a customer and the back office', () => {
  test('every payment and discount endpoint of the back office refuses a customer’s token (403), and so does the back office', async ({
    page,
  }) => {
    await signIn(page, AREAS.portal.byPath, CUSTOMER);
    const statuses = await page.evaluate(async (api) => {
      const token = (JSON.parse(localStorage.getItem('auth_data') ?? '{}') as { token?: string }).token ?? '';
      const paths = ['/backoffice/payment-method', '/backoffice/payment-platform', '/backoffice/discount-rule', '/backoffice/payment-platform/payment-platform-1001'];
      const out: Array<[string, number, string]> = [];
      for (const path of paths) {
        const response = await fetch(`${api}${path}`, { headers: { Authorization: `Bearer ${token}` } });
        const body = (await response.json()) as { error?: { message?: string } };
        out.push([path, response.status, body.error?.message ?? '']);
      }
      const own = await fetch(`${api}/payment-method`, { headers: { Authorization: `Bearer ${token}` } });
      out.push(['/payment-method', own.status, '']);
      return out;
    }, API);
    expect(statuses).toEqual([
      ['/backoffice/payment-method', 403, 'Acesso restrito à equipe Ponte IIoT.'],
      ['/backoffice/payment-platform', 403, 'Acesso restrito à equipe Ponte IIoT.'],
      ['/backoffice/discount-rule', 403, 'Acesso restrito à equipe Ponte IIoT.'],
      ['/backoffice/payment-platform/payment-platform-1001', 403, 'Acesso restrito à equipe Ponte IIoT.'],
      ['/payment-method', 200, ''],
    ]);

    await page.goto(`${AREAS.backoffice.byPath}/backoffice-payment-platform`);
    await expect(page).toHaveURL(/\/backoffice\/backoffice-login/);
    await page.getByLabel('E-mail').fill(CUSTOMER.email);
    await page.getByLabel('Senha', { exact: true }).fill(CUSTOMER.password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page.getByText('Usuário não autorizado').first()).toBeVisible();
  });
});
