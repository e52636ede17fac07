import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setTokenProvider } from '@/lib/api/token';
import { renderWithProviders } from '@/testing/render';
import { call, json } from '@/testing/demo-api';
import { testSql } from '@/testing/msw-server';
import { makeTestToken } from '@/testing/test-token';
import { NotificationsMenu } from '../components/notifications-menu';

const rafael = makeTestToken({ uid: 'demo-admin-rafael', email: 'admin@example.com', admin: true });

beforeEach(() => {
  setTokenProvider(async () => rafael);
});

describe('notifications dropdown', () => {
  it('lists new notifications with pt-BR dates and marks them all as read', async () => {
    const user = userEvent.setup();
    renderWithProviders(<NotificationsMenu />);
    const trigger = await screen.findByRole('button', { name: 'Notificações (3 novas)' });
    await user.click(trigger);
    expect(screen.getByRole('dialog', { name: 'Notificações' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Notificações' })).toBeVisible();
    expect(screen.getByText('Novo pedido #1004')).toBeVisible();
    expect(screen.getAllByText(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/)).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Marcar todas como lidas' }));
    await waitFor(() => expect(screen.getByText('Nenhuma notificação')).toBeVisible());
    expect(screen.queryByRole('button', { name: 'Marcar todas como lidas' })).toBeNull();
    expect(await testSql('SELECT id FROM notification WHERE read = 0')).toEqual([]);
  });

  it('links each notification to the record it is about and closes on the way there', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<NotificationsMenu />);
    await user.click(await screen.findByRole('button', { name: 'Notificações (3 novas)' }));
    expect(screen.getByRole('link', { name: /Acesso VPN expirado/ })).toHaveAttribute(
      'href',
      '/backoffice-vpn-user?q=suporte%40automax.exemplo.com.br',
    );
    await user.click(screen.getByRole('link', { name: /Novo pedido #1004/ }));
    expect(router.state.location.pathname).toBe('/backoffice-orders/order-1004');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notificações' })).toBeNull());
  });

  it('empty: "Nenhuma notificação" and no mark-all button', async () => {
    // Rafael read them all elsewhere (another tab).
    const unread = await json<Array<{ id: string }>>(await call('/backoffice/notification/new', { token: rafael }));
    expect(unread).toHaveLength(3);
    const marked = await call('/backoffice/notification/mark-as-read', { method: 'POST', token: rafael, json: { notificationIds: unread.map((n) => n.id) } });
    expect(await json<{ updated: number }>(marked)).toEqual({ updated: 3 });
    const user = userEvent.setup();
    renderWithProviders(<NotificationsMenu />);
    await user.click(await screen.findByRole('button', { name: 'Notificações' }));
    expect(await screen.findByText('Nenhuma notificação')).toBeVisible();
    expect(screen.queryByText('Marcar todas como lidas')).toBeNull();
  });
});
