import { env } from 'cloudflare:test';
import { drizzle } from 'drizzle-orm/d1';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BackofficeDashboard } from '@/contracts/backoffice-dashboard';
import { ORDER_STATUSES } from '@/contracts/commerce';
import { call, makeUid } from '../../../testing/api';
import { assembler } from '../../../shared/db/core-schema';
import { vpnUser } from '../../../vpn/db/vpn-schema';
import { purchaseOrder } from '../../db/commerce-schema';
import { device } from '../../db/device-schema';
import { dayKeyFormatter, lastDays, startOfDay } from '../../../shared/days';
import { assemblerRow, deviceRow, insertRows, orderRow, vpnUserRow } from './test-rows';

type Dashboard = BackofficeDashboard<{ seconds: number; nanos: number }>;

const DAY = 24 * 60 * 60 * 1000;
const TZ = 'America/Sao_Paulo';
const db = drizzle(env.DB);
const staff = makeUid('staff');

const dashboard = async (tz = TZ) => (await call<Dashboard>('GET', `/backoffice/dashboard?tz=${encodeURIComponent(tz)}`, { as: staff, admin: true })).body;

beforeEach(async () => {
  await env.DB.batch(['purchase_order', 'assembler', 'device', 'vpn_user'].map((table) => env.DB.prepare(`DELETE FROM ${table}`)));
});

describe('GET /backoffice/dashboard', () => {
  it('is for staff only and checks the time zone', async () => {
    expect((await call('GET', '/backoffice/dashboard')).status).toBe(401);
    const builder = await call('GET', '/backoffice/dashboard', { as: makeUid() });
    expect(builder.status).toBe(403);
    expect(builder.body).toEqual({ error: { code: 'forbidden', message: 'Acesso restrito à equipe Ponte IIoT.' } });
    const bad = await call('GET', '/backoffice/dashboard?tz=Lua/Base', { as: staff, admin: true });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: { code: 'validation', message: 'Fuso horário desconhecido.', field: 'tz' } });
    const answer = await call<Dashboard>('GET', '/backoffice/dashboard', { as: staff, admin: true });
    expect(answer.status).toBe(200);
    expect(answer.body.timeZone).toBe(TZ);
    expect(answer.body.ordersPerDay).toHaveLength(14);
    expect(answer.body.generatedAt).toEqual({ seconds: expect.any(Number), nanos: expect.any(Number) });
    expect(answer.body.ordersByStatus).toEqual(Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])));
  });

  it('counts every builder: orders per status, builders, gateways (claimed ones), orders per day', async () => {
    const now = Date.now();
    await db.insert(assembler).values([assemblerRow('maria', 'Maria', '45278193000185'), assemblerRow('joao', 'João', '38592017000110')]);
    await insertRows(db, purchaseOrder, [
      orderRow({ number: 1001, ownerUid: 'maria', status: 'entregue', createdAt: now - 200 * DAY, paidAt: now - 200 * DAY }),
      orderRow({ number: 1002, ownerUid: 'maria', status: 'aguardando-pagamento', createdAt: now - DAY }),
      orderRow({ number: 1003, ownerUid: 'joao', status: 'aguardando-pagamento', createdAt: now }),
      orderRow({ number: 1004, ownerUid: 'joao', status: 'cancelado', createdAt: now - 13 * DAY }),
      orderRow({ number: 1005, ownerUid: 'joao', status: 'pago', createdAt: now - 20 * DAY, paidAt: now - 20 * DAY }),
    ]);
    await insertRows(db, device, [
      deviceRow('d1', 'maria', 'online'),
      deviceRow('d2', 'maria', 'offline'),
      deviceRow('d3', 'joao', 'online'),
      deviceRow('d4', null, 'online'),
    ]);
    const figures = await dashboard();
    expect(figures.ordersByStatus).toEqual({
      'aguardando-pagamento': 2,
      pago: 1,
      'em-separacao': 0,
      enviado: 0,
      entregue: 1,
      cancelado: 1,
    });
    expect(figures.assemblers).toBe(2);
    expect(figures.gateways).toEqual({ total: 3, online: 2 });
    const dayOf = dayKeyFormatter(TZ);
    const days = lastDays(dayOf(now), 14);
    expect(figures.ordersPerDay.map((day) => day.date)).toEqual(days);
    const placed = new Map(figures.ordersPerDay.map((day) => [day.date, day.count]));
    expect(placed.get(dayOf(now))).toBe(1);
    expect(placed.get(dayOf(now - DAY))).toBe(1);
    expect(placed.get(dayOf(now - 13 * DAY))).toBe(1);
    expect(figures.ordersPerDay.reduce((sum, day) => sum + day.count, 0)).toBe(3);
  });

  it('revenue: the paid orders of this month only, in the time zone', async () => {
    const now = Date.now();
    const month = dayKeyFormatter(TZ)(now).slice(0, 7);
    const monthStart = startOfDay(`${month}-01`, TZ);
    await insertRows(db, purchaseOrder, [
      orderRow({ number: 2001, ownerUid: 'maria', status: 'pago', total: 10_000, paidAt: now - 1000 }),
      orderRow({ number: 2002, ownerUid: 'maria', status: 'entregue', total: 20_000, paidAt: monthStart }),
      orderRow({ number: 2003, ownerUid: 'maria', status: 'entregue', total: 40_000, paidAt: monthStart - 1 }),
      orderRow({ number: 2004, ownerUid: 'maria', status: 'cancelado', total: 80_000, paidAt: now - 1000 }),
      orderRow({ number: 2005, ownerUid: 'maria', status: 'aguardando-pagamento', total: 160_000 }),
    ]);
    expect((await dashboard()).revenue).toEqual({ month, total: 30_000, orders: 2 });
    await db.insert(purchaseOrder).values(orderRow({ number: 2006, ownerUid: 'joao', status: 'em-separacao', total: 5_000, paidAt: now - 60 * 1000 }));
    expect((await dashboard()).revenue).toEqual({ month, total: 35_000, orders: 3 });
  });

  it('VPN users: active ones (enabled, not expired) and those ending within 7 days', async () => {
    const now = Date.now();
    await insertRows(db, vpnUser, [
      vpnUserRow('vpn-user-1', 'Ana', 'ana@example.com', now + 3 * DAY),
      vpnUserRow('vpn-user-2', 'Bruno', 'bruno@example.com', now - DAY),
      vpnUserRow('vpn-user-3', 'Carla', 'carla@example.com', null, false),
      vpnUserRow('vpn-user-4', 'Davi', 'davi@example.com', null),
      vpnUserRow('vpn-user-5', 'Eva', 'eva@example.com', now + 30 * DAY),
    ]);
    expect((await dashboard()).vpnUsers).toEqual({ active: 3, expiringSoon: 1 });
  });

  it('counts days in the time zone asked for', async () => {
    const answer = await dashboard('UTC');
    expect(answer.timeZone).toBe('UTC');
    expect(answer.ordersPerDay.at(-1)?.date).toBe(new Date().toISOString().slice(0, 10));
  });
});

describe('startOfDay', () => {
  it('is the local midnight, daylight saving included', () => {
    expect(startOfDay('2026-11-27', 'America/Sao_Paulo')).toBe(Date.parse('2026-11-27T03:00:00Z'));
    expect(startOfDay('2026-11-27', 'UTC')).toBe(Date.parse('2026-11-27T00:00:00Z'));
    expect(startOfDay('2026-03-08', 'America/New_York')).toBe(Date.parse('2026-03-08T05:00:00Z'));
    expect(startOfDay('2026-03-09', 'America/New_York')).toBe(Date.parse('2026-03-09T04:00:00Z'));
    expect(startOfDay('2026-07-01', 'Europe/Lisbon')).toBe(Date.parse('2026-06-30T23:00:00Z'));
  });
});
