/**
 * Webhooks' endpoints (issue 37; the routes are src/server/main/routes/webhooks): the account's endpoints
 * (Configurações → "Webhooks"), each one's delivery log with "Reenviar" and "Enviar teste", and — in demo mode — what
 * the demo's own receiver got. Tag: `webhook` (LIST: the endpoints; `deliveries:<id>`: one endpoint's log;
 * `receiver`: the demo receiver's page).
 */
import type {
  DemoWebhookReceipt,
  WebhookCreateInput,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
  WebhookUpdateInput,
} from '@/contracts/webhooks';
import type { RelatedTag } from '@/lib/api/crud-endpoints';
import { mainApi } from '@/lib/api/main-api';

/** An endpoint as the page holds it: the API's `{ seconds, nanos }` became Dates in the base query. */
export type WebhookEndpointView = Omit<WebhookEndpoint, 'createdAt' | 'failingSince' | 'disabledAt'> & {
  createdAt: Date;
  failingSince: Date | null;
  disabledAt: Date | null;
};
export type WebhookEndpointWithSecretView = WebhookEndpointView & Pick<WebhookEndpointWithSecret, 'secret'>;
export type WebhookDeliveryView = Omit<WebhookDelivery, 'createdAt' | 'deliveredAt' | 'nextAttemptAt'> & {
  createdAt: Date;
  deliveredAt: Date | null;
  nextAttemptAt: Date | null;
};
export type DemoWebhookReceiptView = Omit<DemoWebhookReceipt, 'receivedAt'> & { receivedAt: Date };

interface Page<T> {
  data: T[];
  meta: { page: number; perPage: number; total: number };
}

const ENDPOINTS = { type: 'webhook', id: 'LIST' } as const satisfies RelatedTag;
const RECEIVER = { type: 'webhook', id: 'receiver' } as const satisfies RelatedTag;
const deliveriesTag = (endpointId: string) => ({ type: 'webhook', id: `deliveries:${endpointId}` }) as const satisfies RelatedTag;
const one = (id: string) => `/webhook/${encodeURIComponent(id)}`;

export const webhooksApi = mainApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /webhook: the endpoints, oldest first (never their secret). */
    listWebhooks: build.query<Page<WebhookEndpointView>, void>({
      query: () => '/webhook',
      providesTags: [ENDPOINTS],
    }),
    /** POST /webhook (Idempotency-Key): the answer carries the secret, this once. */
    createWebhook: build.mutation<WebhookEndpointWithSecretView, { input: WebhookCreateInput; idempotencyKey: string }>({
      query: ({ input, idempotencyKey }) => ({ url: '/webhook', method: 'POST', body: input, headers: { 'Idempotency-Key': idempotencyKey } }),
      invalidatesTags: (_result, error) => (error ? [] : [ENDPOINTS]),
    }),
    /** PUT /webhook/{id} over the version shown (If-Match). */
    updateWebhook: build.mutation<WebhookEndpointView, { id: string; version: number; input: WebhookUpdateInput }>({
      query: ({ id, version, input }) => ({ url: one(id), method: 'PUT', body: input, headers: { 'If-Match': String(version) } }),
      invalidatesTags: (_result, error) => (error ? [] : [ENDPOINTS]),
    }),
    /** DELETE /webhook/{id} (with its log). */
    deleteWebhook: build.mutation<void, { id: string; version: number }>({
      query: ({ id, version }) => ({ url: one(id), method: 'DELETE', headers: { 'If-Match': String(version) } }),
      invalidatesTags: (_result, error) => (error ? [] : [ENDPOINTS]),
    }),
    /** POST /webhook/{id}/rotate-secret: the new secret, this once. */
    rotateWebhookSecret: build.mutation<WebhookEndpointWithSecretView, string>({
      query: (id) => ({ url: `${one(id)}/rotate-secret`, method: 'POST' }),
      invalidatesTags: (_result, error) => (error ? [] : [ENDPOINTS]),
    }),
    /** POST /webhook/{id}/test ("Enviar teste"). */
    sendWebhookTest: build.mutation<WebhookDeliveryView, string>({
      query: (id) => ({ url: `${one(id)}/test`, method: 'POST' }),
      invalidatesTags: (_result, error, id) => (error ? [] : [deliveriesTag(id), ENDPOINTS, RECEIVER]),
    }),
    /** GET /webhook/{id}/delivery: the endpoint's latest deliveries. */
    listWebhookDeliveries: build.query<Page<WebhookDeliveryView>, string>({
      query: (id) => `${one(id)}/delivery?perPage=20`,
      providesTags: (_result, _error, id) => [deliveriesTag(id)],
    }),
    /** POST /webhook/delivery/{id}/resend ("Reenviar"). */
    resendWebhookDelivery: build.mutation<WebhookDeliveryView, { id: string; endpointId: string }>({
      query: ({ id }) => ({ url: `/webhook/delivery/${encodeURIComponent(id)}/resend`, method: 'POST' }),
      invalidatesTags: (_result, error, { endpointId }) => (error ? [] : [deliveriesTag(endpointId), ENDPOINTS, RECEIVER]),
    }),
    /** GET /demo/webhook-receiver (demo mode only): what the demo's receiver got for the account. */
    listDemoWebhookReceipts: build.query<{ data: DemoWebhookReceiptView[] }, void>({
      query: () => '/demo/webhook-receiver',
      providesTags: [RECEIVER],
    }),
  }),
});

export const {
  useListWebhooksQuery,
  useCreateWebhookMutation,
  useUpdateWebhookMutation,
  useDeleteWebhookMutation,
  useRotateWebhookSecretMutation,
  useSendWebhookTestMutation,
  useListWebhookDeliveriesQuery,
  useResendWebhookDeliveryMutation,
  useListDemoWebhookReceiptsQuery,
} = webhooksApi;
