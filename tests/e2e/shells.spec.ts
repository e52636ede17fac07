import { ADMIN, AREAS, CUSTOMER, expect, expectAccessible, signIn, test } from './support';

const PORTAL_SCREENS: Array<[string, string]> = [
  ['/', 'Dashboard'],
  ['/customers', 'Clientes'],
  ['/devices', 'Dispositivos'],
  ['/machines', 'Máquinas'],
  ['/machine-models', 'Modelos de Máquinas'],
  ['/remote-access', 'Acesso Remoto'],
  ['/first-steps', 'Configurar Conexão'],
  ['/start', 'Início'],
  ['/orders/', 'Pedidos'],
  ['/orders/checkout', 'Checkout'],
  ['/settings/', 'Configurações'],
  ['/settings/addresses', 'Meus Endereços'],
  ['/profile', 'Perfil'],
  ['/setup/PNT-7K2M-4Q9X-3FJD', 'Configurar dispositivo'],
];

/** These tests visit every screen of an area (a full load and an axe scan each): their time grows with the list. */
const PER_SCREEN_MS = 8_000;

const BACKOFFICE_SCREENS: Array<[string, string]> = [
  ['/', 'Dashboard'],
  ['/backoffice-orders', 'Ordens de Compra'],
  ['/backoffice-payment-method', 'Métodos de Pagamento'],
  ['/backoffice-payment-platform', 'Plat. de Pagamento'],
  ['/backoffice-catalog', 'Catálogo'],
  ['/backoffice-vpn-user', 'VPN'],
  ['/backoffice-discount-rule', 'Regras de Desconto'],
  ['/backoffice-audit-log', 'Auditoria'],
  ['/backoffice-mail', 'E-mails'],
  ['/backoffice-staff', 'Equipe interna'],
];

test.describe('portal shell', () => {
  test('every screen renders in the shell with its breadcrumb and passes axe', async ({ page }) => {
    test.setTimeout(PORTAL_SCREENS.length * PER_SCREEN_MS);
    await signIn(page, AREAS.portal.byHost, CUSTOMER);
    for (const [path, title] of PORTAL_SCREENS) {
      await page.goto(`${AREAS.portal.byHost}${path}`);
      await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      const breadcrumb = page.getByRole('navigation', { name: 'Trilha de navegação' });
      await expect(breadcrumb).toContainText(`Ponte IIoT/${title}`);
      await expect(page).toHaveTitle(`${title} · Ponte IIoT`);
      await expectAccessible(page, `portal ${path}`);
    }
  });

  test('sidebar: items, orders highlighted, user block, Ctrl+B and the cookie across reloads', async ({ page }) => {
    await signIn(page, AREAS.portal.byHost, CUSTOMER);
    const nav = page.getByRole('navigation', { name: 'Principal' });
    await expect(nav.getByRole('link')).toHaveText([
      'Dashboard',
      'Clientes',
      'Dispositivos',
      'Máquinas',
      'Modelos de Máquinas',
      'Acesso Remoto',
      'Configurar Conexão',
      'Pedidos',
    ]);
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    const userBlock = page.getByRole('link', { name: /Configurações da conta de Maria Oliveira Santos/ });
    await expect(userBlock).toContainText('MO');
    await expect(userBlock).toContainText(CUSTOMER.email);
    await userBlock.click();
    await expect(page).toHaveURL(`${AREAS.portal.byHost}/settings/`);

    const aside = page.getByRole('complementary', { name: 'Menu lateral' });
    await expect(aside).toHaveAttribute('data-state', 'expanded');
    expect((await aside.boundingBox())?.width).toBe(256);
    await page.keyboard.press('Control+b');
    await expect(aside).toHaveAttribute('data-state', 'collapsed');
    await expect.poll(async () => (await aside.boundingBox())?.width).toBe(48);
    const cookies = await page.context().cookies();
    const cookie = cookies.find((c) => c.name === 'sidebar_state');
    expect(cookie?.value).toBe('false');
    expect(Math.round(((cookie?.expires ?? 0) - Date.now() / 1000) / 86400)).toBe(7);

    // Collapsed items keep their names and show a tooltip.
    await page.getByRole('link', { name: 'Máquinas', exact: true }).hover();
    await expect(page.getByRole('tooltip', { name: 'Máquinas' })).toBeVisible();

    await page.reload();
    await expect(aside).toHaveAttribute('data-state', 'collapsed');
    await page.keyboard.press('Meta+b');
    await expect(aside).toHaveAttribute('data-state', 'expanded');
  });

  test('user dropdown: Perfil, Meus Endereços and Logout', async ({ page }) => {
    await signIn(page, AREAS.portal.byPath, CUSTOMER);
    const menuButton = page.getByRole('button', { name: 'Menu do usuário' });
    await menuButton.click();
    await expect(page.getByRole('menuitem')).toHaveText(['Perfil', 'Meus Endereços', 'Logout']);
    await page.getByRole('menuitem', { name: 'Perfil' }).click();
    await expect(page).toHaveURL(`${AREAS.portal.byPath}/profile`);
    await expect(page.getByLabel('Nome')).toHaveValue(CUSTOMER.name);

    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Meus Endereços' }).click();
    await expect(page).toHaveURL(`${AREAS.portal.byPath}/settings/addresses`);

    // Keyboard: open with Enter, move with arrows, choose Logout.
    await menuButton.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Perfil' })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${AREAS.portal.byPath}/login`);
  });

  test('profile: change the name, shown in the shell', async ({ page }) => {
    await signIn(page, AREAS.portal.byHost, CUSTOMER);
    await page.goto(`${AREAS.portal.byHost}/profile`);
    await expect(page.getByLabel('CNPJ')).toHaveValue(/\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}/);
    await page.getByLabel('Nome').fill('Maria O. Santos');
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await expect(page.getByText('Perfil atualizado.')).toBeVisible();
    await expect(page.getByRole('link', { name: /Configurações da conta de Maria O\. Santos/ })).toBeVisible();
    await page.getByLabel('Nome').fill('');
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await expect(page.getByText('Informe o nome.')).toBeVisible();
  });

  test('keyboard only: skip link, then the sidebar in tab order', async ({ page }) => {
    await signIn(page, AREAS.portal.byHost, CUSTOMER);
    await page.goto(`${AREAS.portal.byHost}/machines`);
    await expect(page.getByRole('heading', { name: 'Máquinas', level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Pular para o conteúdo' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Ponte IIoT — Dashboard' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Dashboard', exact: true })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${AREAS.portal.byHost}/customers`);
    await expect(page.getByRole('heading', { name: 'Clientes', level: 1 })).toBeVisible();
  });

  test('phone (390x844): the sidebar is a drawer', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, AREAS.portal.byHost, CUSTOMER);
    await expect(page.getByRole('complementary', { name: 'Menu lateral' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Alternar menu lateral' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu lateral' });
    await expect(drawer).toBeVisible();
    expect((await drawer.boundingBox())?.width).toBe(288);
    await expectAccessible(page, 'portal drawer');
    await drawer.getByRole('link', { name: 'Pedidos' }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Pedidos', level: 1 })).toBeVisible();
    await expect(page.getByText('Gerencie seus pedidos')).toBeVisible();
    await page.keyboard.press('Control+b');
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });
});

test.describe('back-office shell', () => {
  test('every screen, the active item, the staff block and axe', async ({ page }) => {
    test.setTimeout(BACKOFFICE_SCREENS.length * PER_SCREEN_MS);
    await signIn(page, AREAS.backoffice.byHost, ADMIN, '/backoffice-login');
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await expect(nav.getByRole('link')).toHaveText([
      'Dashboard',
      'Ordens de Compra',
      'Métodos de Pagamento',
      'Plat. de Pagamento',
      'Catálogo',
      'VPN',
      'Regras de Desconto',
      'Auditoria',
      'E-mails',
      'Equipe interna',
    ]);
    for (const [path, title] of BACKOFFICE_SCREENS) {
      await page.goto(`${AREAS.backoffice.byHost}${path}`);
      await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      await expectAccessible(page, `back office ${path}`);
    }
    await page.goto(`${AREAS.backoffice.byHost}/backoffice-orders`);
    await expect(nav.getByRole('link', { name: 'Ordens de Compra' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('complementary', { name: 'Menu do back office' })).toContainText('AD');
    await expect(page.getByTestId('user-chip')).toContainText('Rafael Souza Lima');
    await expect(page.getByTestId('user-chip')).toContainText('RS');
  });

  test('notifications dropdown and the search box', async ({ page }) => {
    await signIn(page, AREAS.backoffice.byPath, ADMIN, '/backoffice-login');
    await page.getByRole('button', { name: /^Notificações \(3 novas\)$/ }).click();
    await expect(page.getByRole('dialog', { name: 'Notificações' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Notificações' })).toBeVisible();
    await expect(page.getByText('Novo pedido #1004')).toBeVisible();
    const scroll = page.getByTestId('notifications-scroll');
    expect(await scroll.evaluate((el) => getComputedStyle(el).maxHeight)).toBe('300px');
    await expectAccessible(page, 'notifications');
    await page.getByRole('button', { name: 'Marcar todas como lidas' }).click();
    await expect(page.getByText('Nenhuma notificação')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Marcar todas como lidas' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Notificações' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Notificações' })).toBeFocused();

    const search = page.getByRole('combobox', { name: 'Buscar em toda aplicação' });
    await expect(search).toHaveAttribute('placeholder', 'Buscar em toda aplicação...');
    await search.fill('pix');
    await expect(page.getByRole('option', { name: 'Métodos de Pagamento' })).toBeVisible();
    await search.press('Enter');
    await expect(page).toHaveURL(`${AREAS.backoffice.byPath}/backoffice-payment-method`);
  });

  test('phone (390x844): drawer and top bar', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, AREAS.backoffice.byHost, ADMIN, '/backoffice-login');
    await page.getByRole('button', { name: 'Alternar menu lateral' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu do back office' });
    await expect(drawer).toBeVisible();
    await drawer.getByRole('link', { name: 'VPN' }).click();
    await expect(page.getByRole('heading', { name: 'VPN', level: 1 })).toBeVisible();
    await expectAccessible(page, 'back office phone');
  });
});
