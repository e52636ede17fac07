import { API, AREAS, trackErrors, expect, test } from './support';

const NOT_FOUND_TEXT =
  'Opa! Não conseguimos encontrar a página que você procurou. Verifique o endereço ou volte para a página inicial.';

test.describe('areas by host and by path prefix', () => {
  for (const mode of ['byHost', 'byPath'] as const) {
    test(`portal (${mode}) sends a signed-out visitor to its sign-in page`, async ({ page }) => {
      const errors = trackErrors(page);
      await page.goto(`${AREAS.portal[mode]}/machines`);
      await expect(page).toHaveURL(/\/login\?redirect=%2Fmachines$/);
      await expect(page.getByRole('heading', { name: 'Entrar' })).toBeVisible();
      await expect(page.getByLabel('E-mail')).toBeVisible();
      await expect(page.getByLabel('Senha', { exact: true })).toBeVisible();
      await expect(page.locator('html')).not.toHaveClass(/theme-backoffice/);
      expect(errors).toEqual([]);
    });

    test(`back office (${mode}) sends a signed-out visitor to the staff sign-in`, async ({ page }) => {
      await page.goto(`${AREAS.backoffice[mode]}/backoffice-orders`);
      await expect(page).toHaveURL(/\/backoffice-login\?redirect=%2Fbackoffice-orders$/);
      await expect(page.getByRole('heading', { name: 'Back office' })).toBeVisible();
      await expect(page.locator('html')).toHaveClass(/theme-backoffice/);
      await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon-backoffice.svg');
    });
  }

  test('the landing answers at / and /landing', async ({ page }) => {
    for (const path of ['/', '/landing']) {
      await page.goto(`${AREAS.landing.byHost}${path}`);
      await expect(page.getByRole('link', { name: 'Começar Agora' }).first()).toBeVisible();
    }
  });
});

test.describe('404 page in each area', () => {
  const cases = [
    ['landing', `${AREAS.landing.byHost}/pagina-que-nao-existe`],
    ['portal by host', `${AREAS.portal.byHost}/pagina-que-nao-existe`],
    ['portal by path', `${AREAS.portal.byPath}/pagina-que-nao-existe`],
    ['back office by host', `${AREAS.backoffice.byHost}/pagina-que-nao-existe`],
    ['back office by path', `${AREAS.backoffice.byPath}/pagina-que-nao-existe`],
  ] as const;
  for (const [name, url] of cases) {
    test(name, async ({ page }) => {
      await page.goto(url);
      await expect(page.getByText('404', { exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { name: /Página não encontrada/ })).toBeVisible();
      await expect(page.getByText(NOT_FOUND_TEXT)).toBeVisible();
      const home = page.getByRole('link', { name: 'Voltar para a Home' });
      await expect(home).toBeVisible();
      await home.click();
      await expect(page.getByText('404', { exact: true })).toHaveCount(0);
    });
  }
});

test('the demo backend refuses a request without a token (401)', async ({ page }) => {
  await page.goto(`${AREAS.portal.byHost}/login`);
  await expect(page.getByLabel('E-mail')).toBeVisible();
  // From the page, as the app calls it (the main Worker, across origins).
  const answer = await page.evaluate(async (api) => {
    const response = await fetch(`${api}/me`);
    return { status: response.status, body: (await response.json()) as unknown };
  }, API);
  expect(answer.status).toBe(401);
  expect(answer.body).toEqual({
    error: { code: 'unauthenticated', message: 'Sessão ausente ou expirada. Entre novamente.' },
  });
});
