/**
 * Test helper: the demo's seed in D1 — the builders, machines and gateways the VPN reads (minimal rows written here,
 * so these tests do not depend on the fleet's and devices' seeds) and the VPN's own rows through its SeedSource —
 * the proof that the SeedSource's rows are what the routes answer.
 */
import { getTableColumns } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { env } from 'cloudflare:test';
import { DEMO_HUB, vpnSeed } from '../../demo/seed/vpn';
import type { SeedSource } from '../../demo/seed/types';
import { device } from '../../main/db/device-schema';
import { machine } from '../../main/db/fleet-schema';
import { assembler, idSequence } from '../../shared/db/core-schema';
import { searchColumns, sortKey } from '../../shared/search';
import { networkRange } from '../routes/network';

type DemoData = Parameters<SeedSource>[0];

/** D1 takes at most 100 bound parameters per statement. */
async function insertAll(table: SQLiteTable, rows: Record<string, unknown>[]): Promise<void> {
  const db = drizzle(env.DB);
  // Every column of the table is bound (drizzle sends the ones a row leaves out as their defaults).
  const columns = Math.max(1, Object.keys(getTableColumns(table)).length);
  const size = Math.max(1, Math.floor(100 / columns));
  for (let start = 0; start < rows.length; start += size) {
    await db.insert(table).values(rows.slice(start, start + size) as never);
  }
}

/** Empties the tables it fills (each test file has its own database; its tests share it) and seeds them. */
export async function seedWorld(data: DemoData): Promise<void> {
  await env.DB.batch(
    ['assembler', 'machine', 'device', 'vpn_hub', 'vpn_user', 'vpn_node', 'vpn_route', 'id_sequence'].map((table) => env.DB.prepare(`DELETE FROM ${table}`)),
  );
  await insertAll(
    assembler,
    data.assemblers.map((a) => ({ uid: a.uid, name: a.name, cnpj: a.cnpj, email: a.email, createdAt: a.createdAt, version: 1, updatedAt: a.createdAt })),
  );
  await insertAll(
    machine,
    data.machines.map((m) => ({
      id: m.id,
      ownerUid: m.ownerUid,
      name: m.name,
      serialNumber: m.serialNumber,
      modelId: m.modelId,
      customerId: m.customerId,
      deviceId: m.deviceId,
      site: m.site,
      lanSubnet: m.lanSubnet,
      services: null,
      tunnelSubnet: m.tunnelSubnet ?? null,
      tunnelStart: m.tunnelSubnet ? networkRange(m.tunnelSubnet)[0] : null,
      tunnelEnd: m.tunnelSubnet ? networkRange(m.tunnelSubnet)[1] : null,
      nameKey: sortKey(m.name),
      siteKey: sortKey(m.site),
      ...searchColumns([m.name, m.serialNumber, m.site]),
      version: m.version,
      createdAt: m.createdAt,
      updatedAt: m.updatedAt,
    })),
  );
  await insertAll(
    device,
    data.devices.map((d) => ({
      id: d.id,
      ownerUid: d.ownerUid,
      serialNumber: d.serialNumber,
      setupCode: d.setupCode,
      name: d.name,
      hardwareModel: d.hardwareModel,
      firmware: d.firmware,
      status: d.status,
      lastSeenAt: d.lastSeenAt,
      vpnAddress: d.vpnAddress,
      machineId: d.machineId,
      orderId: d.orderId,
      hubId: d.ownerUid === null ? null : DEMO_HUB.id,
      nameKey: sortKey(d.name),
      ...searchColumns([d.name, d.serialNumber]),
      version: d.version,
      createdAt: d.createdAt,
      updatedAt: d.updatedAt,
    })),
  );
  for (const { table, rows } of vpnSeed(data)) await insertAll(table, rows as Record<string, unknown>[]);
  // Created records never collide with seeded ones.
  await insertAll(
    idSequence,
    Object.entries(data.sequences).map(([kind, next]) => ({ kind, next })),
  );
}
