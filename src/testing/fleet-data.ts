/**
 * Arranging and reading the fleet's data of the unit tests' backend (src/testing/workers) directly in its database:
 * what no route of the API sets (a gateway's recorded online/offline transitions) or shows whole.
 */
import type { DeviceStatus } from '@/contracts/device';
import { testSql } from './msw-server';

/** A row of `device` (migrations/0003_devices.sql, 0014_hubs.sql), the columns tests look at. */
export interface DeviceRow {
  id: string;
  owner_uid: string | null;
  name: string;
  serial_number: string;
  setup_code: string;
  status: DeviceStatus;
  last_seen_at: number | null;
  machine_id: string | null;
}

const DEVICE_COLUMNS = 'id, owner_uid, name, serial_number, setup_code, status, last_seen_at, machine_id';

/** The gateways matching `where` (an SQL condition on `device`), in id order. */
export function storedDevices(where: string, params: unknown[] = []): Promise<DeviceRow[]> {
  return testSql<DeviceRow>(`SELECT ${DEVICE_COLUMNS} FROM device WHERE ${where} ORDER BY id`, params);
}

/** The first gateway (by id) matching `where`; throws if the seed has none. */
export async function storedDevice(where: string, params: unknown[] = []): Promise<DeviceRow> {
  const [device] = await storedDevices(where, params);
  if (!device) throw new Error(`no device in the seed where ${where} (${JSON.stringify(params)})`);
  return device;
}

/** A recorded online/offline transition of a gateway (`device_status_event`); `changedAt` in epoch ms. */
export interface StatusChange {
  status: 'online' | 'offline';
  changedAt: number;
}

/** Replaces the gateway's recorded transitions by `history` (any order; the API answers newest first). */
export async function arrangeDeviceStatusHistory(
  device: { id: string; owner_uid: string | null },
  history: readonly StatusChange[],
): Promise<void> {
  await testSql('DELETE FROM device_status_event WHERE device_id = ?', [device.id]);
  for (const [index, change] of history.entries()) {
    await testSql('INSERT INTO device_status_event (id, owner_uid, device_id, status, at) VALUES (?, ?, ?, ?, ?)', [
      `test-dse-${device.id}-${index}`,
      device.owner_uid,
      device.id,
      change.status,
      change.changedAt,
    ]);
  }
}
