/** The SQL of installing a gateway on a machine (both sides: device.machine_id and machine.device_id). */
import { and, eq, exists, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../../shared/app-env';
import { device } from '../../db/device-schema';
import { machine } from '../../db/fleet-schema';
import type { DeviceJson } from './queries';

export interface MachineSide {
  id: string;
  name: string;
  deviceId: string | null;
  lanSubnet: string;
}

export async function findOwnedMachine(db: Db, owner: string, id: string): Promise<MachineSide | null> {
  const [found] = await db
    .select({ id: machine.id, name: machine.name, deviceId: machine.deviceId, lanSubnet: machine.lanSubnet })
    .from(machine)
    .where(and(eq(machine.ownerUid, owner), eq(machine.id, id)))
    .limit(1);
  return found ?? null;
}

export async function findOwnedDevice(db: Db, owner: string, id: string): Promise<{ id: string; name: string } | null> {
  const [found] = await db
    .select({ id: device.id, name: device.name })
    .from(device)
    .where(and(eq(device.ownerUid, owner), eq(device.id, id)))
    .limit(1);
  return found ?? null;
}

export interface LinkPlan {
  device: DeviceJson;
  /** The machine the device is on now (if any). */
  previous: MachineSide | null;
  /** The machine it goes to (null: removed). */
  target: MachineSide | null;
  /** The other gateway the target machine holds, taken off it (`move`). */
  holder: { id: string } | null;
  now: number;
}

/**
 * The batch: first the device (guarded by the version read; it returns the row when it changed), then the other
 * records touched, each guarded by the device having just been changed by this batch (its new version and time),
 * so nothing else moves when the device update found a newer version. Every touched record gets a new version.
 */
export function linkWrites(db: Db, owner: string, plan: LinkPlan) {
  const { device: current, previous, target, holder, now } = plan;
  const stamp = Math.max(now, current.updatedAt + 1);
  const touched = (column: typeof device.updatedAt | typeof machine.updatedAt) => sql`MAX(${now}, ${column} + 1)`;
  const changedByThisBatch = exists(
    db
      .select({ one: sql`1` })
      .from(device)
      .where(
        and(eq(device.ownerUid, owner), eq(device.id, current.id), eq(device.version, current.version + 1), eq(device.updatedAt, stamp)),
      ),
  );

  const first = db
    .update(device)
    .set({ machineId: target?.id ?? null, version: sql`${device.version} + 1`, updatedAt: stamp })
    .where(and(eq(device.ownerUid, owner), eq(device.id, current.id), eq(device.version, current.version)))
    .returning({ id: device.id });

  const rest: BatchItem<'sqlite'>[] = [];
  if (holder && target) {
    rest.push(
      db
        .update(device)
        .set({ machineId: null, version: sql`${device.version} + 1`, updatedAt: touched(device.updatedAt) })
        .where(and(eq(device.ownerUid, owner), eq(device.id, holder.id), eq(device.machineId, target.id), changedByThisBatch)),
    );
  }
  if (previous && previous.id !== target?.id && previous.deviceId === current.id) {
    rest.push(
      db
        .update(machine)
        .set({ deviceId: null, version: sql`${machine.version} + 1`, updatedAt: touched(machine.updatedAt) })
        .where(and(eq(machine.ownerUid, owner), eq(machine.id, previous.id), eq(machine.deviceId, current.id), changedByThisBatch)),
    );
  }
  if (target) {
    rest.push(
      db
        .update(machine)
        .set({ deviceId: current.id, version: sql`${machine.version} + 1`, updatedAt: touched(machine.updatedAt) })
        .where(and(eq(machine.ownerUid, owner), eq(machine.id, target.id), changedByThisBatch)),
    );
  }
  return { first, rest, changedByThisBatch };
}
