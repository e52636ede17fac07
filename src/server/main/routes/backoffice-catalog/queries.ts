/** /backoffice/product's SQL: the catalog is not owned (every account buys from the same one; staff keep it). */
import { and, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { PRODUCT_ERROR_CODES, PRODUCT_MESSAGES, type ProductInput, type ProductListQuery } from '@/contracts/catalog';
import type { Db } from '../../../shared/app-env';
import { ApiError } from '../../../shared/errors';
import { offsetOf, sortOrder } from '../../../shared/list';
import { searchColumns, searchCondition, sortKey } from '../../../shared/search';
import { orderItem, product, purchaseOrder } from '../../db/commerce-schema';
import { productJson, type ProductRow } from '../catalog/queries';

/** Orders still in progress: a product on one of these is in someone's open purchase. */
const OPEN_STATUSES = ['aguardando-pagamento', 'pago', 'em-separacao', 'enviado'] as const;

/** The product as the back office reads it (before times are serialised). */
export function catalogProductJson(row: ProductRow) {
  return { ...productJson(row), createdAt: row.createdAt };
}

/** The columns derived from what staff typed: the sort key and the search over the name and the SKU. */
export function productDerivedColumns(input: { name: string; sku: string }) {
  return { nameKey: sortKey(input.name), ...searchColumns([input.name, input.sku]) };
}

/**
 * The stored fields of an input. A gateway's hardware model (the model of the devices its units become) is the one
 * it had, or its name for a new gateway; a plan has none.
 */
export function productFields(input: ProductInput, current?: Pick<ProductRow, 'kind' | 'hardwareModel'>) {
  const hardwareModel = input.kind === 'gateway' ? (current?.kind === 'gateway' && current.hardwareModel ? current.hardwareModel : input.name) : null;
  return {
    kind: input.kind,
    name: input.name,
    description: input.description,
    sku: input.sku,
    unitPrice: input.unitPrice,
    stockLimit: input.stockLimit,
    image: input.image,
    active: input.active,
    hardwareModel,
    ...productDerivedColumns(input),
  };
}

const SORTS = {
  name: product.nameKey,
  sku: product.sku,
  unitPrice: product.unitPrice,
  stockLimit: product.stockLimit,
  createdAt: product.createdAt,
};

export async function listCatalog(db: Db, query: ProductListQuery) {
  const conditions: (SQL | undefined)[] = [];
  if (query.filters.kind) conditions.push(eq(product.kind, query.filters.kind));
  if (query.filters.status) conditions.push(eq(product.active, query.filters.status === 'active'));
  conditions.push(searchCondition(query.q, product.search, product.searchCompact) ?? undefined);
  const where = and(...conditions);
  const [rows, totals] = await db.batch([
    db
      .select()
      .from(product)
      .where(where)
      .orderBy(...sortOrder(query.sort, SORTS, product.id))
      .limit(query.perPage)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(product).where(where),
  ]);
  return { rows: rows.map(catalogProductJson), total: totals[0]?.total ?? 0 };
}

export async function findProduct(db: Db, id: string): Promise<ProductRow | null> {
  const [row] = await db.select().from(product).where(eq(product.id, id)).limit(1);
  return row ?? null;
}

/** True, in a statement, when another product than `id` holds `sku`. */
export function skuTakenSql(sku: string, id: string): SQL {
  return sql`EXISTS (SELECT 1 FROM ${product} AS other WHERE other.sku = ${sku} AND other.id <> ${id})`;
}

/** 409 `sku-taken` on the SKU field when another product holds it. */
export async function checkSku(db: Db, sku: string, id: string): Promise<void> {
  const [taken] = await db
    .select({ id: product.id })
    .from(product)
    .where(and(eq(product.sku, sku), ne(product.id, id)))
    .limit(1);
  if (taken) throw new ApiError(409, PRODUCT_ERROR_CODES.skuTaken, PRODUCT_MESSAGES.skuTaken, { field: 'sku' });
}

/** True, in a statement, when an order carries the product. */
export function onOrdersSql(id: string): SQL {
  return sql`EXISTS (SELECT 1 FROM ${orderItem} WHERE ${orderItem.productId} = ${id})`;
}

/**
 * 409 `product-on-orders` when an order carries the product (it can only be deactivated), saying why: orders keep
 * their items, and an open one is still being paid, picked or shipped.
 */
export async function checkNotOnOrders(db: Db, id: string): Promise<void> {
  const [[onAny], [onOpen]] = await db.batch([
    db.select({ n: count() }).from(orderItem).where(eq(orderItem.productId, id)),
    db
      .select({ n: count() })
      .from(orderItem)
      .innerJoin(purchaseOrder, eq(purchaseOrder.id, orderItem.orderId))
      .where(and(eq(orderItem.productId, id), inArray(purchaseOrder.status, [...OPEN_STATUSES]))),
  ]);
  if ((onOpen?.n ?? 0) > 0) throw new ApiError(409, PRODUCT_ERROR_CODES.onOrders, PRODUCT_MESSAGES.onOpenOrders);
  if ((onAny?.n ?? 0) > 0) throw new ApiError(409, PRODUCT_ERROR_CODES.onOrders, PRODUCT_MESSAGES.onOrders);
}

/** The next place in the catalog's order (a new product goes last among its kind). */
export const nextPosition = sql<number>`(SELECT COALESCE(MAX(position), -1) + 1 FROM product)`;
