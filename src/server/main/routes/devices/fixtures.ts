/** Test fixtures of /device: gateways and machines written straight to D1 (no route creates a gateway). */
import { env } from 'cloudflare:test';
import { drizzle } from 'drizzle-orm/d1';
import { newSetupCode } from '@/contracts/device';
import { searchColumns, sortKey } from '../../../shared/search';
import { device, deviceConnection } from '../../db/device-schema';
import { machine } from '../../db/fleet-schema';
import { deviceDerivedColumns } from './queries';

export const testDb = () => drizzle(env.DB);

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter += 1)}${Math.random().toString(36).slice(2, 6)}`;

/** A random `PNT-XXXX-XXXX-XXXX`. */
export const randomSetupCode = newSetupCode;

type DeviceInsert = typeof device.$inferInsert;

export async function insertDevice(owner: string | null, fields: Partial<DeviceInsert> = {}): Promise<DeviceInsert & { id: string }> {
  const now = Date.now();
  const base = {
    id: `device-t${unique()}`,
    ownerUid: owner,
    serialNumber: `PG1-T${unique().toUpperCase()}`,
    setupCode: randomSetupCode(),
    name: 'Gateway de teste',
    hardwareModel: 'Ponte G1 4G',
    firmware: '2.5.0',
    status: 'online' as const,
    lastSeenAt: now - 60_000,
    vpnAddress: null,
    machineId: null,
    orderId: null,
    version: 1,
    createdAt: now,
    updatedAt: now,
    ...fields,
  };
  const row = { ...base, ...deviceDerivedColumns(base) };
  await testDb().insert(device).values(row);
  return row;
}

export async function insertMachine(owner: string, fields: { name?: string; deviceId?: string | null; lanSubnet?: string } = {}) {
  const now = Date.now();
  const name = fields.name ?? `Injetora ${unique()}`;
  const row = {
    id: `machine-t${unique()}`,
    ownerUid: owner,
    name,
    serialNumber: `SN-${unique()}`,
    modelId: 'machine-model-t',
    customerId: null,
    deviceId: fields.deviceId ?? null,
    site: '',
    lanSubnet: fields.lanSubnet ?? '',
    services: null,
    nameKey: sortKey(name),
    siteKey: '',
    ...searchColumns([name]),
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
  await testDb().insert(machine).values(row);
  return row;
}

/** A gateway installed on a machine (both sides pointing at each other). */
export async function insertInstalledDevice(owner: string, fields: Partial<DeviceInsert> = {}) {
  const deviceId = fields.id ?? `device-t${unique()}`;
  const host = await insertMachine(owner, { deviceId });
  const gateway = await insertDevice(owner, { ...fields, id: deviceId, machineId: host.id });
  return { device: gateway, machine: host };
}

export async function insertConnection(owner: string, deviceId: string, startedAt: number) {
  await testDb()
    .insert(deviceConnection)
    .values({
      id: `device-connection-t${unique()}`,
      ownerUid: owner,
      deviceId,
      machineId: null,
      userName: 'Carlos Técnico',
      userEmail: 'carlos@example.com',
      startedAt,
      endedAt: startedAt + 60_000,
      publicIp: '177.40.1.2',
      bytesIn: 10,
      bytesOut: 20,
      version: 1,
      updatedAt: startedAt,
    });
}
