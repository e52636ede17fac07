import type { Address, AddressInput, AddressListQuery, CepLookup } from '@/contracts/address';
import { addressListQuery } from '@/contracts/address';
import type { Page } from '@/contracts/common';
import { mainApi } from '@/lib/api/main-api';

const listUrl = (query: AddressListQuery) => {
  const params = addressListQuery.toParams(query).toString();
  return params ? `/address?${params}` : '/address';
};

const one = (id: string) => `/address/${encodeURIComponent(id)}`;

/** A CEP look-up waits this long at most: the form falls back to manual entry rather than keep the user waiting. */
export const CEP_LOOKUP_TIMEOUT_MS = 8000;

export const addressesApi = mainApi.injectEndpoints({
  endpoints: (build) => ({
    listAddresses: build.query<Page<Address>, AddressListQuery>({
      query: listUrl,
      providesTags: (result) => [
        { type: 'address', id: 'LIST' },
        ...(result?.data ?? []).map((address) => ({ type: 'address' as const, id: address.id })),
      ],
    }),
    getAddress: build.query<Address, string>({
      query: one,
      providesTags: (_result, _error, id) => [{ type: 'address', id }],
    }),
    /** POST /address. The key stays the same across retries of one submission: a retry never makes two. */
    createAddress: build.mutation<Address, { input: AddressInput; idempotencyKey: string }>({
      query: ({ input, idempotencyKey }) => ({
        url: '/address',
        method: 'POST',
        body: input,
        headers: { 'Idempotency-Key': idempotencyKey },
        idempotent: true,
      }),
      invalidatesTags: [{ type: 'address', id: 'LIST' }],
    }),
    /** PUT /address/:id over the version the form was loaded with (`If-Match`); a newer one answers 409. */
    updateAddress: build.mutation<Address, { id: string; version: number; input: AddressInput }>({
      query: ({ id, version, input }) => ({
        url: one(id),
        method: 'PUT',
        body: input,
        headers: { 'If-Match': String(version) },
      }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'address', id },
        { type: 'address', id: 'LIST' },
      ],
    }),
    /** POST /address/:id/default: the only default from now on (the previous one loses the flag). */
    setDefaultAddress: build.mutation<Address, string>({
      query: (id) => ({ url: `${one(id)}/default`, method: 'POST', idempotent: true }),
      invalidatesTags: (_result, error) => (error ? [] : ['address']),
    }),
    deleteAddress: build.mutation<void, string>({
      query: (id) => ({ url: one(id), method: 'DELETE' }),
      // The lists, and the other addresses' pages (deleting the default hands the flag to another one); not the
      // deleted record's own page, which is being left and would only answer 404.
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'address', id: 'LIST' }]),
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        const others = addressesApi.util
          .selectInvalidatedBy(getState(), [{ type: 'address' }])
          .filter((entry) => entry.endpointName === 'getAddress' && entry.originalArgs !== id)
          .map((entry) => ({ type: 'address' as const, id: String(entry.originalArgs) }));
        if (others.length > 0) dispatch(addressesApi.util.invalidateTags(others));
      },
    }),
    /**
     * GET /address/cep/:cep (8 digits) → street, district, city and UF; 404 `cep-not-found` for a CEP the table
     * does not know. Not retried and cut short: the form lets the user type the address instead.
     */
    lookupCep: build.query<CepLookup, string>({
      query: (cep) => ({ url: `/address/cep/${encodeURIComponent(cep)}`, timeout: CEP_LOOKUP_TIMEOUT_MS }),
      extraOptions: { maxRetries: 0 },
      keepUnusedDataFor: 600,
    }),
  }),
});

export const {
  useListAddressesQuery,
  useGetAddressQuery,
  useLazyGetAddressQuery,
  useCreateAddressMutation,
  useUpdateAddressMutation,
  useSetDefaultAddressMutation,
  useDeleteAddressMutation,
  useLazyLookupCepQuery,
} = addressesApi;
