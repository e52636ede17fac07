/**
 * The portal header's bell "Notificações" (issue 37, item 3) against the unit tests' Workers: the unread count in its
 * name, the list (newest first, unread marked, dates), "Marcar todas como lidas", the empty state, and a link to its
 * subject (which reads the item and closes the panel).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { WEBHOOK_DISABLED_NOTICE, type PortalNotification } from '@/contracts/alerts';
import { setTokenProvider } from '@/lib/api/token';
import { timestampToDate } from '@/lib/dates';
import { DEMO_CUSTOMER_UID } from '@/seed';
import { call, json } from '@/testing/demo-api';
import { testSql } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render';
import { makeTestToken } from '@/testing/test-token';
import { PortalBell, preloadPortalBell } from '../components/portal-bell';

const maria = makeTestToken({ uid: DEMO_CUSTOMER_UID, email: 'cliente@example.com' });

beforeEach(() => {
  setTokenProvider(() => Promise.resolve(maria));
});

async function storedNotifications(): Promise<{ data: PortalNotification[]; unread: number }> {
  return json(await call('/notification', { token: maria }));
}

async function storedUnreadIds(): Promise<string[]> {
  const rows = await testSql<{ id: string }>('SELECT id FROM portal_notification WHERE member_uid = ? AND read_at IS NULL', [DEMO_CUSTOMER_UID]);
  return rows.map((row) => row.id);
}

describe('portal bell', { timeout: 20_000 }, () => {
  it('shows the unread count, lists the notifications newest first and marks them all read', async () => {
    const stored = await storedNotifications();
    expect(stored.unread).toBe(1);
    expect(stored.data).toHaveLength(3);
    const user = userEvent.setup();
    renderWithProviders(<PortalBell />);
    // Pressed before its code is in: it opens as the code arrives.
    await user.click(screen.getByRole('button', { name: /^Notificações/ }));
    const panel = await screen.findByRole('dialog', { name: 'Notificações' });
    expect(await screen.findByRole('button', { name: 'Notificações, 1 não lida' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(panel).getByRole('heading', { name: 'Notificações' })).toBeInTheDocument();
    const items = await within(panel).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    stored.data.forEach((notification, index) => expect(items[index]).toHaveTextContent(notification.title));
    expect(items.map((item) => within(item).queryByText('(não lida)', { exact: false }) !== null)).toEqual([true, false, false]);
    const [first] = stored.data;
    if (!first) throw new Error('no notification');
    expect(first.read).toBe(false);
    expect(items[0]).toHaveTextContent(first.message);
    const time = items[0]?.querySelector('time');
    expect(time).toHaveAttribute('datetime', timestampToDate(first.createdAt).toISOString());
    expect(time?.getAttribute('title')).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);

    await user.click(within(panel).getByRole('button', { name: 'Marcar todas como lidas' }));
    expect(await screen.findByRole('button', { name: 'Notificações' })).toBeInTheDocument();
    await waitFor(() => expect(within(panel).queryByRole('button', { name: 'Marcar todas como lidas' })).toBeNull());
    expect(await storedUnreadIds()).toEqual([]);
    // Read ones stay listed, no longer marked.
    expect(within(panel).getAllByRole('listitem')).toHaveLength(3);
    expect(within(panel).queryByText('(não lida)', { exact: false })).toBeNull();
  });

  it('links each notification to its subject; following one reads it and closes the panel', async () => {
    const stored = await storedNotifications();
    const device = stored.data.find((notification) => notification.subject?.kind === 'device' && !notification.read);
    const order = stored.data.find((notification) => notification.subject?.kind === 'order');
    if (!device?.subject || !order?.subject) throw new Error('the seed changed');
    await preloadPortalBell();
    const user = userEvent.setup();
    const { router } = renderWithProviders(<PortalBell />);
    await user.click(await screen.findByRole('button', { name: 'Notificações, 1 não lida' }));
    const panel = await screen.findByRole('dialog', { name: 'Notificações' });
    expect(within(panel).getByRole('link', { name: new RegExp(order.title) })).toHaveAttribute(
      'href',
      `/orders/${encodeURIComponent(order.subject.id)}`,
    );
    await user.click(within(panel).getByRole('link', { name: new RegExp(device.title) }));
    expect(router.state.location.pathname).toBe(`/devices/${encodeURIComponent(device.subject.id)}`);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notificações' })).toBeNull());
    expect(await screen.findByRole('button', { name: 'Notificações' })).toBeInTheDocument();
    expect(await storedUnreadIds()).toEqual([]);
  });

  it('a webhook disabled after 24 h of failures: "Webhook desativado: <url>", linking to Configurações → Webhooks', async () => {
    await testSql(
      `INSERT INTO portal_notification (id, owner_uid, member_uid, event, title, message, subject_kind, subject_id, created_at)
       VALUES ('portal-notification-webhook-off', ?, ?, 'webhook-disabled', ?, ?, 'webhook', 'webhook-1001', ?)`,
      [DEMO_CUSTOMER_UID, DEMO_CUSTOMER_UID, WEBHOOK_DISABLED_NOTICE.title('https://erp.exemplo.com.br/ponte'), WEBHOOK_DISABLED_NOTICE.message, Date.now()],
    );
    await preloadPortalBell();
    const user = userEvent.setup();
    const { router } = renderWithProviders(<PortalBell />);
    await user.click(await screen.findByRole('button', { name: 'Notificações, 2 não lidas' }));
    const panel = await screen.findByRole('dialog', { name: 'Notificações' });
    const link = await within(panel).findByRole('link', { name: /Webhook desativado: https:\/\/erp\.exemplo\.com\.br\/ponte/ });
    expect(link).toHaveTextContent('Nenhuma entrega foi aceita nas últimas 24 horas. Confira o endereço e ative-o de novo em Configurações → Webhooks.');
    await user.click(link);
    expect(router.state.location.pathname).toBe('/settings/webhooks');
  });

  it('empty: "Nenhuma notificação" and no "Marcar todas como lidas"', async () => {
    await testSql('DELETE FROM portal_notification WHERE member_uid = ?', [DEMO_CUSTOMER_UID]);
    await preloadPortalBell();
    const user = userEvent.setup();
    renderWithProviders(<PortalBell />);
    await user.click(await screen.findByRole('button', { name: 'Notificações' }));
    const panel = await screen.findByRole('dialog', { name: 'Notificações' });
    expect(await within(panel).findByText('Nenhuma notificação')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Marcar todas como lidas' })).toBeNull();
  });
});
