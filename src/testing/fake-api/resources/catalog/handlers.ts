/**
 * /product: the catalog as the checkout shows it — only active products, gateways first, in the catalog's order.
 * Any signed-in account may read it; prices are integer centavos.
 */
import { http, HttpResponse } from 'msw';
import { PRODUCT_NOT_FOUND_MESSAGE } from '@/contracts/catalog';
import { authenticate, notFound, serialize, type HandlerContext } from '@/testing/fake-api/http';
import type { ProductRecord } from '@/seed/catalog/records';

/** The product as the API sends it. */
export function productJson(product: ProductRecord) {
  return { ...product };
}

export function catalogHandlers(ctx: HandlerContext) {
  const { db, apiUrl } = ctx;
  return [
    http.get(`${apiUrl}/product`, ({ request }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      const active = db.data.products.filter((product) => product.active);
      const sorted = [...active.filter((p) => p.kind === 'gateway'), ...active.filter((p) => p.kind !== 'gateway')];
      return HttpResponse.json({
        data: serialize(sorted.map(productJson)),
        meta: { page: 1, perPage: Math.max(sorted.length, 1), total: sorted.length },
      });
    }),

    http.get(`${apiUrl}/product/:id`, ({ request, params }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      const product = db.data.products.find((candidate) => candidate.id === String(params.id) && candidate.active);
      if (!product) return notFound(PRODUCT_NOT_FOUND_MESSAGE);
      return HttpResponse.json(serialize(productJson(product)) as Record<string, unknown>);
    }),
  ];
}
