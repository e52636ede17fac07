/**
 * The demo's gateways and their connection history as rows: the builder's (installed and spare), the other
 * builder's, and the ones nobody has claimed yet (owner NULL), with the sort key and search texts /device writes.
 * The seed has no WireGuard keys: a gateway gets its key pair on its first configuration download. Every gateway
 * with an owner is on the demo's hub (./vpn.ts `DEMO_HUB`); the unclaimed ones get theirs when they are claimed.
 */
import type { DemoData } from '@/seed/data';
import { buildSeed } from '@/seed';
import { device, deviceConnection } from '../../main/db/device-schema';
import { deviceDerivedColumns } from '../../main/routes/devices/queries';
import { seedTable, type SeedSource, type SeedTable } from './types';
import { DEMO_HUB } from './vpn';

export const devicesSeed: SeedSource = (data: DemoData) => [
  seedTable(
    device,
    data.devices.map((record) => ({
      id: record.id,
      ownerUid: record.ownerUid,
      serialNumber: record.serialNumber,
      setupCode: record.setupCode,
      name: record.name,
      hardwareModel: record.hardwareModel,
      firmware: record.firmware,
      status: record.status,
      lastSeenAt: record.lastSeenAt,
      vpnAddress: record.vpnAddress,
      machineId: record.machineId,
      orderId: record.orderId,
      wgPublicKey: null,
      wgKeyRotatedAt: null,
      comesOnlineAt: record.comesOnlineAt ?? null,
      hubId: record.ownerUid === null ? null : DEMO_HUB.id,
      ...deviceDerivedColumns(record),
      version: record.version,
      createdAt: record.createdAt,
      updatedAt: record.updatedAt,
    })),
  ),
  seedTable(
    deviceConnection,
    data.deviceConnections.map((record) => ({
      id: record.id,
      ownerUid: record.ownerUid,
      deviceId: record.deviceId,
      machineId: record.machineId,
      userName: record.userName,
      userEmail: record.userEmail,
      startedAt: record.startedAt,
      endedAt: record.endedAt,
      publicIp: record.publicIp,
      bytesIn: record.bytesIn,
      bytesOut: record.bytesOut,
      version: record.version,
      updatedAt: record.updatedAt,
    })),
  ),
];

/** The demo seed's device rows for a given `now` (the seed's anchor): the mapping, for tests outside this folder. */
export function demoDeviceRows(now: number): SeedTable[] {
  return devicesSeed(buildSeed({ now }));
}
