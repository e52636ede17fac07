import {
  backofficeOrderListQuery,
  type AssemblerProfile,
  type AssemblerSummary,
  type BackofficeOrder,
  type BackofficeOrderListQuery,
  type OrderStatusChangeInput,
} from '@/contracts/backoffice-order';
import type { Page } from '@/contracts/common';
import { mainApi } from '@/lib/api/main-api';

const ORDERS = '/backoffice/order';
const ASSEMBLERS = '/backoffice/assembler';

const one = (id: string) => `${ORDERS}/${encodeURIComponent(id)}`;

const listUrl = (query: BackofficeOrderListQuery) => {
  const params = backofficeOrderListQuery.toParams(query).toString();
  return params ? `${ORDERS}?${params}` : ORDERS;
};

export const backofficeOrdersApi = mainApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /backoffice/order: every builder's orders. */
    listBackofficeOrders: build.query<Page<BackofficeOrder>, BackofficeOrderListQuery>({
      query: listUrl,
      providesTags: (result) => [
        { type: 'order', id: 'LIST' },
        ...(result?.data ?? []).map((order) => ({ type: 'order' as const, id: order.id })),
      ],
    }),
    getBackofficeOrder: build.query<BackofficeOrder, string>({
      query: one,
      providesTags: (_result, _error, id) => [{ type: 'order', id }],
    }),
    /**
     * POST /backoffice/order/:id/status over the version shown (`If-Match`). Not retried: a change that reached the
     * server and lost its answer would be refused as stale on a retry, and the dialog offers to reload.
     */
    changeOrderStatus: build.mutation<BackofficeOrder, { id: string; version: number; input: OrderStatusChangeInput }>({
      query: ({ id, version, input }) => ({
        url: `${one(id)}/status`,
        method: 'POST',
        body: {
          status: input.status,
          ...(input.trackingCode ? { trackingCode: input.trackingCode } : {}),
          ...(input.reason ? { reason: input.reason } : {}),
        },
        headers: { 'If-Match': String(version) },
      }),
      // A paid or cancelled order changes its builder's gateways too.
      invalidatesTags: (_result, error, { id }) =>
        error
          ? []
          : [
              { type: 'order', id },
              { type: 'order', id: 'LIST' },
              { type: 'assembler', id: 'LIST' },
              { type: 'device', id: 'LIST' },
            ],
    }),
    /** GET /backoffice/assembler: the builders (the "Montadora" filter). */
    listAssemblers: build.query<Page<AssemblerSummary>, void>({
      query: () => ASSEMBLERS,
      providesTags: [{ type: 'assembler', id: 'LIST' }],
    }),
    /** GET /backoffice/assembler/:uid: the builder's card (CNPJ, contact, orders, gateways). */
    getAssembler: build.query<AssemblerProfile, string>({
      query: (uid) => `${ASSEMBLERS}/${encodeURIComponent(uid)}`,
      providesTags: (_result, _error, uid) => [
        { type: 'assembler', id: uid },
        { type: 'assembler', id: 'LIST' },
      ],
    }),
  }),
});

export const {
  useListBackofficeOrdersQuery,
  useGetBackofficeOrderQuery,
  useChangeOrderStatusMutation,
  useListAssemblersQuery,
  useGetAssemblerQuery,
} = backofficeOrdersApi;
