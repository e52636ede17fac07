/**
 * The fake's online/offline transitions of the gateways: GET /device/:id's `statusHistory` (issue 34), newest first,
 * {@link DEVICE_STATUS_HISTORY_SIZE} at most. The seed records no transitions, so a connected gateway of the seed
 * gets a small history made from its record (the same one on every request): online ones came back a few hours ago
 * after a short outage, offline ones went silent {@link GATEWAY_ONLINE_WINDOW_MS} after they were last seen. A
 * never-connected gateway has none. What the fake records itself (a gateway coming online after its configuration
 * download) or a test sets ({@link setDeviceStatusHistory}) is kept per record and wins; a reset of the database
 * makes new records, and so forgets it.
 */
import { DEVICE_STATUS_HISTORY_SIZE, type DeviceStatusChange } from '@/contracts/device';
import { GATEWAY_ONLINE_WINDOW_MS } from '@/contracts/hub';
import type { DeviceRecord } from '@/testing/fake-api/db';

export interface DeviceStatusEventRecord {
  status: DeviceStatusChange;
  /** Epoch milliseconds (serialized as `{ seconds, nanos }`). */
  changedAt: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const recorded = new WeakMap<DeviceRecord, DeviceStatusEventRecord[]>();

/** A small number of the device's own (its id's digits), so that each gateway has its own history. */
function spreadOf(device: DeviceRecord): number {
  let sum = 0;
  for (const char of device.id) sum = (sum * 31 + char.charCodeAt(0)) % 9973;
  return sum;
}

/** The history a seeded gateway is shown with (see the module's comment). */
export function seededStatusHistory(device: DeviceRecord): DeviceStatusEventRecord[] {
  if (device.status === 'never-connected' || device.lastSeenAt === null) return [];
  const spread = spreadOf(device);
  if (device.status === 'online') {
    const backOnline = device.lastSeenAt - (3 + (spread % 20)) * HOUR - (spread % 60) * MINUTE;
    const wentOffline = backOnline - (10 + (spread % 50)) * MINUTE;
    const firstOnline = wentOffline - (2 + (spread % 5)) * DAY;
    return [
      { status: 'online', changedAt: backOnline },
      { status: 'offline', changedAt: wentOffline },
      { status: 'online', changedAt: firstOnline },
    ];
  }
  const wentOffline = device.lastSeenAt + GATEWAY_ONLINE_WINDOW_MS;
  const cameOnline = device.lastSeenAt - (1 + (spread % 6)) * DAY - (spread % 60) * MINUTE;
  return [
    { status: 'offline', changedAt: wentOffline },
    { status: 'online', changedAt: cameOnline },
  ];
}

/** The device's transitions, newest first: what was recorded for it, or the seed's. */
export function deviceStatusHistory(device: DeviceRecord): DeviceStatusEventRecord[] {
  return (recorded.get(device) ?? seededStatusHistory(device)).slice(0, DEVICE_STATUS_HISTORY_SIZE);
}

/** Records a transition (the gateway came online, went silent), newest first: call it before the record changes. */
export function recordStatusChange(device: DeviceRecord, status: DeviceStatusChange, changedAt: number): void {
  recorded.set(device, [{ status, changedAt }, ...deviceStatusHistory(device)].slice(0, DEVICE_STATUS_HISTORY_SIZE));
}

/** Replaces the device's history (tests: none recorded yet, or a known one). Newest first, as the API answers. */
export function setDeviceStatusHistory(device: DeviceRecord, history: readonly DeviceStatusEventRecord[]): void {
  recorded.set(device, history.slice(0, DEVICE_STATUS_HISTORY_SIZE));
}
