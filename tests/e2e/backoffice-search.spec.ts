import type { Page } from '@playwright/test';
import { ADMIN, AREAS, arrangePaymentConfirmed, CUSTOMER_UID, expect, expectAccessible, signIn, test } from './support';

const ORIGIN = AREAS.backoffice.byHost;

/** Pretends the tab went to the background and came back (what a person switching tabs does). */
async function hideAndShowTab(page: Page): Promise<void> {
  await page.evaluate(() => {
    const set = (state: 'hidden' | 'visible') => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
      document.dispatchEvent(new Event('visibilitychange'));
    };
    set('hidden');
    set('visible');
  });
}

test.describe('back-office search and notifications', () => {
  test('Ctrl+K, a number, Enter: the order; builders and VPN users by name, grouped', async ({ page }) => {
    await signIn(page, ORIGIN, ADMIN, '/backoffice-login');
    const box = page.getByRole('combobox', { name: 'Buscar em toda aplicação' });
    await page.keyboard.press('ControlOrMeta+K');
    await expect(box).toBeFocused();
    await page.keyboard.type('serra');
    await expect(page.getByRole('group', { name: 'Montadoras' }).getByRole('option')).toContainText('João Pereira Costa');
    await expectAccessible(page, 'busca do back office');
    await box.fill('#1004');
    const order = page.getByRole('group', { name: 'Pedidos' }).getByRole('option', { name: /Pedido #1004/ });
    await expect(order).toContainText('Aguardando pagamento');
    await box.press('Enter');
    await expect(page).toHaveURL(`${ORIGIN}/backoffice-orders/order-1004`);
    await box.fill('juliana');
    await expect(page.getByRole('group', { name: 'Usuários VPN' }).getByRole('option')).toContainText(
      'juliana.nakamura@oliveira.exemplo.com.br',
    );
    await box.press('Escape');
    await expect(page.getByRole('listbox', { name: 'Resultados da busca' })).toBeHidden();
  });

  test('each notification links to its record; new ones arrive without a reload; marking all empties the list', async ({ page }) => {
    await signIn(page, ORIGIN, ADMIN, '/backoffice-login');
    await page.getByRole('button', { name: 'Notificações (3 novas)' }).click();
    const menu = page.getByRole('dialog', { name: 'Notificações' });
    await expectAccessible(page, 'notificações');
    await menu.getByRole('link', { name: /Pagamento confirmado/ }).click();
    await expect(page).toHaveURL(`${ORIGIN}/backoffice-orders/order-1005`);
    await expect(menu).toBeHidden();

    // Something happens in the backend (a payment confirmed): the bell shows it once the tab is looked at again.
    // The payment platform confirms order #1004's boleto (its signed webhook): the backend raises the notification.
    await arrangePaymentConfirmed('order-1004', CUSTOMER_UID);
    await hideAndShowTab(page);
    await page.getByRole('button', { name: 'Notificações (4 novas)' }).click();
    // The Workers' own wording (the browser demo's test inserted "O pedido #1004 foi pago por boleto." by hand).
    await expect(menu.getByRole('link').first()).toContainText(/O pedido #1004 \(R\$\s?[\d.,]+\) foi pago com boleto\./);
    await menu.getByRole('button', { name: 'Marcar todas como lidas' }).click();
    await expect(menu.getByText('Nenhuma notificação')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Notificações', exact: true })).toBeVisible();
  });
});
