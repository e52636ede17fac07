/**
 * The back office's catalog ("Catálogo", issue 38): staff create and keep the products the portal's checkout sells.
 *
 * - `/backoffice/product` (staff): list (search over the name and the SKU; filters `kind=gateway|plan` and
 *   `status=active|inactive`; sort name (default), sku, unitPrice, stockLimit, createdAt), get, create
 *   (Idempotency-Key), update (If-Match; 409 `version-conflict` when stale), activate, deactivate, delete.
 * - The SKU is unique (stored upper-case): a duplicate is 409 `sku-taken` on the field, checked first (to say so)
 *   and then held by the write itself (`skuTakenSql` in its guard), so two concurrent saves cannot both take it.
 * - Every change is in the audit log (`product.create|update|delete`, the staff member as the actor), written in the
 *   change's batch under the change's own guard.
 * - A product an order carries cannot be deleted (409 `product-on-orders`, saying why): it can be deactivated,
 *   which takes it out of the portal's catalog (GET /product lists active products only) while every order keeps
 *   its own SKU, name and price (order_item). A price change never alters an order already placed.
 */
import { and, eq, not, sql } from 'drizzle-orm';
import { PRODUCT_MESSAGES, productInputSchema, productListQuery } from '@/contracts/catalog';
import type { App } from '../../../shared/app';
import type { Db } from '../../../shared/app-env';
import { insertWhere } from '../../../shared/db/guarded';
import { notFound } from '../../../shared/errors';
import { nextId } from '../../../shared/ids';
import { idempotentCreate } from '../../../shared/idempotency';
import { pageAnswer } from '../../../shared/list';
import { createRoute, deleteRoute, getRoute, listRoute, toggleRoute, updateRoute } from '../../../shared/resource-routes';
import { serialize } from '../../../shared/time';
import { deleteVersioned, staleOrGone, versionIs, type VersionedTarget } from '../../../shared/versioned';
import { requireVersion, versionConflict } from '../../../shared/versions';
import { auditInsertWhere } from '../../audit';
import { product } from '../../db/commerce-schema';
import { nextUpdatedAt, optionalVersion } from '../payment-platforms/managed';
import {
  catalogProductJson,
  checkNotOnOrders,
  checkSku,
  findProduct,
  listCatalog,
  nextPosition,
  onOrdersSql,
  productFields,
  skuTakenSql,
} from './queries';
import { catalogProductPageSchema, catalogProductSchema } from './schemas';
import type { ProductRow } from '../catalog/queries';

const TAG = 'Catálogo (back office)';
const BASE = '/backoffice/product';
/** Writes lost to a concurrent one in a row before giving up. */
const MAX_ATTEMPTS = 3;

/** A guarded write on the product that changed nothing: a SKU taken since (409 on the field), 409 stale, or 404. */
const productTarget = (db: Db, id: string, sku?: string): VersionedTarget => ({
  current: async () => {
    if (sku !== undefined) await checkSku(db, sku, id);
    const now = await findProduct(db, id);
    return now && catalogProductJson(now);
  },
  notFound: PRODUCT_MESSAGES.notFound,
});

/** What the audit log keeps of a product (its changed fields, or all of them on a create or a delete). */
function auditFields(row: Pick<ProductRow, 'kind' | 'name' | 'description' | 'sku' | 'unitPrice' | 'stockLimit' | 'image' | 'active'>) {
  const { kind, name, description, sku, unitPrice, stockLimit, image, active } = row;
  return { kind, name, description, sku, unitPrice, stockLimit, image, active };
}

const targetOf = (row: { id?: string; name: string }, id = row.id ?? '') => ({ kind: 'product' as const, id, label: row.name });

export function backofficeCatalogRoutes(app: App) {
  app.openapi(
    listRoute({
      path: BASE, tag: TAG, access: 'staff',
      summary: 'Lista os produtos do catálogo (ativos e inativos)',
      page: catalogProductPageSchema, description: 'Uma página de produtos.', filters: ['kind', 'status'], errors: [401, 403],
    }),
    async (c) => {
      const query = productListQuery.parse(new URL(c.req.url).searchParams);
      const { rows, total } = await listCatalog(c.var.db, query);
      return c.json(pageAnswer(rows, query, total) as never, 200);
    },
  );

  app.openapi(
    getRoute({
      path: `${BASE}/{id}`, tag: TAG, access: 'staff',
      summary: 'Um produto do catálogo',
      item: catalogProductSchema, description: 'O produto.', errors: [401, 403, 404],
    }),
    async (c) => {
      const found = await findProduct(c.var.db, c.req.valid('param').id);
      if (!found) throw notFound(PRODUCT_MESSAGES.notFound);
      return c.json(serialize(catalogProductJson(found)) as never, 200);
    },
  );

  app.openapi(
    createRoute({
      path: BASE, tag: TAG, access: 'staff',
      summary: 'Cria um produto',
      input: productInputSchema, item: catalogProductSchema, description: 'Criado.',
    }),
    (c) =>
      idempotentCreate(c, async () => {
        const { db } = c.var;
        const now = Date.now();
        const fields = productFields(c.req.valid('json'));
        await checkSku(db, fields.sku, '');
        const id = await nextId(db, 'product');
        const row = { id, ...fields, position: 0, version: 1, createdAt: now, updatedAt: now };
        // Last in the catalog's order; kept only if no product took the SKU since the check (else checked again: 409).
        const insert = insertWhere(db, product, { ...row, position: nextPosition as unknown as number }, sql`NOT ${skuTakenSql(row.sku, id)}`);
        const applied = sql`EXISTS (SELECT 1 FROM ${product} WHERE id = ${id})`;
        const audit = auditInsertWhere(c, { kind: 'product.create', target: targetOf(row), before: null, after: auditFields(row), allFields: true }, applied);
        return { status: 201, body: serialize(catalogProductJson(row)), writes: [insert, audit], applied };
      }),
  );

  app.openapi(
    updateRoute({
      path: `${BASE}/{id}`, tag: TAG, access: 'staff',
      summary: 'Altera um produto (If-Match); os pedidos já feitos mantêm seus preços',
      input: productInputSchema, item: catalogProductSchema, description: 'Alterado.',
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { db } = c.var;
      const current = await findProduct(db, id);
      if (!current) throw notFound(PRODUCT_MESSAGES.notFound);
      const version = requireVersion(c.req.raw, await c.req.json());
      if (version !== current.version) throw versionConflict(catalogProductJson(current));
      const fields = productFields(c.req.valid('json'), current);
      await checkSku(db, fields.sku, id);
      const guard = and(eq(product.id, id), eq(product.version, version), not(skuTakenSql(fields.sku, id)));
      // The entry first, under the UPDATE's own guard: both or neither.
      const audit = auditInsertWhere(
        c,
        { kind: 'product.update', target: targetOf(fields, id), before: auditFields(current), after: auditFields(fields) },
        sql`EXISTS (SELECT 1 FROM ${product} WHERE ${guard})`,
      );
      const [, [updated]] = await db.batch([
        audit,
        db
          .update(product)
          .set({ ...fields, version: sql`${product.version} + 1`, updatedAt: nextUpdatedAt(current.updatedAt) })
          .where(guard)
          .returning(),
      ]);
      if (updated) return c.json(serialize(catalogProductJson(updated)) as never, 200);
      // Gone, another version, or the SKU taken since the check.
      return staleOrGone(productTarget(db, id, fields.sku));
    },
  );

  for (const active of [true, false]) {
    app.openapi(
      toggleRoute({
        path: `${BASE}/{id}`, tag: TAG, access: 'staff', active,
        summary: active ? 'Ativa um produto (volta ao catálogo do portal)' : 'Desativa um produto (sai do catálogo do portal)',
        item: catalogProductSchema, description: 'O produto.',
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        const { db } = c.var;
        for (let attempt = 1; ; attempt += 1) {
          const current = await findProduct(db, id);
          if (!current) throw notFound(PRODUCT_MESSAGES.notFound);
          if (current.active === active) return c.json(serialize(catalogProductJson(current)) as never, 200);
          const version = optionalVersion(c.req.raw);
          if (version !== null && version !== current.version) throw versionConflict(catalogProductJson(current));
          const guard = and(eq(product.id, id), eq(product.version, current.version));
          const audit = auditInsertWhere(
            c,
            { kind: 'product.update', target: targetOf(current), before: { active: current.active }, after: { active } },
            sql`EXISTS (SELECT 1 FROM ${product} WHERE ${guard})`,
          );
          const [, [updated]] = await db.batch([
            audit,
            db
              .update(product)
              .set({ active, version: sql`${product.version} + 1`, updatedAt: nextUpdatedAt(current.updatedAt) })
              .where(guard)
              .returning(),
          ]);
          if (updated) return c.json(serialize(catalogProductJson(updated)) as never, 200);
          if (attempt >= MAX_ATTEMPTS) return staleOrGone(productTarget(db, id));
        }
      },
    );
  }

  app.openapi(
    deleteRoute({
      path: `${BASE}/{id}`, tag: TAG, access: 'staff',
      summary: 'Exclui um produto que nenhum pedido contém (senão: desative-o)',
      description: 'Excluído.', errors: [401, 403, 404, 409, 428],
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { db } = c.var;
      const current = await findProduct(db, id);
      if (!current) throw notFound(PRODUCT_MESSAGES.notFound);
      const version = optionalVersion(c.req.raw);
      if (version !== null && version !== current.version) throw versionConflict(catalogProductJson(current));
      await checkNotOnOrders(db, id);
      // Held by the DELETE itself: an order placed since the check keeps the product.
      const guard = and(eq(product.id, id), versionIs(product.version, version), not(onOrdersSql(id)));
      const audit = auditInsertWhere(
        c,
        { kind: 'product.delete', target: targetOf(current), before: auditFields(current), after: null, allFields: true },
        sql`EXISTS (SELECT 1 FROM ${product} WHERE ${guard})`,
      );
      await deleteVersioned(
        db.batch([audit, db.delete(product).where(guard).returning({ id: product.id })]).then(([, deleted]) => deleted),
        {
          current: async () => {
            await checkNotOnOrders(db, id);
            const now = await findProduct(db, id);
            return now && catalogProductJson(now);
          },
          notFound: PRODUCT_MESSAGES.notFound,
        },
      );
      return c.body(null, 204);
    },
  );
}
