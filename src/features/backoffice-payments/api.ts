import type { Page } from '@/contracts/common';
import {
  paymentMethodListQuery,
  type PaymentMethod,
  type PaymentMethodInput,
  type PaymentMethodListQuery,
} from '@/contracts/payment-method';
import {
  paymentPlatformListQuery,
  type PaymentPlatform,
  type PaymentPlatformCreateInput,
  type PaymentPlatformListQuery,
  type PaymentPlatformUpdateInput,
} from '@/contracts/payment-platform';
import { mainApi } from '@/lib/api/main-api';

const PLATFORMS = '/backoffice/payment-platform';
const METHODS = '/backoffice/payment-method';

const withParams = (base: string, params: URLSearchParams) => {
  const text = params.toString();
  return text ? `${base}?${text}` : base;
};

const platformUrl = (id: string) => `${PLATFORMS}/${encodeURIComponent(id)}`;
const methodUrl = (id: string) => `${METHODS}/${encodeURIComponent(id)}`;

/** Most platforms the method form's picker lists (a payment operation has a handful). */
export const PLATFORM_PICKER_SIZE = 100;

/** A switch of a record (enable, disable…): the version shown travels as `If-Match`, so a stale one answers 409. */
export interface SwitchArgs {
  id: string;
  version: number;
}

export const backofficePaymentsApi = mainApi.injectEndpoints({
  endpoints: (build) => ({
    // ---- platforms ----
    listPaymentPlatforms: build.query<Page<PaymentPlatform>, PaymentPlatformListQuery>({
      query: (query) => withParams(PLATFORMS, paymentPlatformListQuery.toParams(query)),
      providesTags: (result) => [
        { type: 'payment-platform', id: 'LIST' },
        ...(result?.data ?? []).map((platform) => ({ type: 'payment-platform' as const, id: platform.id })),
      ],
    }),
    getPaymentPlatform: build.query<PaymentPlatform, string>({
      query: platformUrl,
      providesTags: (_result, _error, id) => [{ type: 'payment-platform', id }],
    }),
    /** POST, with an Idempotency-Key kept across retries of one submission. The key is sent once, never answered. */
    createPaymentPlatform: build.mutation<PaymentPlatform, { input: PaymentPlatformCreateInput; idempotencyKey: string }>({
      query: ({ input, idempotencyKey }) => ({
        url: PLATFORMS,
        method: 'POST',
        body: input,
        headers: { 'Idempotency-Key': idempotencyKey },
        idempotent: true,
      }),
      invalidatesTags: [{ type: 'payment-platform', id: 'LIST' }],
    }),
    /** PUT over the version the form was loaded with; a blank `secretKey` keeps the stored key. */
    updatePaymentPlatform: build.mutation<PaymentPlatform, { id: string; version: number; input: PaymentPlatformUpdateInput }>({
      query: ({ id, version, input }) => ({ url: platformUrl(id), method: 'PUT', body: input, headers: { 'If-Match': String(version) } }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'payment-platform', id },
        { type: 'payment-platform', id: 'LIST' },
        // Methods show their platform's name.
        { type: 'payment-method', id: 'LIST' },
      ],
    }),
    enablePaymentPlatform: build.mutation<PaymentPlatform, SwitchArgs>({
      query: ({ id, version }) => ({ url: `${platformUrl(id)}/enable`, method: 'POST', headers: { 'If-Match': String(version) } }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'payment-platform', id },
        { type: 'payment-platform', id: 'LIST' },
        { type: 'payment-method', id: 'LIST' },
      ],
    }),
    /** Also disables the platform's enabled methods. */
    disablePaymentPlatform: build.mutation<PaymentPlatform, SwitchArgs>({
      query: ({ id, version }) => ({ url: `${platformUrl(id)}/disable`, method: 'POST', headers: { 'If-Match': String(version) } }),
      invalidatesTags: (result, _error, { id }) => [
        { type: 'payment-platform', id },
        { type: 'payment-platform', id: 'LIST' },
        { type: 'payment-method', id: 'LIST' },
        ...(result?.methods ?? []).map((method) => ({ type: 'payment-method' as const, id: method.id })),
      ],
    }),
    deletePaymentPlatform: build.mutation<void, string>({
      query: (id) => ({ url: platformUrl(id), method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'payment-platform', id: 'LIST' }]),
    }),

    // ---- methods ----
    listPaymentMethods: build.query<Page<PaymentMethod>, PaymentMethodListQuery>({
      query: (query) => withParams(METHODS, paymentMethodListQuery.toParams(query)),
      providesTags: (result) => [
        { type: 'payment-method', id: 'LIST' },
        ...(result?.data ?? []).map((method) => ({ type: 'payment-method' as const, id: method.id })),
      ],
    }),
    getPaymentMethod: build.query<PaymentMethod, string>({
      query: methodUrl,
      providesTags: (_result, _error, id) => [{ type: 'payment-method', id }],
    }),
    createPaymentMethod: build.mutation<PaymentMethod, { input: PaymentMethodInput; idempotencyKey: string }>({
      query: ({ input, idempotencyKey }) => ({
        url: METHODS,
        method: 'POST',
        body: input,
        headers: { 'Idempotency-Key': idempotencyKey },
        idempotent: true,
      }),
      // A platform lists its methods.
      invalidatesTags: (result) => [
        { type: 'payment-method', id: 'LIST' },
        { type: 'payment-platform', id: 'LIST' },
        ...(result ? [{ type: 'payment-platform' as const, id: result.platformId }] : []),
      ],
    }),
    updatePaymentMethod: build.mutation<PaymentMethod, { id: string; version: number; input: PaymentMethodInput }>({
      query: ({ id, version, input }) => ({ url: methodUrl(id), method: 'PUT', body: input, headers: { 'If-Match': String(version) } }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'payment-method', id },
        { type: 'payment-method', id: 'LIST' },
        { type: 'payment-platform', id: 'LIST' },
        { type: 'payment-platform' },
      ],
    }),
    enablePaymentMethod: build.mutation<PaymentMethod, SwitchArgs>({
      query: ({ id, version }) => ({ url: `${methodUrl(id)}/enable`, method: 'POST', headers: { 'If-Match': String(version) } }),
      invalidatesTags: (result, _error, { id }) => [
        { type: 'payment-method', id },
        { type: 'payment-method', id: 'LIST' },
        { type: 'payment-platform', id: 'LIST' },
        ...(result ? [{ type: 'payment-platform' as const, id: result.platformId }] : []),
      ],
    }),
    disablePaymentMethod: build.mutation<PaymentMethod, SwitchArgs>({
      query: ({ id, version }) => ({ url: `${methodUrl(id)}/disable`, method: 'POST', headers: { 'If-Match': String(version) } }),
      invalidatesTags: (result, _error, { id }) => [
        { type: 'payment-method', id },
        { type: 'payment-method', id: 'LIST' },
        { type: 'payment-platform', id: 'LIST' },
        ...(result ? [{ type: 'payment-platform' as const, id: result.platformId }] : []),
      ],
    }),
    deletePaymentMethod: build.mutation<void, string>({
      query: (id) => ({ url: methodUrl(id), method: 'DELETE' }),
      invalidatesTags: (_result, error) =>
        error
          ? []
          : [
              { type: 'payment-method', id: 'LIST' },
              { type: 'payment-platform', id: 'LIST' },
              { type: 'payment-platform' },
            ],
    }),
  }),
});

export const {
  useListPaymentPlatformsQuery,
  useGetPaymentPlatformQuery,
  useLazyGetPaymentPlatformQuery,
  useCreatePaymentPlatformMutation,
  useUpdatePaymentPlatformMutation,
  useEnablePaymentPlatformMutation,
  useDisablePaymentPlatformMutation,
  useDeletePaymentPlatformMutation,
  useListPaymentMethodsQuery,
  useGetPaymentMethodQuery,
  useLazyGetPaymentMethodQuery,
  useCreatePaymentMethodMutation,
  useUpdatePaymentMethodMutation,
  useEnablePaymentMethodMutation,
  useDisablePaymentMethodMutation,
  useDeletePaymentMethodMutation,
} = backofficePaymentsApi;
