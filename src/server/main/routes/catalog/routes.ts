/**
 * /product: the catalog as the checkout shows it — only active products, gateways first, in the catalog's order.
 * Any signed-in account may read it; prices are integer centavos.
 */
import { PRODUCT_NOT_FOUND_MESSAGE } from '@/contracts/catalog';
import { apiRoute, type App } from '../../../shared/app';
import { notFound } from '../../../shared/errors';
import { errors, json } from '../../../shared/openapi';
import { getRoute } from '../../../shared/resource-routes';
import { serialize } from '../../../shared/time';
import { activeProducts, findActiveProduct, productJson } from './queries';
import { productPageSchema, productSchema } from './schemas';

const TAG = 'Catálogo';

export function catalogRoutes(app: App) {
  app.openapi(
    apiRoute({
      access: 'read',
      method: 'get',
      path: '/product',
      tags: [TAG],
      summary: 'O catálogo ativo (gateways primeiro)',
      responses: { 200: json(productPageSchema, 'Todos os produtos à venda, numa página.'), 401: errors[401] },
    }),
    async (c) => {
      const rows = await activeProducts(c.var.db);
      return c.json(
        {
          data: serialize(rows.map(productJson)),
          meta: { page: 1, perPage: Math.max(rows.length, 1), total: rows.length },
        } as never,
        200,
      );
    },
  );

  app.openapi(
    getRoute({
      path: '/product/{id}', tag: TAG, access: 'read',
      summary: 'Um produto à venda',
      item: productSchema, description: 'O produto.',
    }),
    async (c) => {
      const row = await findActiveProduct(c.var.db, c.req.valid('param').id);
      if (!row) throw notFound(PRODUCT_NOT_FOUND_MESSAGE);
      return c.json(serialize(productJson(row)) as never, 200);
    },
  );
}
