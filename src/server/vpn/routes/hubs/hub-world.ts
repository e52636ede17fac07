/**
 * Test helper: a small world for the hub's routes — hubs, gateways on them, machines with tunnel subnets, VPN users
 * and remote-access sessions — written straight into D1 (each test file has its own database).
 */
import { env } from 'cloudflare:test';
import { drizzle } from 'drizzle-orm/d1';
import { device } from '../../../main/db/device-schema';
import { machine } from '../../../main/db/fleet-schema';
import { remoteAccessSession } from '../../../main/db/remote-access-schema';
import { vpnHub, vpnUser } from '../../db/vpn-schema';
import { networkRange } from '../network';

export const OWNER = 'builder-hub';
/** A valid WireGuard key made of one byte repeated (fill < 256), or of a number (distinct for 0 … 65 535). */
export const makeWgKey = (n: number) => {
  const bytes = new Uint8Array(32);
  bytes[0] = n % 256;
  bytes[1] = Math.floor(n / 256) % 256;
  bytes[31] = 1;
  return btoa(String.fromCharCode(...bytes));
};

const db = () => drizzle(env.DB);

export async function clearWorld(): Promise<void> {
  await env.DB.batch(
    ['vpn_hub', 'device', 'machine', 'vpn_user', 'remote_access_session', 'remote_access_event', 'device_status_event'].map((table) =>
      env.DB.prepare(`DELETE FROM ${table}`),
    ),
  );
}

export async function insertHub(id: string, extra: Partial<typeof vpnHub.$inferInsert> = {}): Promise<void> {
  const now = Date.now();
  await db()
    .insert(vpnHub)
    .values({ id, name: id, region: 'sa-east-1', endpointHost: '127.0.0.1', endpointPort: 51820, peerCount: 0, version: 1, createdAt: now, updatedAt: now, ...extra });
}

export async function insertGateway(id: string, extra: Partial<typeof device.$inferInsert> = {}): Promise<void> {
  const now = Date.now();
  await db()
    .insert(device)
    .values({
      id,
      ownerUid: OWNER,
      serialNumber: `SN-${id}`,
      setupCode: `CODE-${id}`,
      name: id,
      hardwareModel: 'PG-100',
      firmware: '1.0',
      status: 'never-connected',
      nameKey: id,
      search: id,
      searchCompact: id,
      version: 1,
      createdAt: now,
      updatedAt: now,
      ...extra,
    });
}

export async function insertMachine(id: string, deviceId: string, tunnelSubnet: string | null): Promise<void> {
  const now = Date.now();
  const range = tunnelSubnet ? networkRange(tunnelSubnet) : null;
  await db()
    .insert(machine)
    .values({
      id,
      ownerUid: OWNER,
      name: id,
      serialNumber: `M-${id}`,
      modelId: 'model-1',
      deviceId,
      site: 'Fábrica',
      lanSubnet: '192.168.0.0/24',
      tunnelSubnet,
      tunnelStart: range?.[0] ?? null,
      tunnelEnd: range?.[1] ?? null,
      nameKey: id,
      siteKey: 'fabrica',
      search: id,
      searchCompact: id,
      version: 1,
      createdAt: now,
      updatedAt: now,
    });
}

export async function insertUser(id: string, machineIds: string[], extra: Partial<typeof vpnUser.$inferInsert> = {}): Promise<void> {
  const now = Date.now();
  await db()
    .insert(vpnUser)
    .values({
      id,
      ownerUid: OWNER,
      name: id,
      email: `${id}@example.com`,
      enabled: true,
      machineIds,
      nameKey: id,
      search: id,
      searchCompact: id,
      version: 1,
      createdAt: now,
      updatedAt: now,
      ...extra,
    });
}

export async function insertSession(id: string, extra: Partial<typeof remoteAccessSession.$inferInsert> = {}): Promise<void> {
  const now = Date.now();
  await db()
    .insert(remoteAccessSession)
    .values({
      id,
      ownerUid: OWNER,
      machineId: 'machine-1',
      machineName: 'Máquina 1',
      deviceId: 'device-1',
      requesterUid: `eng-${id}`,
      requesterName: 'Engenheiro',
      requesterEmail: 'eng@example.com',
      reason: 'Ajuste',
      durationHours: 1,
      services: [
        { name: 'IHM', protocol: 'http', port: 80 },
        { name: 'CLP', protocol: 'modbus', port: 502 },
      ],
      lanSubnet: '192.168.0.0/24',
      status: 'active',
      windowStart: now - 60_000,
      windowEnd: now + 3_600_000,
      tunnelAddress: '10.86.0.9',
      version: 1,
      createdAt: now,
      updatedAt: now,
      ...extra,
    });
}
