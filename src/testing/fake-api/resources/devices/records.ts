/**
 * The demo database's gateways and their connection history: see `Device` and `DeviceConnection` in
 * src/contracts/device.ts. The record types still live in db.ts (with the seed in seed.ts); this module is the
 * devices resource's own view of them.
 */
import type { DemoDb, DeviceRecord } from '@/testing/fake-api/db';
import { recordStatusChange } from './status-history';

export type { DeviceConnectionRecord, DeviceRecord } from '@/testing/fake-api/db';

/** How long after its VPN configuration is downloaded a never-connected gateway of the demo comes online. */
export const DEVICE_ONLINE_DELAY_MS = 8000;

/** The demo's VPN network: every gateway gets an address in 10.88.0.0/16 (10.88.0.1 is the VPN server). */
export const VPN_NETWORK = '10.88.0.0/16';
export const VPN_SERVER_ADDRESS = '10.88.0.1';

/**
 * Gateways whose configuration was downloaded come online once their time has come (`comesOnlineAt`): status
 * online, last seen then, the transition recorded in its status history. Telemetry, not an edit: the version stays, so no form open on the device gets a
 * conflict because the gateway connected. Returns whether anything changed.
 */
export function settleDevices(db: DemoDb, now = Date.now()): boolean {
  let changed = false;
  for (const device of db.data.devices) {
    const at = device.comesOnlineAt;
    if (typeof at !== 'number' || at > now) continue;
    // Recorded before the status changes: the history so far is the never-connected one's (none).
    recordStatusChange(device, 'online', at);
    device.status = 'online';
    device.lastSeenAt = at;
    device.comesOnlineAt = null;
    changed = true;
  }
  if (changed) db.save();
  return changed;
}

/** The first free address of the demo VPN (10.88.x.y, y from 10 to 254) for a gateway that has none yet. */
export function nextVpnAddress(devices: readonly DeviceRecord[]): string {
  const taken = new Set(devices.map((device) => device.vpnAddress).filter((address): address is string => Boolean(address)));
  for (let third = 0; third < 256; third += 1) {
    for (let fourth = 10; fourth < 255; fourth += 1) {
      const address = `10.88.${third}.${fourth}`;
      if (!taken.has(address)) return address;
    }
  }
  return '10.88.255.254';
}
