/**
 * /backoffice/order's reads: every builder's orders (staff), each with its builder and how many of its gateways a
 * cancel would withdraw. The order itself is the portal's (orders/queries.ts `ordersJson`).
 */
import { and, count, eq, gte, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { BackofficeOrderListQuery, OrderAssembler } from '@/contracts/backoffice-order';
import { periodStart } from '@/contracts/order';
import type { Db } from '../../../shared/app-env';
import { assembler } from '../../../shared/db/core-schema';
import { offsetOf, sortOrder } from '../../../shared/list';
import { foldText, searchCondition, searchIndexOf } from '../../../shared/search';
import { purchaseOrder } from '../../db/commerce-schema';
import { device } from '../../db/device-schema';
import { ordersJson, type OrderRow } from '../orders/queries';

/** Builders matched by a search, at most this many (their uids are bound parameters). */
const MAX_MATCHED_ASSEMBLERS = 80;
const MASK = /[\s.\-/()]/g;

/** The gateways of `order` a cancel withdraws: provisioned by it, still the buyer's, never connected, in no machine. */
export function withdrawable(order: Pick<OrderRow, 'id' | 'ownerUid'>): SQL | undefined {
  return and(
    eq(device.ownerUid, order.ownerUid),
    eq(device.orderId, order.id),
    eq(device.status, 'never-connected'),
    isNull(device.machineId),
  );
}

function assemblerOf(found: OrderAssembler | undefined, uid: string): OrderAssembler {
  return found ?? { uid, name: 'Montadora removida', cnpj: '', email: '' };
}

/** Orders (any accounts) as the back office answers them (before times are serialised). */
export async function staffOrdersJson(db: Db, rows: readonly OrderRow[]) {
  if (rows.length === 0) return [];
  const owners = [...new Set(rows.map((row) => row.ownerUid))];
  const ids = rows.map((row) => row.id);
  const [json, assemblers, counts] = await Promise.all([
    ordersJson(db, rows),
    db
      .select({ uid: assembler.uid, name: assembler.name, cnpj: assembler.cnpj, email: assembler.email })
      .from(assembler)
      .where(inArray(assembler.uid, owners)),
    db
      .select({ orderId: device.orderId, ownerUid: device.ownerUid, n: count() })
      .from(device)
      .where(and(inArray(device.orderId, ids), eq(device.status, 'never-connected'), isNull(device.machineId)))
      .groupBy(device.orderId, device.ownerUid),
  ]);
  const byUid = new Map(assemblers.map((found) => [found.uid, found]));
  return rows.map((row, index) => ({
    ...json[index],
    assembler: assemblerOf(byUid.get(row.ownerUid), row.ownerUid),
    withdrawableDeviceCount: counts.find((entry) => entry.orderId === row.id && entry.ownerUid === row.ownerUid)?.n ?? 0,
  }));
}
export type StaffOrderJson = Awaited<ReturnType<typeof staffOrdersJson>>[number];

/** The builders whose name or CNPJ (with or without the mask) holds `q`. */
async function assemblersMatching(db: Db, q: string): Promise<string[]> {
  const needle = foldText(q.trim());
  if (needle === '') return [];
  const digits = /\d/.test(needle) ? needle.replace(MASK, '') : '';
  const all = await db.select({ uid: assembler.uid, name: assembler.name, cnpj: assembler.cnpj }).from(assembler);
  return all
    .filter((found) => foldText(found.name).includes(needle) || (digits.length >= 2 && found.cnpj.replace(MASK, '').includes(digits)))
    .slice(0, MAX_MATCHED_ASSEMBLERS)
    .map((found) => found.uid);
}

const SORTS = { createdAt: purchaseOrder.createdAt, number: purchaseOrder.number, total: purchaseOrder.total };

export async function listStaffOrders(db: Db, query: BackofficeOrderListQuery, now: number) {
  const conditions: (SQL | undefined)[] = [];
  const { status, period, assembler: owner, paymentKind } = query.filters;
  if (status) conditions.push(eq(purchaseOrder.status, status));
  if (period) conditions.push(gte(purchaseOrder.createdAt, periodStart(period, now)));
  if (owner) conditions.push(eq(purchaseOrder.ownerUid, owner));
  if (paymentKind) conditions.push(eq(purchaseOrder.paymentKind, paymentKind));
  const byNumber = searchCondition(query.q, purchaseOrder.search, purchaseOrder.searchCompact, searchIndexOf(purchaseOrder));
  if (byNumber) {
    const owners = await assemblersMatching(db, query.q);
    conditions.push(owners.length > 0 ? or(byNumber, inArray(purchaseOrder.ownerUid, owners)) : byNumber);
  }
  const where = and(...conditions);
  const [rows, totals] = await db.batch([
    db
      .select()
      .from(purchaseOrder)
      .where(where)
      .orderBy(...sortOrder(query.sort, SORTS, purchaseOrder.id))
      .limit(query.perPage)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(purchaseOrder).where(where),
  ]);
  return { rows: await staffOrdersJson(db, rows), total: totals[0]?.total ?? 0 };
}

/** Any builder's order (staff). */
export async function findAnyOrderRow(db: Db, id: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(purchaseOrder).where(eq(purchaseOrder.id, id)).limit(1);
  return row ?? null;
}

export async function findStaffOrder(db: Db, id: string): Promise<StaffOrderJson | null> {
  const row = await findAnyOrderRow(db, id);
  if (!row) return null;
  const [json] = await staffOrdersJson(db, [row]);
  return json ?? null;
}

/** "The order is as we read it": its status and version (the guard of every statement of a staff change). */
export function orderUnchanged(row: Pick<OrderRow, 'id' | 'ownerUid' | 'status' | 'version'>): SQL {
  return sql`EXISTS (SELECT 1 FROM ${purchaseOrder} AS g WHERE g.owner_uid = ${row.ownerUid} AND g.id = ${row.id}
    AND g.status = ${row.status} AND g.version = ${row.version})`;
}
