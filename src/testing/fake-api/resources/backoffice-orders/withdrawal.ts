/**
 * What cancelling a paid order does to its gateways. The gateways a paid order provisioned already belong to the
 * builder, each with a setup code. Those it never put to use (never connected, linked to no machine) are withdrawn:
 * removed from the platform, so their setup codes stop working ("Código não encontrado.") and they leave the
 * builder's Dispositivos and the order's page. Gateways already connected or installed in a machine stay with the
 * builder: they are in use, and taking them away would cut a machine off.
 */
import type { DemoDb, DeviceRecord } from '@/testing/fake-api/db';
import type { OrderRecord } from '@/seed/orders/records';

/** The order's provisioned gateways a cancel would withdraw. */
export function withdrawableDevices(db: DemoDb, order: OrderRecord): DeviceRecord[] {
  if (order.deviceIds.length === 0) return [];
  const ids = new Set(order.deviceIds);
  return db.data.devices.filter(
    (device) => ids.has(device.id) && device.ownerUid === order.ownerUid && device.status === 'never-connected' && device.machineId === null,
  );
}

/** Removes the gateways a cancel withdraws (and unlinks them from the order); returns how many. Does not save. */
export function withdrawDevices(db: DemoDb, order: OrderRecord): number {
  const withdrawn = new Set(withdrawableDevices(db, order).map((device) => device.id));
  if (withdrawn.size === 0) return 0;
  const devices = db.data.devices;
  for (let index = devices.length - 1; index >= 0; index -= 1) {
    const device = devices[index];
    if (device && withdrawn.has(device.id)) devices.splice(index, 1);
  }
  order.deviceIds = order.deviceIds.filter((id) => !withdrawn.has(id));
  return withdrawn.size;
}
