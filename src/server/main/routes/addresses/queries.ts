/** /address's SQL: every statement names the owner. */
import { and, count, desc, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { AddressInput, AddressListQuery } from '@/contracts/address';
import type { OrderStatus } from '@/contracts/commerce';
import type { Db } from '../../../shared/app-env';
import { offsetOf, sortOrder } from '../../../shared/list';
import { searchColumns, searchCondition, sortKey } from '../../../shared/search';
import { address, purchaseOrder } from '../../db/commerce-schema';

export type AddressRow = typeof address.$inferSelect;

/** Orders still on their way (not delivered, not cancelled): their address must stay. */
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = ['aguardando-pagamento', 'pago', 'em-separacao', 'enviado'];

/** The address as the API answers it (before times are serialised). */
export function addressJson(row: AddressRow, openOrderCount: number) {
  return {
    id: row.id,
    label: row.label,
    cep: row.cep,
    street: row.street,
    number: row.number,
    complement: row.complement,
    district: row.district,
    city: row.city,
    uf: row.uf,
    isDefault: row.isDefault,
    openOrderCount,
    version: row.version,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Sort keys and search texts (apelido, street, city) worked out from the fields. */
export function addressDerivedColumns(input: Pick<AddressInput, 'label' | 'street' | 'city'>) {
  return {
    labelKey: sortKey(input.label),
    streetKey: sortKey(input.street),
    cityKey: sortKey(input.city),
    ...searchColumns([input.label, input.street, input.city]),
  };
}

const openStatuses = sql.join(
  OPEN_ORDER_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);

// Columns in a correlated subquery are written qualified: Drizzle renders a column in `sql` unqualified there.
const qualified = (table: string, column: string) => sql`${sql.identifier(table)}.${sql.identifier(column)}`;
const openOrderCount = sql<number>`(SELECT count(*) FROM ${purchaseOrder} AS o WHERE o.owner_uid = ${qualified('address', 'owner_uid')}
  AND o.address_id = ${qualified('address', 'id')} AND o.status IN (${openStatuses}))`;

const SORTS = { label: address.labelKey, street: address.streetKey, city: address.cityKey, createdAt: address.createdAt };

export async function listAddresses(db: Db, owner: string, query: AddressListQuery) {
  const where = and(eq(address.ownerUid, owner), searchCondition(query.q, address.search, address.searchCompact) ?? undefined);
  const [rows, totals] = await db.batch([
    db
      .select({ row: address, openOrderCount })
      .from(address)
      .where(where)
      .orderBy(...sortOrder(query.sort, SORTS, address.id))
      .limit(query.perPage)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(address).where(where),
  ]);
  return { rows: rows.map(({ row, openOrderCount: n }) => addressJson(row, n)), total: totals[0]?.total ?? 0 };
}

export async function findAddress(db: Db, owner: string, id: string) {
  const [found] = await db
    .select({ row: address, openOrderCount })
    .from(address)
    .where(and(eq(address.ownerUid, owner), eq(address.id, id)))
    .limit(1);
  return found ? { row: found.row, json: addressJson(found.row, found.openOrderCount) } : null;
}

export async function hasDefault(db: Db, owner: string): Promise<boolean> {
  const [found] = await db
    .select({ id: address.id })
    .from(address)
    .where(and(eq(address.ownerUid, owner), eq(address.isDefault, true)))
    .limit(1);
  return found !== undefined;
}

export async function openOrdersAt(db: Db, owner: string, id: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(purchaseOrder)
    .where(and(eq(purchaseOrder.ownerUid, owner), eq(purchaseOrder.addressId, id), inArray(purchaseOrder.status, [...OPEN_ORDER_STATUSES])));
  return row?.n ?? 0;
}

/** A flag change is a change of the record: new version, updatedAt moved on. */
const bumped = (now: number) => ({
  version: sql`${address.version} + 1`,
  updatedAt: sql`max(${now}, ${address.updatedAt} + 1)`,
});

/** Makes `id` the owner's only default (one batch; nothing changes when it already is). */
export async function makeDefault(db: Db, owner: string, id: string, now: number): Promise<void> {
  await db.batch([
    db
      .update(address)
      .set({ isDefault: false, ...bumped(now) })
      .where(and(eq(address.ownerUid, owner), eq(address.isDefault, true), ne(address.id, id))),
    db
      .update(address)
      .set({ isDefault: true, ...bumped(now) })
      .where(and(eq(address.ownerUid, owner), eq(address.id, id), eq(address.isDefault, false))),
  ]);
}

/**
 * Deletes the address unless an open order ships to it (or `version` is stale), in one batch: closed orders lose
 * the link (keeping their snapshot), and a deleted default hands the flag to the most recently updated address
 * left. Returns whether it was deleted.
 */
export async function deleteAddress(db: Db, owner: string, id: string, version: number | null, now: number): Promise<boolean> {
  const gone = sql`NOT EXISTS (SELECT 1 FROM ${address} WHERE ${address.ownerUid} = ${owner} AND ${address.id} = ${id})`;
  const noDefault = sql`NOT EXISTS (SELECT 1 FROM ${address} WHERE ${address.ownerUid} = ${owner} AND ${address.isDefault} = 1)`;
  const mostRecent = db
    .select({ id: address.id })
    .from(address)
    .where(eq(address.ownerUid, owner))
    .orderBy(desc(address.updatedAt), asc(address.id))
    .limit(1);
  const conditions: (SQL | undefined)[] = [
    eq(address.ownerUid, owner),
    eq(address.id, id),
    version === null ? undefined : eq(address.version, version),
    sql`NOT EXISTS (SELECT 1 FROM ${purchaseOrder} WHERE ${purchaseOrder.ownerUid} = ${owner}
      AND ${purchaseOrder.addressId} = ${id} AND ${purchaseOrder.status} IN (${openStatuses}))`,
  ];
  const [deleted] = await db.batch([
    db.delete(address).where(and(...conditions)).returning({ id: address.id }),
    db
      .update(purchaseOrder)
      .set({ addressId: null })
      .where(and(eq(purchaseOrder.ownerUid, owner), eq(purchaseOrder.addressId, id), gone)),
    db
      .update(address)
      .set({ isDefault: true, ...bumped(now) })
      .where(and(eq(address.ownerUid, owner), eq(address.id, sql`(${mostRecent})`), noDefault)),
  ]);
  return deleted.length === 1;
}
