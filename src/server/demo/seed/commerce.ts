/**
 * The demo's commerce as rows: delivery addresses, the catalog, and the orders with their items and timelines
 * (with the search and sort-key columns /address and /order write). Devices the orders provisioned are seeded by
 * devices.ts (their `order_id` links them back).
 */
import type { DemoData } from '@/seed/data';
import { buildSeed } from '@/seed';
import { address, orderItem, orderTimeline, product, purchaseOrder } from '../../main/db/commerce-schema';
import { addressDerivedColumns } from '../../main/routes/addresses/queries';
import { orderSearchColumns } from '../../main/routes/orders/queries';
import { productDerivedColumns } from '../../main/routes/backoffice-catalog/queries';
import { seedTable, type SeedSource, type SeedTable } from './types';

type OrderRecord = DemoData['orders'][number];

function orderRow(order: OrderRecord) {
  const { payment, address: shipTo } = order;
  return {
    id: order.id,
    ownerUid: order.ownerUid,
    number: order.number,
    status: order.status,
    itemCount: order.items.reduce((sum, item) => sum + item.quantity, 0),
    subtotal: order.subtotal,
    discount: order.discount,
    discountRuleId: order.discountRule?.id ?? null,
    discountRuleName: order.discountRule?.name ?? null,
    discountRulePercent: order.discountRule?.percent ?? null,
    shipping: order.shipping,
    total: order.total,
    addressId: order.addressId,
    addressLabel: shipTo.label,
    addressCep: shipTo.cep,
    addressStreet: shipTo.street,
    addressNumber: shipTo.number,
    addressComplement: shipTo.complement,
    addressDistrict: shipTo.district,
    addressCity: shipTo.city,
    addressUf: shipTo.uf,
    paymentMethodId: order.paymentMethodId,
    paymentKind: payment.kind,
    paymentMethodName: payment.methodName,
    installments: order.installments,
    pixCode: payment.pixCode,
    pixExpiresAt: payment.pixExpiresAt,
    boletoLine: payment.boletoLine,
    boletoBarcode: payment.boletoBarcode,
    boletoDueAt: payment.boletoDueAt,
    cardBrand: payment.cardBrand,
    cardLast4: payment.cardLast4,
    paidAt: payment.paidAt,
    confirmingSince: payment.confirmingSince,
    paysAt: payment.paysAt,
    trackingCode: order.trackingCode,
    cancelReason: order.cancelReason,
    ...orderSearchColumns(order.number),
    version: order.version,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
  };
}

export const commerceSeed: SeedSource = (data: DemoData) => [
  seedTable(
    address,
    data.addresses.map((record) => ({
      id: record.id,
      ownerUid: record.ownerUid,
      label: record.label,
      cep: record.cep,
      street: record.street,
      number: record.number,
      complement: record.complement,
      district: record.district,
      city: record.city,
      uf: record.uf,
      isDefault: record.isDefault,
      ...addressDerivedColumns(record),
      version: record.version,
      createdAt: record.createdAt,
      updatedAt: record.updatedAt,
    })),
  ),
  seedTable(
    product,
    data.products.map((record, position) => ({
      id: record.id,
      sku: record.sku,
      name: record.name,
      description: record.description,
      kind: record.kind,
      unitPrice: record.unitPrice,
      stockLimit: record.stockLimit,
      hardwareModel: record.hardwareModel,
      active: record.active,
      image: record.image,
      ...productDerivedColumns(record),
      position,
      version: record.version,
      createdAt: record.updatedAt,
      updatedAt: record.updatedAt,
    })),
  ),
  seedTable(purchaseOrder, data.orders.map(orderRow)),
  seedTable(
    orderItem,
    data.orders.flatMap((order) =>
      order.items.map((item, index) => ({
        orderId: order.id,
        line: index + 1,
        ownerUid: order.ownerUid,
        productId: item.productId,
        sku: item.sku,
        name: item.name,
        kind: item.kind,
        quantity: item.quantity,
        unitPrice: item.unitPrice,
      })),
    ),
  ),
  seedTable(
    orderTimeline,
    data.orders.flatMap((order) =>
      order.timeline.map((entry) => ({
        orderId: order.id,
        ownerUid: order.ownerUid,
        status: entry.status,
        at: entry.at,
        actorKind: entry.actor.kind,
        actorName: entry.actor.name,
        note: entry.note,
      })),
    ),
  ),
];

/** The demo seed's commerce rows for a given `now` (the seed's anchor): the mapping, for tests. */
export function demoCommerceRows(now: number): SeedTable[] {
  return commerceSeed(buildSeed({ now }));
}
