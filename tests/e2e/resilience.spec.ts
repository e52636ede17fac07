import { AREAS, CUSTOMER, expect, signIn, test } from './support';

test('a screen chunk that fails to load reloads the page once, then shows the error fallback', async ({ page }) => {
  // Blocked before sign-in: the shell preloads the sidebar's screens in idle time, and that preload must fail too.
  // context.route also sees what the demo's service worker fetches on the page's behalf.
  await page.context().route(/\/assets\/machines-[\w-]+\.js$/, (route) => route.abort('failed'));
  await signIn(page, AREAS.portal.byHost, CUSTOMER);
  let loads = 0;
  page.on('load', () => (loads += 1));
  await page.getByRole('link', { name: 'Máquinas', exact: true }).click();
  // First failure: one reload, on the page being opened (remembered per message in sessionStorage);
  // the same failure again surfaces as an error.
  await expect(page.getByRole('heading', { name: 'Something went wrong!' })).toBeVisible();
  await expect(page).toHaveURL(`${AREAS.portal.byHost}/machines`);
  expect(loads).toBe(1);
  await page.getByRole('button', { name: 'Show Error' }).click();
  await expect(page.getByText(/machines-[\w-]+\.js/)).toBeVisible();
  await page.getByRole('button', { name: 'Hide Error' }).click();
  await page.context().unroute(/\/assets\/machines-[\w-]+\.js$/);
  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(page.getByRole('heading', { name: 'Máquinas', level: 1 })).toBeVisible();
});

test("an area's own chunk that fails to load reloads once, then says so with \"Tentar novamente\" (never a blank page)", async ({ page }) => {
  // Everything index.html's loader starts itself (the entry and its static imports) arrives; every other chunk
  // fails, the area's own included (the loader preloads it; that fails too).
  // (Node cannot resolve *.localhost; the same index.html is served on every path.)
  const html = await (await page.request.get(`${AREAS.landing.byHost}/`)).text();
  const loader = /\}\)\((\{"entry":[\s\S]*?\})\)<\/script>/.exec(html)?.[1];
  const config = JSON.parse(loader ?? '{"preload":[]}') as { entry?: string; preload: string[] };
  const boot = new Set([config.entry, ...config.preload].filter(Boolean));
  expect(boot.size).toBeGreaterThan(0);
  const lazyChunk = (url: URL) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js') && !boot.has(url.pathname);
  await page.context().route(lazyChunk, (route) => route.abort('failed'));
  let loads = 0;
  page.on('load', () => (loads += 1));
  await page.goto(`${AREAS.portal.byHost}/login`);
  // The sign-in page is HTML until the visitor acts: the first interaction starts its scripts, each time.
  await page.getByLabel('E-mail').focus();
  await expect.poll(() => loads).toBe(2); // the first failure reloaded the page once
  await page.getByLabel('E-mail').focus();
  await expect(page.getByRole('heading', { name: 'Something went wrong!' })).toBeVisible();
  // Only the fallback shows: not the page's HTML, which cannot work without its scripts.
  await expect(page.getByLabel('E-mail')).toHaveCount(0);
  expect(loads).toBe(2);
  await expect(page).toHaveURL(`${AREAS.portal.byHost}/login`);
  await page.getByRole('button', { name: 'Show Error' }).click();
  await expect(page.getByText(/\.js/)).toBeVisible();
  await page.context().unroute(lazyChunk);
  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible();
});

test('the sign-in page says so when the identity emulator is not running', async ({ page }) => {
  await page.context().route('http://127.0.0.1:9099/**', (route) => route.abort('connectionrefused'));
  await page.goto(`${AREAS.portal.byHost}/login`);
  // The page's scripts start with the first interaction; the check comes with them, before a password is typed.
  await page.getByLabel('E-mail').focus();
  await expect(page.getByRole('alert')).toContainText('O emulador de autenticação (Firebase Auth) não está respondendo');
  await page.getByLabel('E-mail').fill(CUSTOMER.email);
  await page.getByLabel('Senha', { exact: true }).fill(CUSTOMER.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(
    page.getByText('Não foi possível conectar ao serviço de autenticação. Verifique sua conexão e tente novamente.').first(),
  ).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveValue(CUSTOMER.email);
});

test('a malformed auth_data is dropped, never trusted', async ({ page }) => {
  await page.goto(`${AREAS.portal.byHost}/login`);
  await page.evaluate(() => localStorage.setItem('auth_data', '{"token": 1, "user": "admin"}'));
  await page.goto(`${AREAS.portal.byHost}/machines`);
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmachines/);
  expect(await page.evaluate(() => localStorage.getItem('auth_data'))).toBeNull();
});
