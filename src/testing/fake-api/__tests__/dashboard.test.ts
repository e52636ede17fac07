import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DashboardConnections, DashboardSummary } from '@/contracts/dashboard';
import type { Timestamp } from '@/lib/dates';
import { testDb, TEST_NOW } from '@/testing/msw-server';
import { dashboardConnections } from '../resources/dashboard/handlers';
import { DEMO_CUSTOMER_UID, OTHER_ASSEMBLER_UID } from '@/seed';
import { makeTestToken } from '../token';
import { call } from '@/testing/demo-api';

const maria = makeTestToken({ uid: DEMO_CUSTOMER_UID, email: 'cliente@example.com' });
const serra = makeTestToken({ uid: OTHER_ASSEMBLER_UID, email: 'joao@serra-equipamentos.exemplo.com.br' });
const newcomer = makeTestToken({ uid: 'uid-recem-cadastrado', email: 'nova@exemplo.com.br' });
const DAY = 24 * 60 * 60 * 1000;

async function summaryOf(token: string): Promise<DashboardSummary> {
  const response = await call('/dashboard/summary', { token: token });
  expect(response.status).toBe(200);
  return (await response.json()) as DashboardSummary;
}

async function connectionsOf(token: string, tz = 'America/Sao_Paulo'): Promise<DashboardConnections<Timestamp>> {
  const response = await call(`/dashboard/connections?tz=${encodeURIComponent(tz)}`, { token: token });
  expect(response.status).toBe(200);
  return (await response.json()) as DashboardConnections<Timestamp>;
}

describe('/dashboard', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('401 without a token', async () => {
    expect((await call('/dashboard/summary')).status).toBe(401);
    expect((await call('/dashboard/connections')).status).toBe(401);
  });

  it('summary: the demo builder’s own counts, open orders without entregue and cancelado', async () => {
    const summary = await summaryOf(maria);
    const { data } = testDb();
    const own = <T extends { ownerUid: string | null }>(rows: T[]) => rows.filter((row) => row.ownerUid === DEMO_CUSTOMER_UID);
    const devices = own(data.devices);
    expect(summary).toEqual({
      customers: own(data.customers).length,
      machineModels: own(data.machineModels).length,
      machines: own(data.machines).length,
      devices: {
        total: devices.length,
        online: devices.filter((d) => d.status === 'online').length,
        offline: devices.filter((d) => d.status === 'offline').length,
        neverConnected: devices.filter((d) => d.status === 'never-connected').length,
      },
      // 1003 enviado, 1004 aguardando pagamento, 1006 em separação (1001/1002 entregue, 1007 cancelado, 1005 not hers)
      openOrders: 3,
    });
    expect(summary.customers).toBeGreaterThanOrEqual(45);
    expect(summary.machineModels).toBe(8);
    expect(summary.machines).toBe(60);
    expect(summary.devices.total).toBe(70);
    expect(summary.devices.online).toBeGreaterThan(0);
    expect(summary.devices.offline).toBeGreaterThan(0);
    expect(summary.devices.online + summary.devices.offline + summary.devices.neverConnected).toBe(70);
  });

  it('summary: another builder sees only its own records, a new account all zeros', async () => {
    const other = await summaryOf(serra);
    expect(other.devices).toEqual({ total: 1, online: 1, offline: 0, neverConnected: 0 });
    expect(other.openOrders).toBe(1);
    expect(other.machines).toBe(testDb().data.machines.filter((m) => m.ownerUid === OTHER_ASSEMBLER_UID).length);
    expect(await summaryOf(newcomer)).toEqual({
      customers: 0,
      machineModels: 0,
      machines: 0,
      devices: { total: 0, online: 0, offline: 0, neverConnected: 0 },
      openOrders: 0,
    });
  });

  it('connections: the last 7 calendar days of the time zone, oldest first, counting each start once', async () => {
    const db = testDb().data;
    // Two known starts: one at 01:30 São Paulo today (04:30 UTC), one at 23:30 São Paulo yesterday (02:30 UTC today).
    const todayUtc = Date.UTC(2026, 10, 22);
    db.deviceConnections = db.deviceConnections.filter((c) => c.ownerUid !== DEMO_CUSTOMER_UID);
    const base = { ownerUid: DEMO_CUSTOMER_UID, deviceId: 'device-1001', machineId: null, userName: 'Teste', userEmail: 't@x.com' };
    const extra = { publicIp: '177.1.1.1', bytesIn: 0, bytesOut: 0, version: 1, updatedAt: TEST_NOW };
    db.deviceConnections.push(
      { ...base, ...extra, id: 'device-connection-9001', startedAt: todayUtc + 4.5 * 60 * 60 * 1000, endedAt: null },
      { ...base, ...extra, id: 'device-connection-9002', startedAt: todayUtc + 2.5 * 60 * 60 * 1000, endedAt: null },
      { ...base, ...extra, id: 'device-connection-9003', startedAt: todayUtc - 6 * DAY + 12 * 60 * 60 * 1000, endedAt: null },
      { ...base, ...extra, id: 'device-connection-9004', startedAt: todayUtc - 7 * DAY + 12 * 60 * 60 * 1000, endedAt: null },
    );
    const spDays = dashboardConnections(db, { uid: DEMO_CUSTOMER_UID, memberUid: DEMO_CUSTOMER_UID, role: 'administrador', email: '', admin: false, name: undefined }, 'America/Sao_Paulo', TEST_NOW).days;
    expect(spDays.map((d) => d.date)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
    expect(spDays.map((d) => d.count)).toEqual([1, 0, 0, 0, 0, 1, 1]);
    // In UTC both late starts are today's; the 8-day-old one is still out.
    const utcDays = dashboardConnections(db, { uid: DEMO_CUSTOMER_UID, memberUid: DEMO_CUSTOMER_UID, role: 'administrador', email: '', admin: false, name: undefined }, 'UTC', TEST_NOW).days;
    expect(utcDays.map((d) => d.count)).toEqual([1, 0, 0, 0, 0, 0, 2]);
  });

  it('connections over HTTP: 7 days whose counts match the history, the 5 latest with names, newest first', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(TEST_NOW);
    const body = await connectionsOf(maria);
    expect(body.days.at(-1)?.date).toBe('2026-11-22');
    expect(body.timeZone).toBe('America/Sao_Paulo');
    expect(body.days).toHaveLength(7);
    const own = testDb().data.deviceConnections.filter((c) => c.ownerUid === DEMO_CUSTOMER_UID);
    const dayKey = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' });
    const keys = new Set(body.days.map((d) => d.date));
    const inWindow = own.filter((c) => keys.has(dayKey.format(c.startedAt))).length;
    expect(body.days.reduce((sum, d) => sum + d.count, 0)).toBe(inWindow);
    expect(inWindow).toBeGreaterThan(0);

    expect(body.latest).toHaveLength(5);
    const starts = body.latest.map((c) => c.startedAt.seconds);
    expect([...starts].sort((a, b) => b - a)).toEqual(starts);
    const newest = [...own].sort((a, b) => b.startedAt - a.startedAt)[0];
    expect(body.latest[0]?.id).toBe(newest?.id);
    for (const connection of body.latest) {
      expect(connection.deviceName).toMatch(/^Gateway /);
      expect(connection.userName).not.toBe('');
      expect(connection).not.toHaveProperty('ownerUid');
      expect(connection).not.toHaveProperty('userEmail');
    }
    expect(body.latest.some((c) => c.machineName)).toBe(true);
  });

  it('connections: never another builder’s, none for a new account, 400 for an unknown time zone', async () => {
    const mine = new Set(testDb().data.deviceConnections.filter((c) => c.ownerUid === DEMO_CUSTOMER_UID).map((c) => c.id));
    const other = await connectionsOf(serra);
    expect(other.latest.every((c) => !mine.has(c.id))).toBe(true);
    const fresh = await connectionsOf(newcomer, 'UTC');
    expect(fresh.days.map((d) => d.count)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(fresh.latest).toEqual([]);
    const bad = await call('/dashboard/connections?tz=Marte%2FOlympus', { token: maria });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: 'validation', message: 'Fuso horário desconhecido.', field: 'tz' } });
  });
});
