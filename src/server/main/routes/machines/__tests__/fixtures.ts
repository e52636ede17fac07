/**
 * Tests' fleet: the demo's seed (the seed of src/seed through `fleetSeed`, the mapping under test) inserted for
 * accounts of the test's own — every id and uid given a suffix, so test files never collide on one database —
 * with the seed's gateways and access history (rows of the devices' tables, written here as the demo has them).
 */
import { env } from 'cloudflare:test';
import { drizzle } from 'drizzle-orm/d1';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { DemoData } from '@/seed/data';
import { buildSeed } from '@/seed';
import { DEMO_CUSTOMER_UID, HOUR, MINUTE, OTHER_ASSEMBLER_UID } from '@/seed/utils';
import { fleetSeed } from '../../../../demo/seed/fleet';
import type { SeedTable } from '../../../../demo/seed/types';
import { searchColumns, sortKey } from '../../../../shared/search';
import { makeUid } from '../../../../testing/api';
import { device, deviceConnection } from '../../../db/device-schema';

export interface SeededFleet {
  maria: string;
  serra: string;
  /** The test's id of a demo id ('machine-1001' → 'machine-1001-k3f9'). */
  id: (demoId: string) => string;
  /** The demo data as seeded (demo ids and uids), to compute what the routes must answer. */
  data: DemoData;
  now: number;
}

const MAX_PARAMS = 100;

async function insertAll(tables: SeedTable[]): Promise<void> {
  const db = drizzle(env.DB);
  const statements = [];
  for (const { table, rows } of tables) {
    if (rows.length === 0) continue;
    const perStatement = Math.max(1, Math.floor(MAX_PARAMS / Object.keys(rows[0] ?? {}).length));
    for (let start = 0; start < rows.length; start += perStatement) {
      statements.push(db.insert(table as SQLiteTable).values(rows.slice(start, start + perStatement)));
    }
  }
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
}

/** The demo's rows with every id, uid and globally unique value suffixed. */
function remap<T>(value: T, suffix: string, uids: Map<string, string>): T {
  if (typeof value === 'string') {
    if (uids.has(value)) return uids.get(value) as T;
    return (/^(customer|machine-model|machine|device|device-connection|order)-\d+$/.test(value) ? `${value}-${suffix}` : value) as T;
  }
  if (Array.isArray(value)) return value.map((item: unknown) => remap(item, suffix, uids)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, remap(field, suffix, uids)])) as T;
  }
  return value;
}

function deviceTables(data: DemoData, suffix: string): SeedTable[] {
  const devices = data.devices
    .filter((record) => record.ownerUid !== null)
    .map((record) => ({
      id: record.id,
      ownerUid: record.ownerUid,
      serialNumber: `${record.serialNumber}-${suffix}`,
      setupCode: `${record.setupCode}-${suffix}`,
      name: record.name,
      hardwareModel: record.hardwareModel,
      firmware: record.firmware,
      status: record.status,
      lastSeenAt: record.lastSeenAt,
      // Unique across every account (and this database is shared by the tests): not needed by the fleet's routes.
      vpnAddress: null,
      machineId: record.machineId,
      orderId: record.orderId,
      nameKey: sortKey(record.name),
      ...searchColumns([record.name, record.serialNumber]),
      version: record.version,
      createdAt: record.createdAt,
      updatedAt: record.updatedAt,
    }));
  return [
    { table: device, rows: devices },
    { table: deviceConnection, rows: data.deviceConnections.map((record) => ({ ...record })) },
  ] as SeedTable[];
}

/**
 * Seeds the demo's fleet (customers, models, machines; with `devices`, the gateways and their sessions too) for
 * two fresh accounts standing for Maria and Serra. Times are anchored 90 minutes back, so no session starts
 * within minutes of a period's edge when the test asks.
 */
export async function seedFleet(options: { devices?: boolean } = {}): Promise<SeededFleet> {
  const now = Date.now() - HOUR - 30 * MINUTE;
  const data = buildSeed({ now });
  const suffix = Math.random().toString(36).slice(2, 8);
  const maria = makeUid('maria');
  const serra = makeUid('serra');
  const mine = remap(data, suffix, new Map([[DEMO_CUSTOMER_UID, maria], [OTHER_ASSEMBLER_UID, serra]]));
  const tables = fleetSeed(mine);
  if (options.devices) tables.push(...deviceTables(mine, suffix));
  else for (const row of tables[2]?.rows ?? []) (row as { deviceId: string | null }).deviceId = null;
  // Tunnel subnets are unique across every account (and this database is shared by the tests): the seed's are
  // checked by fleet-seed.test.ts; the routes allocate their own.
  for (const row of tables[2]?.rows ?? []) Object.assign(row as object, { tunnelSubnet: null, tunnelStart: null, tunnelEnd: null });
  await insertAll(tables);
  return { maria, serra, id: (demoId) => `${demoId}-${suffix}`, data, now };
}
