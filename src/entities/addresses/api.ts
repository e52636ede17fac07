/**
 * The delivery addresses' API (`/address`, tag `address`): Meus Endereços (features/addresses) and the checkout's
 * delivery step (features/orders) both list and create them, so it lives here rather than in either feature.
 */
import type { Address, AddressInput, AddressListQuery, CepLookup } from '@/contracts/address';
import { addressListQuery } from '@/contracts/address';
import { crudEndpoints } from '@/lib/api/crud-endpoints';
import { mainApi } from '@/lib/api/main-api';

/** A CEP look-up waits this long at most: the form falls back to manual entry rather than keep the user waiting. */
export const CEP_LOOKUP_TIMEOUT_MS = 8000;

export const addressesApi = mainApi.injectEndpoints({
  endpoints: (build) => {
    const addresses = crudEndpoints<Address, AddressInput, AddressListQuery>(build, {
      tag: 'address',
      path: '/address',
      listParams: (query) => addressListQuery.toParams(query),
    });
    return {
      listAddresses: addresses.list,
      getAddress: addresses.get,
      createAddress: addresses.create,
      updateAddress: addresses.update,
      /** POST /address/:id/default: the only default from now on (the previous one loses the flag). */
      setDefaultAddress: build.mutation<Address, string>({
        query: (id) => ({ url: `${addresses.one(id)}/default`, method: 'POST', idempotent: true }),
        invalidatesTags: (_result, error) => (error ? [] : ['address']),
      }),
      deleteAddress: build.mutation<void, string>({
        query: (id) => ({ url: addresses.one(id), method: 'DELETE' }),
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
    };
  },
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
