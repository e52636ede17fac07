import { describe, expect, it } from 'vitest';
import type { BackofficeDashboard } from '@/contracts/backoffice-dashboard';
import { testDb, TEST_NOW } from '@/testing/msw-server';
import { backofficeDashboard } from '../resources/backoffice-dashboard/handlers';
import { DEMO_ADMIN_UID, DEMO_CUSTOMER_UID } from '@/seed';
import { makeTestToken } from '../token';
import { call } from '@/testing/demo-api';

const customer = makeTestToken({ uid: DEMO_CUSTOMER_UID, email: 'cliente@example.com' });
const admin = makeTestToken({ uid: DEMO_ADMIN_UID, email: 'admin@example.com', admin: true });
const DAY = 24 * 60 * 60 * 1000;

describe('GET /backoffice/dashboard', () => {
  it('is for staff only and checks the time zone', async () => {
    expect((await call('/backoffice/dashboard', { token: customer })).status).toBe(403);
    expect((await call('/backoffice/dashboard?tz=Lua/Base', { token: admin })).status).toBe(400);
    const response = await call('/backoffice/dashboard?tz=America/Sao_Paulo', { token: admin });
    expect(response.status).toBe(200);
    const body = (await response.json()) as BackofficeDashboard<{ seconds: number }>;
    expect(body.ordersPerDay).toHaveLength(14);
    expect(body.generatedAt).toEqual({ seconds: expect.any(Number), nanos: expect.any(Number) });
  });

  it('counts every builder: orders per status, paid this month, builders, gateways, VPN users', () => {
    const data = testDb().data;
    const figures = backofficeDashboard(data, 'America/Sao_Paulo', TEST_NOW);
    const total = Object.values(figures.ordersByStatus).reduce((sum, n) => sum + n, 0);
    expect(total).toBe(data.orders.length);
    for (const [status, count] of Object.entries(figures.ordersByStatus)) {
      expect(count).toBe(data.orders.filter((order) => order.status === status).length);
    }
    expect(figures.assemblers).toBe(data.assemblers.length);
    expect(figures.gateways.online).toBe(data.devices.filter((d) => d.ownerUid !== null && d.status === 'online').length);
    expect(figures.revenue.month).toBe('2026-11');
    expect(figures.ordersPerDay.reduce((sum, day) => sum + day.count, 0)).toBe(
      data.orders.filter((order) => order.createdAt > TEST_NOW - 14 * DAY).length,
    );
  });

  it('revenue: the paid orders of this month only; a new payment adds to it', () => {
    const data = testDb().data;
    const before = backofficeDashboard(data, 'America/Sao_Paulo', TEST_NOW).revenue;
    const unpaid = data.orders.find((order) => order.status === 'aguardando-pagamento');
    if (!unpaid) throw new Error('seed');
    unpaid.status = 'pago';
    unpaid.payment.paidAt = TEST_NOW - 1000;
    const after = backofficeDashboard(data, 'America/Sao_Paulo', TEST_NOW).revenue;
    expect(after).toEqual({ month: '2026-11', total: before.total + unpaid.total, orders: before.orders + 1 });
    unpaid.payment.paidAt = TEST_NOW - 60 * DAY;
    expect(backofficeDashboard(data, 'America/Sao_Paulo', TEST_NOW).revenue).toEqual(before);
  });

  it('VPN users: active ones (enabled, not expired) and those ending within 7 days', () => {
    const data = testDb().data;
    for (const user of data.vpnUsers) {
      user.enabled = true;
      user.expiresAt = null;
    }
    const [first, second, third] = data.vpnUsers;
    if (!first || !second || !third) throw new Error('seed');
    first.expiresAt = TEST_NOW + 3 * DAY;
    second.expiresAt = TEST_NOW - DAY;
    third.enabled = false;
    const { vpnUsers } = backofficeDashboard(data, 'America/Sao_Paulo', TEST_NOW);
    expect(vpnUsers).toEqual({ active: data.vpnUsers.length - 2, expiringSoon: 1 });
  });
});
