/**
 * An order as the API sends it (before times become { seconds, nanos }): its payment's ways to pay only while it may
 * be paid, its devices looked up in one pass. The builder's routes (./handlers) and the back office's
 * (../backoffice-orders) answer the same order.
 */
import { HttpResponse } from 'msw';
import { installmentAmount } from '@/contracts/order';
import type { DemoDb, DeviceRecord } from '@/testing/fake-api/db';
import { serialize, timestamp } from '@/testing/fake-api/http';
import type { OrderRecord } from '@/seed/orders/records';


/** The devices of these orders, looked up in one pass (only the ids they use). */
export function devicesOf(db: DemoDb, orders: readonly OrderRecord[]): Map<string, DeviceRecord> {
  const wanted = new Set(orders.flatMap((order) => order.deviceIds));
  const found = new Map<string, DeviceRecord>();
  if (wanted.size === 0) return found;
  for (const device of db.data.devices) if (wanted.has(device.id)) found.set(device.id, device);
  return found;
}

export function orderJson(order: OrderRecord, devices: ReadonlyMap<string, DeviceRecord>) {
  const { payment } = order;
  return {
    id: order.id,
    number: order.number,
    items: order.items,
    itemCount: order.items.reduce((sum, item) => sum + item.quantity, 0),
    subtotal: order.subtotal,
    discount: order.discount,
    discountRule: order.discountRule,
    shipping: order.shipping,
    total: order.total,
    status: order.status,
    addressId: order.addressId,
    address: order.address,
    payment: {
      methodId: order.paymentMethodId,
      kind: payment.kind,
      methodName: payment.methodName,
      installments: order.installments,
      installmentAmount: installmentAmount(order.total, order.installments),
      // The ways to pay only while the order may be paid.
      pixCode: order.status === 'aguardando-pagamento' ? payment.pixCode : null,
      pixExpiresAt: order.status === 'aguardando-pagamento' ? payment.pixExpiresAt : null,
      boletoLine: order.status === 'aguardando-pagamento' ? payment.boletoLine : null,
      boletoDueAt: payment.boletoDueAt,
      cardBrand: payment.cardBrand,
      cardLast4: payment.cardLast4,
      paidAt: payment.paidAt,
      confirmingSince: payment.confirmingSince === null ? null : timestamp(payment.confirmingSince),
    },
    trackingCode: order.trackingCode,
    cancelReason: order.cancelReason,
    timeline: order.timeline.map((entry) => ({ ...entry, at: timestamp(entry.at) })),
    devices: order.deviceIds.flatMap((id) => {
      const device = devices.get(id);
      return device && device.ownerUid === order.ownerUid
        ? [{ id: device.id, name: device.name, serialNumber: device.serialNumber, setupCode: device.setupCode, status: device.status }]
        : [];
    }),
    version: order.version,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
  };
}

export function respondOrder(db: DemoDb, order: OrderRecord, status = 200): Response {
  return HttpResponse.json(serialize(orderJson(order, devicesOf(db, [order]))) as Record<string, unknown>, { status });
}

/** These orders as the API sends them, their devices looked up in one pass. */
export function ordersJson(db: DemoDb, orders: readonly OrderRecord[]) {
  const devices = devicesOf(db, orders);
  return orders.map((order) => orderJson(order, devices));
}
