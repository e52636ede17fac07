import { verifyEmulatorEmail } from '../../scripts/lib/auth-emulator.mjs';
import { ADMIN, AREAS, trackErrors, CUSTOMER, expect, expectAccessible, signIn, test, makeEmail } from './support';

test.describe('portal sign-in and sign-out', () => {
  test('a customer signs in, returns to the page asked for, survives a refresh and signs out', async ({ page }) => {
    const errors = trackErrors(page);
    await page.goto(`${AREAS.portal.byHost}/machines`);
    await expect(page).toHaveURL(/\/login\?redirect=%2Fmachines/);
    await expectAccessible(page, 'portal /login');
    await page.getByLabel('E-mail').fill(CUSTOMER.email);
    await page.getByLabel('Senha', { exact: true }).fill(CUSTOMER.password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page).toHaveURL(`${AREAS.portal.byHost}/machines`);
    await expect(page.getByRole('heading', { name: 'Máquinas', level: 1 })).toBeVisible();
    await expect(page.getByText('Login realizado com sucesso.')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Máquinas', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: /Configurações da conta de Maria Oliveira Santos/ })).toBeVisible();
    const stored = await page.evaluate(() => localStorage.getItem('auth_data'));
    expect(JSON.parse(stored ?? '{}')).toMatchObject({ user: { email: CUSTOMER.email, admin: false } });

    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(`${AREAS.portal.byHost}/login`);
    expect(await page.evaluate(() => localStorage.getItem('auth_data'))).toBeNull();
    await page.goto(`${AREAS.portal.byHost}/`);
    await expect(page).toHaveURL(/\/login/);
    expect(errors).toEqual([]);
  });

  test('wrong password and malformed input get clear pt-BR messages and keep the values', async ({ page }) => {
    await page.goto(`${AREAS.portal.byPath}/login`);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page.getByText('Informe o e-mail.')).toBeVisible();
    await expect(page.getByText('Informe a senha.')).toBeVisible();
    await page.getByLabel('E-mail').fill('cliente@');
    await page.getByLabel('Senha', { exact: true }).fill('123');
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page.getByText('E-mail inválido. Use o formato nome@empresa.com.br.')).toBeVisible();
    await expect(page.getByText('A senha precisa ter pelo menos 6 caracteres.')).toBeVisible();
    await page.getByLabel('E-mail').fill(CUSTOMER.email);
    await page.getByLabel('Senha', { exact: true }).fill('senha-errada');
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page.getByText('E-mail ou senha incorretos.').first()).toBeVisible();
    await expect(page.getByLabel('E-mail')).toHaveValue(CUSTOMER.email);
  });

  test('"Esqueci minha senha" sends the reset e-mail and cools down', async ({ page }) => {
    await page.goto(`${AREAS.portal.byHost}/login`);
    await page.getByLabel('E-mail').fill(CUSTOMER.email);
    await page.getByRole('button', { name: 'Esqueci minha senha' }).click();
    await expect(page.getByText(/enviamos um link para redefinir a senha/)).toBeVisible();
    await expect(page.getByRole('button', { name: /Reenviar em \d+s/ })).toBeVisible();
  });

  test('the redirect after sign-in accepts only same-area paths', async ({ page }) => {
    await page.goto(`${AREAS.portal.byHost}/login?redirect=${encodeURIComponent('//evil.example.com/x')}`);
    await page.getByLabel('E-mail').fill(CUSTOMER.email);
    await page.getByLabel('Senha', { exact: true }).fill(CUSTOMER.password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page).toHaveURL(`${AREAS.portal.byHost}/`);
  });
});

test.describe('sign-in pages served as HTML', () => {
  test('the portal\'s page shows before any script; typed text survives the hydration and Enter signs in', async ({ page }) => {
    const errors = trackErrors(page);
    await page.goto(`${AREAS.portal.byPath}/login`);
    await expect(page.getByRole('heading', { name: 'Entrar', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Entrar · Ponte IIoT');
    // No app script until the visitor acts (src/app/shared/static-loader.ts); the links already carry the prefix.
    await expect(page.locator('script[src^="/assets/"]')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Criar conta' })).toHaveAttribute('href', '/portal/register');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expectAccessible(page, 'portal /login (HTML)');
    await page.getByLabel('E-mail').pressSequentially(CUSTOMER.email);
    await page.getByLabel('Senha', { exact: true }).pressSequentially(CUSTOMER.password);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(AREAS.portal.byPath);
    expect(errors).toEqual([]);
  });

  test('the back office\'s page has its look before any script; a session to restore loads the app at once', async ({ page }) => {
    await page.goto(`${AREAS.backoffice.byPath}/backoffice-login`);
    await expect(page.getByRole('heading', { name: 'Back office', level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/theme-backoffice/);
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon-backoffice.svg');
    await expect(page.locator('script[src^="/assets/"]')).toHaveCount(0);
    await signIn(page, AREAS.backoffice.byPath, ADMIN, '/backoffice-login');
    // Signed in: the sign-in page is not served as HTML any more, the app takes the visitor to the dashboard.
    await page.goto(`${AREAS.backoffice.byPath}/backoffice-login`);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.locator('html')).not.toHaveAttribute('data-static');
  });
});

test.describe('back-office sign-in', () => {
  test('staff signs in with the admin claim and signs out', async ({ page }) => {
    const errors = trackErrors(page);
    await page.goto(`${AREAS.backoffice.byHost}/backoffice-login`);
    await expectAccessible(page, 'back office /backoffice-login');
    await signIn(page, AREAS.backoffice.byHost, ADMIN, '/backoffice-login');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByText(ADMIN.email)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(`${AREAS.backoffice.byHost}/backoffice-login`);
    expect(errors).toEqual([]);
  });

  test('a customer is refused: "Usuário não autorizado"', async ({ page }) => {
    await page.goto(`${AREAS.backoffice.byPath}/backoffice-login`);
    await page.getByLabel('E-mail').fill(CUSTOMER.email);
    await page.getByLabel('Senha', { exact: true }).fill(CUSTOMER.password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page.getByText('Usuário não autorizado').first()).toBeVisible();
    await page.goto(`${AREAS.backoffice.byPath}/backoffice-orders`);
    await expect(page).toHaveURL(/\/backoffice\/backoffice-login/);
  });
});

test.describe('registration', () => {
  test('a new company registers with an alphanumeric CNPJ and lands in the portal', async ({ page }) => {
    const email = makeEmail('montadora');
    await page.goto(`${AREAS.portal.byHost}/register`);
    await expectAccessible(page, 'portal /register');
    await page.getByLabel('Nome').fill('Usinagem Horizonte Ltda');
    await page.getByLabel('CNPJ').pressSequentially('12abc34501de35');
    await expect(page.getByLabel('CNPJ')).toHaveValue('12.ABC.345/01DE-35');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Senha', { exact: true }).fill('segredo123');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page).toHaveURL(`${AREAS.portal.byHost}/start`);
    await expect(page.getByRole('heading', { name: 'Início', level: 1 })).toBeVisible();
    // Issue 35: the CNPJ is held until the e-mail is verified; the registration sent Firebase's e-mail.
    const banner = page.getByRole('region', { name: 'Confirme seu e-mail' });
    await expect(banner).toBeVisible();
    await expectAccessible(page, 'portal /start (e-mail a confirmar)');
    await banner.getByRole('button', { name: 'Reenviar' }).click();
    await expect(page.getByText(`Enviamos um novo link de confirmação para ${email}.`)).toBeVisible();
    await page.goto(`${AREAS.portal.byHost}/profile`);
    await expect(page.getByLabel('CNPJ')).toHaveValue('12.ABC.345/01DE-35');
    await expect(page.getByLabel('Nome')).toHaveValue('Usinagem Horizonte Ltda');
    // The link opened (the emulator's REST API does what it does): back on the page, the banner goes.
    await verifyEmulatorEmail(email);
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(banner).toHaveCount(0);
  });

  test('an invalid CNPJ and a taken e-mail are refused at their fields', async ({ page }) => {
    await page.goto(`${AREAS.portal.byPath}/register`);
    await page.getByLabel('Nome').fill('Empresa Teste');
    await page.getByLabel('CNPJ').fill('11.222.333/0001-82');
    await page.getByLabel('E-mail').fill(CUSTOMER.email);
    await page.getByLabel('Senha', { exact: true }).fill(CUSTOMER.password);
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page.getByText('CNPJ inválido.')).toBeVisible();
    await page.getByLabel('CNPJ').fill('11.222.333/0001-81');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page.getByText('Este e-mail já está cadastrado. Entre com ele ou recupere a senha.').first()).toBeVisible();
    await expect(page.getByLabel('Nome')).toHaveValue('Empresa Teste');
  });
});
