import { AREAS, CUSTOMER, expect, expectAccessible, signIn, test, trackErrors } from './support';

const PORTAL = AREAS.portal.byHost;

test.describe('Alertas e notificações', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, PORTAL, CUSTOMER);
  });

  test('Configurações → Alertas: "Gateway offline" after 10 minutes, saved and still there after a reload', async ({ page }) => {
    const errors = trackErrors(page);
    await page.goto(`${PORTAL}/settings/`);
    await expect(page.getByRole('heading', { name: 'Configurações', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: /^Alertas/ }).click();
    await expect(page.getByRole('heading', { name: 'Alertas', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/alerts$/);
    await expect(page.getByRole('heading', { level: 2 })).toHaveText([
      'Gateway offline',
      'Gateway de volta',
      'Acesso remoto iniciado',
      'Aprovação pendente',
      'Pedido atualizado',
      'Pagamento recusado',
    ]);
    await expectAccessible(page, 'alertas');

    const offline = page.getByRole('region', { name: 'Gateway offline' });
    await expect(offline.getByRole('switch', { name: 'Ativo' })).toBeChecked();
    await offline.getByLabel('Avisar após (minutos)').fill('10');
    await offline.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Regra salva.')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Alertas', level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Gateway offline' }).getByLabel('Avisar após (minutos)')).toHaveValue('10');
    expect(errors).toEqual([]);
  });

  test('the header\'s bell: the unread count, the list, and "Marcar todas como lidas"', async ({ page }) => {
    const errors = trackErrors(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Its code and count arrive after the screen has painted.
    const bell = page.getByRole('button', { name: 'Notificações, 1 não lida' });
    await expect(bell).toBeVisible();
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notificações' });
    await expect(panel.getByRole('heading', { name: 'Notificações' })).toBeVisible();
    await expect(panel.getByRole('listitem')).toHaveCount(3);
    await expect(panel.getByRole('link', { name: /^Gateway offline:/ })).toHaveAttribute('href', /\/devices\//);
    await expectAccessible(page, 'notificações');
    await panel.getByRole('button', { name: 'Marcar todas como lidas' }).click();
    await expect(page.getByRole('button', { name: 'Notificações', exact: true })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Marcar todas como lidas' })).toHaveCount(0);

    // Following an item closes the panel and opens its page.
    await panel.getByRole('link', { name: /^Gateway offline:/ }).click();
    await expect(page).toHaveURL(/\/devices\/[^/]+$/);
    await expect(panel).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});
