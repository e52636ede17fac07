import { describe, expect, it } from 'vitest';
import type { BackofficeSearchResults } from '@/contracts/backoffice-search';
import { testDb, TEST_NOW } from '@/testing/msw-server';
import { raiseVpnExpiryNotifications } from '../resources/notifications/records';
import { DEMO_ADMIN_UID, DEMO_CUSTOMER_UID, OTHER_ASSEMBLER_UID } from '@/seed';
import { makeTestToken } from '../token';
import { call } from '@/testing/demo-api';

const customer = makeTestToken({ uid: DEMO_CUSTOMER_UID, email: 'cliente@example.com' });
const admin = makeTestToken({ uid: DEMO_ADMIN_UID, email: 'admin@example.com', admin: true });
const DAY = 24 * 60 * 60 * 1000;

async function search(q: string): Promise<BackofficeSearchResults> {
  const response = await call(`/backoffice/search?q=${encodeURIComponent(q)}`, { token: admin });
  expect(response.status).toBe(200);
  return (await response.json()) as BackofficeSearchResults;
}

describe('GET /backoffice/search', () => {
  it('is for staff only (403 for a builder)', async () => {
    expect((await call('/backoffice/search?q=maria', { token: customer })).status).toBe(403);
  });

  it('finds an order by its number, with or without "#", naming its builder', async () => {
    for (const q of ['1004', '#1004', ' # 1004 ']) {
      const { orders } = await search(q);
      expect(orders[0]).toMatchObject({ id: 'order-1004', number: 1004, status: 'aguardando-pagamento', assemblerName: 'Maria Oliveira Santos' });
    }
    const { orders } = await search('100');
    expect(orders.length).toBe(5);
  });

  it('finds builders by name (accents and case ignored) and by CNPJ with or without its mask', async () => {
    const cnpj = testDb().data.assemblers.find((a) => a.uid === OTHER_ASSEMBLER_UID)?.cnpj ?? '';
    const masked = `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;
    for (const q of ['joão pereira', 'JOAO', cnpj, masked]) {
      const { assemblers } = await search(q);
      expect(assemblers.map((a) => a.id)).toEqual([OTHER_ASSEMBLER_UID]);
    }
  });

  it('finds VPN users by name or e-mail', async () => {
    expect((await search('automax')).vpnUsers.map((u) => u.id)).toEqual(['vpn-user-1003']);
    expect((await search('Juliana')).vpnUsers).toEqual([
      { id: 'vpn-user-1002', name: 'Juliana Nakamura', email: 'juliana.nakamura@oliveira.exemplo.com.br' },
    ]);
  });

  it('asks for two characters and answers nothing found as empty groups', async () => {
    expect(await search('j')).toEqual({ q: 'j', orders: [], assemblers: [], vpnUsers: [] });
    expect(await search('zzzz-nada')).toEqual({ q: 'zzzz-nada', orders: [], assemblers: [], vpnUsers: [] });
    expect((await call(`/backoffice/search?q=${'x'.repeat(101)}`, { token: admin })).status).toBe(400);
  });
});

describe('notifications', () => {
  it('name the record they are about, newest first', async () => {
    const response = await call('/backoffice/notification/new', { token: admin });
    const items = (await response.json()) as Array<{ id: string; subject: unknown; createdAt: { seconds: number } }>;
    expect(items[0]).toMatchObject({ id: 'notification-1001', subject: { kind: 'order', id: 'order-1004' } });
    const times = items.map((item) => item.createdAt.seconds);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(JSON.stringify(items)).not.toContain('"key"');
  });

  it('raise a VPN access about to expire once per user and expiry date', () => {
    const db = testDb();
    const user = db.data.vpnUsers.find((u) => u.id === 'vpn-user-1001');
    if (!user) throw new Error('seed');
    user.expiresAt = TEST_NOW + 3 * DAY - 1000;
    expect(raiseVpnExpiryNotifications(db, TEST_NOW)).toBe(1);
    expect(raiseVpnExpiryNotifications(db, TEST_NOW + 1000)).toBe(0);
    const raised = db.data.notifications.at(-1);
    expect(raised).toMatchObject({
      title: 'Acesso VPN perto de expirar',
      message: 'O acesso de "Carlos Henrique Prado" expira em 3 dias.',
      subject: { kind: 'vpn-user', id: 'vpn-user-1001' },
      read: false,
    });
    // Renewed to another date inside the window: announced again; expired or disabled users: never.
    user.expiresAt = TEST_NOW + 6 * DAY;
    expect(raiseVpnExpiryNotifications(db, TEST_NOW)).toBe(1);
    user.enabled = false;
    user.expiresAt = TEST_NOW + 2 * DAY;
    expect(raiseVpnExpiryNotifications(db, TEST_NOW)).toBe(0);
  });
});
