import { describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { demoDeviceRows } from '../../../demo/seed/devices';
import { call } from '../../../testing/api';
import { device, deviceConnection } from '../../db/device-schema';
import { testDb } from './fixtures';

type Row = { id: string; ownerUid: string | null; status: string; setupCode: string; deviceId?: string; machineId?: string | null };
type Page<T> = { data: T[]; meta: { total: number } };
type Device = { id: string; status: string; machineId: string | null; orderId: string | null; vpnAddress: string | null };

const MAX_PARAMS = 100;

/** The seed's rows inserted as the reset does (multi-row INSERTs under D1's 100 parameters); any earlier copy first removed. */
async function seed() {
  const tables = demoDeviceRows(Date.now() - 60 * 60 * 1000);
  const db = testDb();
  const [devices, connections] = tables.map((table) => table.rows as unknown as Row[]);
  if (!devices || !connections) throw new Error('devicesSeed: two tables expected');
  const ids = devices.map((row) => row.id);
  expect(ids.length).toBeLessThan(MAX_PARAMS);
  await db.delete(device).where(inArray(device.id, ids));
  await db.delete(deviceConnection).where(inArray(deviceConnection.deviceId, ids));
  for (const { table, rows } of tables) {
    const perStatement = Math.floor(MAX_PARAMS / Object.keys(rows[0] ?? {}).length);
    for (let start = 0; start < rows.length; start += perStatement) {
      await db.insert(table as SQLiteTable).values(rows.slice(start, start + perStatement));
    }
  }
  return { devices, connections };
}

describe('the demo seed of the devices (devicesSeed)', () => {
  it('answers the demo builder’s 70 gateways, their history, the other builder’s apart and the unclaimed ones by code', async () => {
    const { devices, connections } = await seed();
    const maria = devices.find((row) => row.id === 'device-1001')?.ownerUid ?? '';
    const serra = devices.find((row) => row.id === 'device-1101')?.ownerUid ?? '';
    expect(maria).not.toBe('');

    const all = await call<Page<Device>>('GET', '/device?perPage=100', { as: maria });
    expect(all.body.meta.total).toBe(70);
    expect(all.body.data.filter((row) => row.machineId !== null)).toHaveLength(50);
    expect(all.body.data.find((row) => row.id === 'device-1001')).toMatchObject({ orderId: 'order-1001', vpnAddress: expect.any(String) });
    const offline = await call<Page<Device>>('GET', '/device?status=offline&perPage=100', { as: maria });
    expect(offline.body.meta.total).toBe(devices.filter((row) => row.ownerUid === maria && row.status === 'offline').length);

    const withHistory = devices.find((row) => connections.filter((c) => c.deviceId === row.id).length >= 4);
    if (!withHistory) throw new Error('seed sem histórico');
    const history = await call<Page<unknown>>('GET', `/device/${withHistory.id}/connections`, { as: maria });
    expect(history.body.meta.total).toBe(connections.filter((c) => c.deviceId === withHistory.id).length);

    expect((await call('GET', '/device/device-1101', { as: maria })).status).toBe(404);
    expect((await call('GET', '/device/device-1101', { as: serra })).status).toBe(200);
    // tests/e2e/devices.spec.ts uses the other builder's code.
    const taken = await call('GET', '/device/setup/PNT-DTP6-FFV9-K98Q', { as: maria });
    expect(taken.status).toBe(404);

    const unclaimed = devices.filter((row) => row.ownerUid === null).map((row) => row.setupCode);
    expect(unclaimed).toEqual(['PNT-7K2M-4Q9X-3FJD', 'PNT-H3VD-8RWA-6PCE', 'PNT-5ZBE-K6TN-9M1S']);
    const lookup = await call<{ ownedByYou: boolean; device: { status: string } }>('GET', '/device/setup/pnt-7k2m-4q9x-3fjd', { as: maria });
    expect(lookup.body).toMatchObject({ ownedByYou: false, device: { status: 'never-connected' } });
  });
});
