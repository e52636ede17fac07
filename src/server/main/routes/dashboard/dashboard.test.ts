import { env } from 'cloudflare:test';
import { getTableColumns } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { describe, expect, it } from 'vitest';
import type { DashboardConnections, DashboardSummary } from '@/contracts/dashboard';
import type { OrderStatus } from '@/contracts/commerce';
import { DEMO_CUSTOMER_UID, OTHER_ASSEMBLER_UID } from '@/seed/utils';
import { call, makeUid } from '../../../testing/api';
import { purchaseOrder } from '../../db/commerce-schema';
import { deviceConnection } from '../../db/device-schema';
import { seedFleet } from '../machines/__tests__/fixtures';
import { dayKeyFormatter, startOfDay } from '../../../shared/days';

type Ts = { seconds: number; nanos: number };
type Connections = DashboardConnections<Ts>;

/** An order row with every required column filled (the orders' own columns do not matter here). */
function orderRow(owner: string, status: OrderStatus) {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(purchaseOrder))) {
    if (column.notNull && !column.hasDefault) row[key] = column.dataType === 'number' ? 0 : '';
  }
  return { ...row, id: `order-${crypto.randomUUID()}`, ownerUid: owner, status, paymentKind: 'pix', number: 1e8 + Math.floor(Math.random() * 9e8) } as typeof purchaseOrder.$inferInsert;
}

async function summaryOf(uid: string): Promise<DashboardSummary> {
  const answer = await call<DashboardSummary>('GET', '/dashboard/summary', { as: uid });
  expect(answer.status).toBe(200);
  return answer.body;
}

async function connectionsOf(uid: string, tz = 'America/Sao_Paulo'): Promise<Connections> {
  const answer = await call<Connections>('GET', `/dashboard/connections?tz=${encodeURIComponent(tz)}`, { as: uid });
  expect(answer.status).toBe(200);
  return answer.body;
}

describe('/dashboard', () => {
  it('401 without a session', async () => {
    expect((await call('GET', '/dashboard/summary')).status).toBe(401);
    expect((await call('GET', '/dashboard/connections')).status).toBe(401);
  });

  it("summary: the builder's own counts, open orders without entregue and cancelado; another builder's apart", async () => {
    const { maria, serra, data } = await seedFleet({ devices: true });
    const statuses: OrderStatus[] = ['entregue', 'entregue', 'enviado', 'aguardando-pagamento', 'em-separacao', 'cancelado'];
    const db = drizzle(env.DB);
    // One row a statement: D1 binds at most 100 parameters.
    const [first, ...rest] = [...statuses.map((status) => orderRow(maria, status)), orderRow(serra, 'enviado')].map((row) =>
      db.insert(purchaseOrder).values(row),
    );
    if (first) await db.batch([first, ...rest]);
    const own = <T extends { ownerUid: string | null }>(rows: T[]) => rows.filter((row) => row.ownerUid === DEMO_CUSTOMER_UID);
    const devices = own(data.devices);
    expect(await summaryOf(maria)).toEqual({
      customers: own(data.customers).length,
      machineModels: 8,
      machines: 60,
      devices: {
        total: 70,
        online: devices.filter((d) => d.status === 'online').length,
        offline: devices.filter((d) => d.status === 'offline').length,
        neverConnected: devices.filter((d) => d.status === 'never-connected').length,
      },
      openOrders: 3,
    });
    const other = await summaryOf(serra);
    expect(other.devices).toEqual({ total: 1, online: 1, offline: 0, neverConnected: 0 });
    expect(other.openOrders).toBe(1);
    expect(other.machines).toBe(data.machines.filter((m) => m.ownerUid === OTHER_ASSEMBLER_UID).length);
    expect(await summaryOf(makeUid())).toEqual({
      customers: 0,
      machineModels: 0,
      machines: 0,
      devices: { total: 0, online: 0, offline: 0, neverConnected: 0 },
      openOrders: 0,
    });
  });

  it('connections: 7 days whose counts match the history, the 5 latest with names, newest first', async () => {
    const { maria, id, data } = await seedFleet({ devices: true });
    const body = await connectionsOf(maria);
    const dayKey = dayKeyFormatter('America/Sao_Paulo');
    expect(body.timeZone).toBe('America/Sao_Paulo');
    expect(body.days).toHaveLength(7);
    expect(body.days.at(-1)?.date).toBe(dayKey(Date.now()));
    const own = data.deviceConnections.filter((c) => c.ownerUid === DEMO_CUSTOMER_UID);
    for (const day of body.days) expect(day.count, day.date).toBe(own.filter((c) => dayKey(c.startedAt) === day.date).length);
    expect(body.days.reduce((sum, d) => sum + d.count, 0)).toBeGreaterThan(0);

    expect(body.latest).toHaveLength(5);
    const starts = body.latest.map((c) => c.startedAt.seconds);
    expect([...starts].sort((a, b) => b - a)).toEqual(starts);
    const newest = [...own].sort((a, b) => b.startedAt - a.startedAt || a.id.localeCompare(b.id))[0];
    expect(body.latest[0]?.id).toBe(id(newest?.id ?? ''));
    for (const connection of body.latest) {
      expect(connection.deviceName).toMatch(/^Gateway /);
      expect(connection.userName).not.toBe('');
      expect(connection).not.toHaveProperty('ownerUid');
      expect(connection).not.toHaveProperty('userEmail');
      const machine = data.machines.find((m) => id(m.id) === connection.machineId);
      expect(connection.machineName).toBe(machine ? machine.name : null);
    }
    expect(body.latest.some((c) => c.machineName)).toBe(true);
  });

  it("connections: days of the request's time zone, each start counted once, the 8th day out", async () => {
    const owner = makeUid();
    const sp = dayKeyFormatter('America/Sao_Paulo');
    const today = startOfDay(sp(Date.now()), sp);
    const DAY = 86_400_000;
    const starts = [today + 90 * 60_000, today - 30 * 60_000, today - 6 * DAY + 12 * 3_600_000, today - 7 * DAY + 12 * 3_600_000];
    await drizzle(env.DB)
      .insert(deviceConnection)
      .values(
        starts.map((startedAt, index) => ({
          id: `device-connection-${owner}-${index}`,
          ownerUid: owner,
          deviceId: 'device-gone',
          userName: 'Teste',
          userEmail: 't@x.com',
          startedAt,
          publicIp: '177.1.1.1',
          bytesIn: 0,
          bytesOut: 0,
          version: 1,
          updatedAt: startedAt,
        })),
      );
    const inSaoPaulo = await connectionsOf(owner);
    expect(inSaoPaulo.days.map((d) => d.count)).toEqual([1, 0, 0, 0, 0, 1, 1]);
    expect(inSaoPaulo.latest.map((c) => c.deviceName)).toEqual(['', '', '', '']);
    const utc = dayKeyFormatter('UTC');
    const inUtc = await connectionsOf(owner, 'UTC');
    for (const day of inUtc.days) expect(day.count, day.date).toBe(starts.filter((s) => utc(s) === day.date).length);
  });

  it('finds a zone’s midnight across DST and half-hour offsets', () => {
    const at = (zone: string, date: string) => new Date(startOfDay(date, dayKeyFormatter(zone))).toISOString();
    expect(at('America/Sao_Paulo', '2026-11-22')).toBe('2026-11-22T03:00:00.000Z');
    expect(at('America/New_York', '2026-03-08')).toBe('2026-03-08T05:00:00.000Z');
    expect(at('America/New_York', '2026-03-09')).toBe('2026-03-09T04:00:00.000Z');
    expect(at('Asia/Kolkata', '2026-11-22')).toBe('2026-11-21T18:30:00.000Z');
    expect(at('Pacific/Kiritimati', '2026-11-22')).toBe('2026-11-21T10:00:00.000Z');
    expect(at('UTC', '2026-11-22')).toBe('2026-11-22T00:00:00.000Z');
  });

  it("connections: never another builder's, none for a new account, 400 for an unknown time zone", async () => {
    const { maria, serra } = await seedFleet({ devices: true });
    const mine = new Set((await connectionsOf(maria)).latest.map((c) => c.id));
    expect((await connectionsOf(serra)).latest.every((c) => !mine.has(c.id))).toBe(true);
    const fresh = await connectionsOf(makeUid(), 'UTC');
    expect(fresh.days.map((d) => d.count)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(fresh.latest).toEqual([]);
    const bad = await call('GET', '/dashboard/connections?tz=Marte%2FOlympus', { as: maria });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: { code: 'validation', message: 'Fuso horário desconhecido.', field: 'tz' } });
  });
});
