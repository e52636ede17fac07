/**
 * /order's reads: an order row with its items, timeline and devices, as the API answers it. Every statement names
 * the owner. `ordersJson` is also what the back office answers (orders of several accounts).
 */
import { and, asc, count, eq, gte, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { OrderListQuery } from '@/contracts/order';
import { installmentAmount, periodStart } from '@/contracts/order';
import type { Db } from '../../../shared/app-env';
import { listWhere, offsetOf, sortOrder } from '../../../shared/list';
import { searchColumns, searchIndexOf, searchTerms } from '../../../shared/search';
import { timestamp } from '../../../shared/time';
import { orderItem, orderTimeline, purchaseOrder } from '../../db/commerce-schema';
import { device } from '../../db/device-schema';

export type OrderRow = typeof purchaseOrder.$inferSelect;
type ItemRow = typeof orderItem.$inferSelect;
type TimelineRow = typeof orderTimeline.$inferSelect;
type DeviceLink = { id: string; ownerUid: string | null; orderId: string | null; name: string; serialNumber: string; setupCode: string; status: string };

/** The search columns of an order: its label ("#1008"), so "1008" and "#1008" find it. */
export const orderSearchColumns = (number: number) => searchColumns([`#${number}`]);

/** The order as the API answers it (before times are serialised). */
export function orderJson(row: OrderRow, items: readonly ItemRow[], timeline: readonly TimelineRow[], devices: readonly DeviceLink[]) {
  const payable = row.status === 'aguardando-pagamento';
  return {
    id: row.id,
    number: row.number,
    items: items.map((item) => ({
      productId: item.productId,
      sku: item.sku,
      name: item.name,
      kind: item.kind,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
    })),
    itemCount: row.itemCount,
    subtotal: row.subtotal,
    discount: row.discount,
    discountRule:
      row.discountRuleId === null
        ? null
        : { id: row.discountRuleId, name: row.discountRuleName ?? '', percent: row.discountRulePercent ?? 0 },
    shipping: row.shipping,
    total: row.total,
    status: row.status,
    addressId: row.addressId,
    address: {
      label: row.addressLabel,
      cep: row.addressCep,
      street: row.addressStreet,
      number: row.addressNumber,
      complement: row.addressComplement,
      district: row.addressDistrict,
      city: row.addressCity,
      uf: row.addressUf,
    },
    payment: {
      methodId: row.paymentMethodId,
      kind: row.paymentKind,
      methodName: row.paymentMethodName,
      installments: row.installments,
      installmentAmount: installmentAmount(row.total, row.installments),
      // The ways to pay only while the order may be paid.
      pixCode: payable ? row.pixCode : null,
      pixExpiresAt: payable ? row.pixExpiresAt : null,
      boletoLine: payable ? row.boletoLine : null,
      boletoDueAt: row.boletoDueAt,
      cardBrand: row.cardBrand,
      cardLast4: row.cardLast4,
      paidAt: row.paidAt,
      confirmingSince: row.confirmingSince === null ? null : timestamp(row.confirmingSince),
    },
    trackingCode: row.trackingCode,
    cancelReason: row.cancelReason,
    timeline: timeline.map((entry) => ({
      status: entry.status,
      at: timestamp(entry.at),
      actor: { kind: entry.actorKind, name: entry.actorName },
      note: entry.note,
    })),
    devices: devices.map((link) => ({
      id: link.id,
      name: link.name,
      serialNumber: link.serialNumber,
      setupCode: link.setupCode,
      status: link.status,
    })),
    version: row.version,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export type OrderJson = ReturnType<typeof orderJson>;

/** Ids per statement (D1 binds at most 100 parameters). */
const CHUNK = 40;

function chunks<T>(values: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let index = 0; index < values.length; index += size) out.push(values.slice(index, index + size));
  return out;
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string | null): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    if (k === null) continue;
    const list = map.get(k) ?? [];
    list.push(row);
    map.set(k, list);
  }
  return map;
}

/**
 * The selects of an order's items, timeline entries and gateways, for the orders `of` names (a condition on a table's
 * owner and order-id columns): read beside the orders, in their batch or the next.
 */
function relatedSelects(db: Db, of: (ownerUid: SQLiteColumn, orderId: SQLiteColumn) => SQL | undefined) {
  return [
    db.select().from(orderItem).where(of(orderItem.ownerUid, orderItem.orderId)).orderBy(asc(orderItem.orderId), asc(orderItem.line)),
    db.select().from(orderTimeline).where(of(orderTimeline.ownerUid, orderTimeline.orderId)).orderBy(asc(orderTimeline.at), asc(orderTimeline.id)),
    db
      .select({
        id: device.id,
        ownerUid: device.ownerUid,
        orderId: device.orderId,
        name: device.name,
        serialNumber: device.serialNumber,
        setupCode: device.setupCode,
        status: device.status,
      })
      .from(device)
      .where(of(device.ownerUid, device.orderId))
      // `+serial_number`: sorted after the look-up by order (the owner's index on order_id), not read in the owner's
      // serial order — which, without statistics, SQLite prefers, walking all of the owner's gateways.
      .orderBy(sql`+${device.serialNumber}`),
  ] as const;
}

/** The orders as the API answers them, given their items, timeline entries and gateways (in any order). */
function assembled(rows: readonly OrderRow[], items: readonly ItemRow[], timeline: readonly TimelineRow[], devices: readonly DeviceLink[]): OrderJson[] {
  const itemsOf = groupBy(items, (item) => item.orderId);
  const timelineOf = groupBy(timeline, (entry) => entry.orderId);
  const devicesOf = groupBy(devices, (link) => link.orderId);
  return rows.map((row) =>
    orderJson(
      row,
      itemsOf.get(row.id) ?? [],
      timelineOf.get(row.id) ?? [],
      (devicesOf.get(row.id) ?? []).filter((link) => link.ownerUid === row.ownerUid),
    ),
  );
}

/** These orders (of any accounts) as the API answers them: items, timelines and devices read in one batch. */
export async function ordersJson(db: Db, rows: readonly OrderRow[]): Promise<OrderJson[]> {
  if (rows.length === 0) return [];
  const statements = chunks(rows).flatMap((part) => {
    const ids = part.map((row) => row.id);
    const partOwners = [...new Set(part.map((row) => row.ownerUid))];
    return relatedSelects(db, (ownerUid, orderId) => and(inArray(ownerUid, partOwners), inArray(orderId, ids)));
  });
  const results = (await db.batch(statements as unknown as Parameters<Db['batch']>[0])) as unknown as unknown[][];
  const items: ItemRow[] = [];
  const timeline: TimelineRow[] = [];
  const devices: DeviceLink[] = [];
  results.forEach((result, index) => {
    if (index % 3 === 0) items.push(...(result as ItemRow[]));
    else if (index % 3 === 1) timeline.push(...(result as TimelineRow[]));
    else devices.push(...(result as DeviceLink[]));
  });
  return assembled(rows, items, timeline, devices);
}

export async function findOrderRow(db: Db, owner: string, id: string): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(purchaseOrder)
    .where(and(eq(purchaseOrder.ownerUid, owner), eq(purchaseOrder.id, id)))
    .limit(1);
  return row ?? null;
}

export async function findOrder(db: Db, owner: string, id: string): Promise<OrderJson | null> {
  const row = await findOrderRow(db, owner, id);
  if (!row) return null;
  const [json] = await ordersJson(db, [row]);
  return json ?? null;
}

const SORTS = { createdAt: purchaseOrder.createdAt, number: purchaseOrder.number, total: purchaseOrder.total };

/**
 * The orders whose demo payment may be due (`pays_at` has come) — of `owner`, or of every account: what a settlement
 * (payments.ts, `settleDuePayments`) looks at; read in a list's own batch by the list route (one round trip less).
 */
export function duePayments(db: Db, owner: string | undefined, now: number) {
  return db
    .select()
    .from(purchaseOrder)
    .where(and(owner === undefined ? undefined : eq(purchaseOrder.ownerUid, owner), isNotNull(purchaseOrder.paysAt), lte(purchaseOrder.paysAt, now)));
}

/**
 * The caller's orders: search by number, filters status and period, sorts createdAt / number / total. With `due`
 * (demo mode: `duePayments`), those orders are read in the same batch and answered too, for the caller to settle.
 */
export async function listOrders(db: Db, owner: string, query: OrderListQuery, now: number, due?: ReturnType<typeof duePayments>) {
  const search = searchTerms(query.q, purchaseOrder.search, purchaseOrder.searchCompact, searchIndexOf(purchaseOrder));
  const filters: (SQL | undefined)[] = [];
  if (query.filters.status) filters.push(eq(purchaseOrder.status, query.filters.status));
  if (query.filters.period) filters.push(gte(purchaseOrder.createdAt, periodStart(query.filters.period, now)));
  const where = listWhere(purchaseOrder.ownerUid, owner, filters, search);
  const order = sortOrder(query.sort, SORTS, purchaseOrder.id);
  // The page's items, timelines and gateways in the same batch (one round trip): selected by the page's ids, the
  // page's own select as a subquery (a walk of the owner's index of the sort, or the search's candidates).
  const pageIds = db.select({ id: purchaseOrder.id }).from(purchaseOrder).where(where.page).orderBy(...order).limit(query.perPage).offset(offsetOf(query));
  const [items, timeline, devices] = relatedSelects(db, (ownerUid, orderId) => and(eq(ownerUid, owner), inArray(orderId, pageIds)));
  const statements = [
    db.select().from(purchaseOrder).where(where.page).orderBy(...order).limit(query.perPage).offset(offsetOf(query)),
    db.select({ total: count() }).from(purchaseOrder).where(where.total),
    items,
    timeline,
    devices,
  ] as const;
  const answer = (
    [rows, totals, itemRows, timelineRows, deviceRows]: readonly [OrderRow[], { total: number }[], ItemRow[], TimelineRow[], DeviceLink[]],
    dueRows: OrderRow[],
  ) => ({ rows: assembled(rows, itemRows, timelineRows, deviceRows), total: totals[0]?.total ?? 0, due: dueRows });
  if (!due) return answer(await db.batch(statements), []);
  const [rows, totals, itemRows, timelineRows, deviceRows, dueRows] = await db.batch([...statements, due]);
  return answer([rows, totals, itemRows, timelineRows, deviceRows], dueRows);
}
