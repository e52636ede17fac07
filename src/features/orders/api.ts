import type { Product } from '@/contracts/catalog';
import type { Page } from '@/contracts/common';
import { orderListQuery, type Order, type OrderCreateInput, type OrderListQuery } from '@/contracts/order';
import { mainApi } from '@/lib/api/main-api';

const one = (id: string) => `/order/${encodeURIComponent(id)}`;

const listUrl = (query: OrderListQuery) => {
  const params = orderListQuery.toParams(query).toString();
  return params ? `/order?${params}` : '/order';
};

/** What a paid order changes elsewhere: its devices exist now (Dispositivos, the dashboard's counts). */
const PAID_ORDER_TAGS = [
  { type: 'device' as const, id: 'LIST' },
  { type: 'order' as const, id: 'LIST' },
];

export const ordersApi = mainApi.injectEndpoints({
  endpoints: (build) => ({
    listOrders: build.query<Page<Order>, OrderListQuery>({
      query: listUrl,
      providesTags: (result) => [
        { type: 'order', id: 'LIST' },
        ...(result?.data ?? []).map((order) => ({ type: 'order' as const, id: order.id })),
      ],
    }),
    getOrder: build.query<Order, string>({
      query: one,
      providesTags: (_result, _error, id) => [{ type: 'order', id }],
    }),
    /** GET /product: the active catalog (gateways first). */
    listProducts: build.query<Page<Product>, void>({
      query: () => '/product',
      providesTags: [{ type: 'order', id: 'CATALOG' }],
    }),
    /**
     * POST /order. The key stays the same across retries of one submission (a retry never makes two orders). A Pix
     * or boleto order is retried like a query on network errors, timeouts and 5xx; a card order never blindly (its
     * token is spent by a charge): the buyer's "Tentar novamente" sends it again, with a new token and the same key,
     * and the server answers what the key already did. The argument holds the card's token, brand and last four only.
     */
    createOrder: build.mutation<Order, { input: OrderCreateInput; idempotencyKey: string }>({
      query: ({ input, idempotencyKey }) => ({
        url: '/order',
        method: 'POST',
        body: input,
        headers: { 'Idempotency-Key': idempotencyKey },
        idempotent: input.card === undefined,
      }),
      invalidatesTags: (result) => (result ? PAID_ORDER_TAGS : []),
    }),
    /** POST /order/:id/payment-confirmation ("Já paguei"): the platform confirms a few seconds later. */
    confirmPayment: build.mutation<Order, string>({
      query: (id) => ({ url: `${one(id)}/payment-confirmation`, method: 'POST', idempotent: true }),
      invalidatesTags: (_result, error, id) => (error ? [] : [{ type: 'order', id }]),
    }),
    /** POST /order/:id/pix-code: a new Pix code once the previous one expired. */
    renewPixCode: build.mutation<Order, string>({
      query: (id) => ({ url: `${one(id)}/pix-code`, method: 'POST' }),
      invalidatesTags: (_result, error, id) => (error ? [] : [{ type: 'order', id }]),
    }),
    /** POST /order/:id/cancel over the version shown (`If-Match`): only while it awaits payment. */
    cancelOrder: build.mutation<Order, { id: string; version: number; reason: string }>({
      query: ({ id, version, reason }) => ({
        url: `${one(id)}/cancel`,
        method: 'POST',
        body: { reason },
        headers: { 'If-Match': String(version) },
      }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'order', id },
        { type: 'order', id: 'LIST' },
      ],
    }),
  }),
});

/** Tags to refresh when an order on screen turns paid (its devices appear in Dispositivos). */
export const ordersPaidTags = PAID_ORDER_TAGS;

export const {
  useListOrdersQuery,
  useGetOrderQuery,
  useListProductsQuery,
  useCreateOrderMutation,
  useConfirmPaymentMutation,
  useRenewPixCodeMutation,
  useCancelOrderMutation,
} = ordersApi;
