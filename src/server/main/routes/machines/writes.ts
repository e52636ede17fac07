/**
 * /machine's writes besides the row itself: what a model, customer or gateway chosen in the form must be (the
 * caller's, still there; a gateway held by another machine only with `moveDevice`), and the statements that
 * install a gateway (taking it from the machine that had it, freeing the one the machine had before) or free it
 * when the machine is deleted — run in the same batch as the machine's own write.
 */
import { and, eq, isNull, ne, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import {
  DEVICE_IN_USE_CODE,
  deviceInUseMessage,
  MACHINE_CUSTOMER_GONE_MESSAGE,
  MACHINE_DEVICE_GONE_MESSAGE,
  MACHINE_MODEL_GONE_MESSAGE,
  type MachineInput,
} from '@/contracts/machine';
import type { Db } from '../../../shared/app-env';
import { conflict } from '../../../shared/errors';
import { vpnUser } from '../../../vpn/db/vpn-schema';
import { device } from '../../db/device-schema';
import { customer, machine, machineModel } from '../../db/fleet-schema';
import type { DeviceSummary } from './queries';
import { bumped } from './sort';

/** What the write's answer needs from the chosen records. */
export interface Chosen {
  modelName: string;
  modelServices: string;
  customerName: string;
  device: DeviceSummary | null;
}

/** The chosen model, customer and gateway, or the 409 (on the field) that refuses them. */
export async function checkChoices(db: Db, owner: string, input: MachineInput, machineId: string | null): Promise<Chosen> {
  const [models, customers, devices, holders] = await db.batch([
    db
      .select({ name: machineModel.name, services: machineModel.services })
      .from(machineModel)
      .where(and(eq(machineModel.ownerUid, owner), eq(machineModel.id, input.modelId)))
      .limit(1),
    db
      .select({ name: customer.name })
      .from(customer)
      .where(and(eq(customer.ownerUid, owner), eq(customer.id, input.customerId)))
      .limit(1),
    db
      .select({ id: device.id, name: device.name, serialNumber: device.serialNumber, status: device.status, lastSeenAt: device.lastSeenAt })
      .from(device)
      .where(and(eq(device.ownerUid, owner), eq(device.id, input.deviceId ?? '')))
      .limit(1),
    db
      .select({ name: machine.name })
      .from(machine)
      .where(
        and(
          eq(machine.ownerUid, owner),
          eq(machine.deviceId, input.deviceId ?? ''),
          machineId === null ? undefined : ne(machine.id, machineId),
        ),
      )
      .limit(1),
  ]);
  const model = models[0];
  if (!model) throw conflict('model-not-found', MACHINE_MODEL_GONE_MESSAGE, { field: 'modelId' });
  const client = customers[0];
  if (!client) throw conflict('customer-not-found', MACHINE_CUSTOMER_GONE_MESSAGE, { field: 'customerId' });
  let chosenDevice: DeviceSummary | null = null;
  if (input.deviceId) {
    chosenDevice = devices[0] ?? null;
    if (!chosenDevice) throw conflict('device-not-found', MACHINE_DEVICE_GONE_MESSAGE, { field: 'deviceId' });
    const holder = holders[0];
    if (holder && input.moveDevice !== true) throw conflict(DEVICE_IN_USE_CODE, deviceInUseMessage(holder.name), { field: 'deviceId' });
  }
  return { modelName: model.name, modelServices: model.services, customerName: client.name, device: chosenDevice };
}

/**
 * Installs `deviceId` (or none) on the machine that had `previous`: frees `previous` if it still points at the
 * machine, takes the gateway from any other machine, and points the gateway at this one. Every statement also
 * carries `guard` (the machine's version check of an update), so a stale update changes nothing.
 */
export function attachDevice(
  db: Db,
  owner: string,
  machineId: string,
  deviceId: string | null,
  previous: string | null,
  now: number,
  guard?: SQL,
): BatchItem<'sqlite'>[] {
  const writes: BatchItem<'sqlite'>[] = [];
  if (previous && previous !== deviceId) {
    writes.push(
      db
        .update(device)
        .set({ machineId: null, ...bumped(device.version, device.updatedAt, now) })
        .where(and(eq(device.ownerUid, owner), eq(device.id, previous), eq(device.machineId, machineId), guard)),
    );
  }
  if (deviceId) {
    writes.push(
      db
        .update(machine)
        .set({ deviceId: null, ...bumped(machine.version, machine.updatedAt, now) })
        .where(and(eq(machine.ownerUid, owner), eq(machine.deviceId, deviceId), ne(machine.id, machineId), guard)),
      db
        .update(device)
        .set({ machineId, ...bumped(device.version, device.updatedAt, now) })
        .where(
          and(
            eq(device.ownerUid, owner),
            eq(device.id, deviceId),
            or(isNull(device.machineId), ne(device.machineId, machineId)),
            guard,
          ),
        ),
    );
  }
  return writes;
}

/**
 * After the machine's DELETE in the same batch: its gateway freed and the machine taken out of the VPN users that
 * reached it — only if the machine is gone by then (a stale or refused delete changes nothing).
 */
export function releaseMachine(db: Db, owner: string, machineId: string, now: number): BatchItem<'sqlite'>[] {
  const gone = notExists(
    db
      .select({ id: machine.id })
      .from(machine)
      .where(and(eq(machine.ownerUid, owner), eq(machine.id, machineId))),
  );
  return [
    db
      .update(device)
      .set({ machineId: null, ...bumped(device.version, device.updatedAt, now) })
      .where(and(eq(device.ownerUid, owner), eq(device.machineId, machineId), gone)),
    db
      .update(vpnUser)
      .set({
        machineIds: sql`(SELECT json_group_array(value) FROM (SELECT value FROM json_each(${vpnUser.machineIds}) WHERE value <> ${machineId} ORDER BY key))`,
        ...bumped(vpnUser.version, vpnUser.updatedAt, now),
      })
      .where(
        and(
          eq(vpnUser.ownerUid, owner),
          sql`EXISTS (SELECT 1 FROM json_each(${vpnUser.machineIds}) WHERE value = ${machineId})`,
          gone,
        ),
      ),
  ];
}
