/**
 * How an order moves: every status change goes through `moveOrder` (a timeline entry with who and when, version
 * bumped), and an order that becomes paid provisions its gateways: one device per unit, owned by the buyer, never
 * connected, with a unique setup code (`PNT-XXXX-XXXX-XXXX`) and serial number, linked back to the order. The back
 * office moves orders on (Em separação, Enviado, Entregue) through the same function.
 *
 * The demo payment platform confirms a Pix or boleto payment {@link PAYMENT_CONFIRMATION_DELAY_MS} after the buyer
 * says it was made: `settleOrders` runs on every order, device and dashboard request and applies what is due.
 */
import type { NotificationSubject } from '@/contracts/backoffice-search';
import { pushNotification } from '../notifications/records';
import { newSetupCode } from '@/contracts/device';
import { orderLabel, type OrderActor } from '@/contracts/order';
import { PAYMENT_KIND_LABELS, type OrderStatus } from '@/contracts/commerce';
import type { DemoDb, DeviceRecord } from '@/testing/fake-api/db';
import { formatBRL } from '@/lib/money';
import { PAID_NOTES, PAYMENT_PLATFORM_ACTOR } from '@/contracts/payments/platform';
import type { OrderRecord } from '@/seed/orders/records';

/** Firmware the demo's new gateways leave the factory with. */
export const PROVISIONED_FIRMWARE = '2.5.0';

/** A setup code no device has yet. */
export function uniqueSetupCode(taken: ReadonlySet<string>): string {
  for (;;) {
    const code = newSetupCode();
    if (!taken.has(code)) return code;
  }
}

/** Staff notifications (the back office's bell), linking to the record they are about. */
export function notifyStaff(
  db: DemoDb,
  title: string,
  message: string,
  now = Date.now(),
  subject: NotificationSubject | null = null,
): void {
  pushNotification(db, { title, message, subject }, now);
}

function gatewayUnits(order: OrderRecord): number {
  return order.items.filter((item) => item.kind === 'gateway').reduce((sum, item) => sum + item.quantity, 0);
}

/**
 * Creates the order's devices (once: an order that already has them keeps them). Serial numbers continue the
 * factory's `PG1-27xxxx` series; names say which order and unit each one is.
 */
export function provisionOrder(db: DemoDb, order: OrderRecord, now: number): DeviceRecord[] {
  if (order.deviceIds.length > 0) return [];
  const devices = db.data.devices;
  const codes = new Set(devices.map((device) => device.setupCode));
  const serials = new Set(devices.map((device) => device.serialNumber));
  let serial = 270_000 + order.number * 100;
  const created: DeviceRecord[] = [];
  for (const item of order.items) {
    if (item.kind !== 'gateway') continue;
    const product = db.data.products.find((candidate) => candidate.id === item.productId);
    const hardwareModel = product?.hardwareModel ?? item.name.replace(/^Gateway\s+/, '');
    for (let unit = 1; unit <= item.quantity; unit += 1) {
      while (serials.has(`PG1-${serial}`)) serial += 1;
      const serialNumber = `PG1-${serial}`;
      serials.add(serialNumber);
      const setupCode = uniqueSetupCode(codes);
      codes.add(setupCode);
      const device: DeviceRecord = {
        id: db.nextId('device'),
        ownerUid: order.ownerUid,
        serialNumber,
        setupCode,
        name: `Gateway ${hardwareModel} ${orderLabel(order)}-${String(created.length + 1).padStart(2, '0')}`,
        hardwareModel,
        firmware: PROVISIONED_FIRMWARE,
        status: 'never-connected',
        lastSeenAt: null,
        vpnAddress: null,
        machineId: null,
        orderId: order.id,
        createdAt: now,
        version: 1,
        updatedAt: now,
      };
      devices.push(device);
      created.push(device);
    }
  }
  order.deviceIds = created.map((device) => device.id);
  return created;
}

function touch(order: OrderRecord, now: number): void {
  order.version += 1;
  order.updatedAt = Math.max(now, order.updatedAt + 1);
}

/**
 * Moves an order to `status`, with its timeline entry. Becoming `pago` records when it was paid and provisions
 * its gateways; becoming `cancelado` keeps the reason; `enviado` takes the tracking code. Does not save.
 */
export function moveOrder(
  db: DemoDb,
  order: OrderRecord,
  status: OrderStatus,
  actor: OrderActor,
  options: { at?: number; note?: string | null; trackingCode?: string | null } = {},
): void {
  const at = options.at ?? Date.now();
  order.status = status;
  order.timeline.push({ status, at, actor, note: options.note?.trim() || null });
  if (status === 'pago') {
    order.payment.paidAt ??= at;
    order.payment.confirmingSince = null;
    order.payment.paysAt = null;
    provisionOrder(db, order, at);
  }
  if (status === 'cancelado') {
    order.cancelReason = options.note?.trim() || null;
    order.payment.confirmingSince = null;
    order.payment.paysAt = null;
  }
  if (status === 'enviado' && options.trackingCode) order.trackingCode = options.trackingCode;
  touch(order, at);
}

/** "Pagamento confirmado" for the staff, with how it was paid. */
export function notifyPaid(db: DemoDb, order: OrderRecord, now: number): void {
  notifyStaff(
    db,
    'Pagamento confirmado',
    `O pedido ${orderLabel(order)} (${formatBRL(order.total)}) foi pago com ${PAYMENT_KIND_LABELS[order.payment.kind].toLowerCase()}.` +
      (gatewayUnits(order) > 0 ? ` ${gatewayUnits(order)} ${gatewayUnits(order) === 1 ? 'gateway provisionado' : 'gateways provisionados'}.` : ''),
    now,
    { kind: 'order', id: order.id },
  );
}

/**
 * The demo platform confirms what is due: every order whose `paysAt` has come becomes `pago` (at that time), with
 * its devices. Returns whether anything changed (and saves then).
 */
export function settleOrders(db: DemoDb, now = Date.now()): boolean {
  let changed = false;
  for (const order of db.data.orders) {
    const at = order.payment.paysAt;
    if (typeof at !== 'number' || at > now) continue;
    if (order.status !== 'aguardando-pagamento') {
      order.payment.paysAt = null;
      changed = true;
      continue;
    }
    moveOrder(db, order, 'pago', PAYMENT_PLATFORM_ACTOR, { at, note: PAID_NOTES[order.payment.kind] });
    notifyPaid(db, order, at);
    changed = true;
  }
  if (changed) db.save();
  return changed;
}

