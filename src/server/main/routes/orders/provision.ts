/**
 * Provisioning: an order that becomes paid gets one device per gateway unit, owned by the buyer, never connected,
 * with a unique setup code (`PNT-XXXX-XXXX-XXXX`, 60 crypto-random bits: codes are claim secrets) and serial number (the
 * factory's `PG1-27xxxx` series, from the order's number), linked back to the order, on the least loaded VPN hub
 * (issue 34: its peer is on the hub before its first connection; none while no hub exists). The rows are worked out
 * here; they are inserted in the same batch as the order's status change.
 */
import { and, gte, inArray, lte, sql } from 'drizzle-orm';
import { newSetupCode } from '@/contracts/device';
import { orderLabel } from '@/contracts/order';
import type { Db } from '../../../shared/app-env';
import { device } from '../../db/device-schema';
import { leastLoadedHub } from '../../../vpn/routes/hubs/assign';
import { deviceDerivedColumns } from '../devices/queries';

/** Firmware new gateways leave the factory with. */
export const PROVISIONED_FIRMWARE = '2.5.0';

export type DeviceInsert = typeof device.$inferInsert;

/** What provisioning needs of an order line. */
export interface ProvisionLine {
  kind: string;
  quantity: number;
  name: string;
  /** The product's hardware model (null: worked out from the line's name). */
  hardwareModel: string | null;
}

/** `n` consecutive readable ids of a kind (`device-1042`…), taken in one statement. */
export async function reserveIds(db: Db, kind: string, n: number): Promise<string[]> {
  if (n <= 0) return [];
  const first = 1001;
  const row = await db.get<{ next: number }>(
    sql`INSERT INTO id_sequence (kind, next) VALUES (${kind}, ${first + n - 1})
        ON CONFLICT(kind) DO UPDATE SET next = next + ${n} RETURNING next`,
  );
  return Array.from({ length: n }, (_, index) => `${kind}-${row.next - n + 1 + index}`);
}

/** Setup codes no device has (checked against the unique index's column; a clash is re-drawn). */
async function freshSetupCodes(db: Db, n: number): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < n) {
    const drawn = new Set<string>();
    while (drawn.size < n - codes.size) {
      const code = newSetupCode();
      if (!codes.has(code)) drawn.add(code);
    }
    const list = [...drawn];
    for (let index = 0; index < list.length; index += 90) {
      const taken = await db
        .select({ code: device.setupCode })
        .from(device)
        .where(inArray(device.setupCode, list.slice(index, index + 90)));
      for (const { code } of taken) drawn.delete(code);
    }
    for (const code of drawn) codes.add(code);
  }
  return [...codes];
}

/** Serial numbers from the order's place in the series, skipping the ones already made. */
async function freshSerials(db: Db, orderNumber: number, n: number): Promise<string[]> {
  const start = 270_000 + orderNumber * 100;
  const label = (value: number) => `PG1-${value}`;
  // Serial numbers are unique across all devices (every account's): only the numbers are read.
  const taken = await db
    .select({ serial: device.serialNumber })
    .from(device)
    .where(and(gte(device.serialNumber, label(start)), lte(device.serialNumber, label(start + n + 1000))));
  const used = new Set(taken.map((row) => row.serial));
  const serials: string[] = [];
  for (let serial = start; serials.length < n; serial += 1) {
    if (!used.has(label(serial))) serials.push(label(serial));
  }
  return serials;
}

/** The devices an order provisions once paid (none without gateways). */
export async function provisionRows(
  db: Db,
  order: { id: string; ownerUid: string; number: number },
  lines: readonly ProvisionLine[],
  at: number,
): Promise<DeviceInsert[]> {
  const units = lines.filter((line) => line.kind === 'gateway').flatMap((line) =>
    Array.from({ length: line.quantity }, () => line.hardwareModel ?? line.name.replace(/^Gateway\s+/, '')),
  );
  if (units.length === 0) return [];
  const [ids, serials, codes, hubId] = await Promise.all([
    reserveIds(db, 'device', units.length),
    freshSerials(db, order.number, units.length),
    freshSetupCodes(db, units.length),
    leastLoadedHub(db),
  ]);
  return units.map((hardwareModel, index) => {
    const name = `Gateway ${hardwareModel} ${orderLabel(order)}-${String(index + 1).padStart(2, '0')}`;
    const serialNumber = serials[index] ?? '';
    const setupCode = codes[index] ?? '';
    return {
      id: ids[index] ?? '',
      ownerUid: order.ownerUid,
      serialNumber,
      setupCode,
      name,
      hardwareModel,
      firmware: PROVISIONED_FIRMWARE,
      status: 'never-connected',
      lastSeenAt: null,
      vpnAddress: null,
      machineId: null,
      orderId: order.id,
      comesOnlineAt: null,
      hubId,
      ...deviceDerivedColumns({ serialNumber, name, setupCode }),
      version: 1,
      createdAt: at,
      updatedAt: at,
    };
  });
}
