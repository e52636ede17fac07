/** /product's SQL: the catalog is not owned (every account buys from the same one). */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../shared/app-env';
import { product } from '../../db/commerce-schema';

export type ProductRow = typeof product.$inferSelect;

/** The product as the API answers it (before times are serialised). */
export function productJson(row: ProductRow) {
  return {
    id: row.id,
    sku: row.sku,
    name: row.name,
    description: row.description,
    kind: row.kind,
    unitPrice: row.unitPrice,
    stockLimit: row.stockLimit,
    hardwareModel: row.hardwareModel,
    image: row.image,
    active: row.active,
    version: row.version,
    updatedAt: row.updatedAt,
  };
}

/** The active catalog: gateways first, then in the catalog's order. */
export function activeProducts(db: Db): Promise<ProductRow[]> {
  return db
    .select()
    .from(product)
    .where(eq(product.active, true))
    .orderBy(sql`${product.kind} <> 'gateway'`, asc(product.position), asc(product.id));
}

export async function findActiveProduct(db: Db, id: string): Promise<ProductRow | null> {
  const [row] = await db
    .select()
    .from(product)
    .where(and(eq(product.id, id), eq(product.active, true)))
    .limit(1);
  return row ?? null;
}

/** These products (active or not), by id. */
export async function productsById(db: Db, ids: readonly string[]): Promise<Map<string, ProductRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(product).where(inArray(product.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row]));
}
