import type { Page } from '@/contracts/common';
import { customerListQuery, type Customer, type CustomerInput, type CustomerListQuery } from '@/contracts/customer';
import { mainApi } from '@/lib/api/main-api';

/** A machine installed at a customer, as the customer's detail page lists it. */
export interface CustomerMachine {
  id: string;
  name: string;
  serialNumber: string;
  modelName: string;
  site: string;
  deviceId: string | null;
}

const listUrl = (query: CustomerListQuery) => {
  const params = customerListQuery.toParams(query).toString();
  return params ? `/customer?${params}` : '/customer';
};

const one = (id: string) => `/customer/${encodeURIComponent(id)}`;

export const customersApi = mainApi.injectEndpoints({
  endpoints: (build) => ({
    listCustomers: build.query<Page<Customer>, CustomerListQuery>({
      query: listUrl,
      providesTags: (result) => [
        { type: 'customer', id: 'LIST' },
        ...(result?.data ?? []).map((customer) => ({ type: 'customer' as const, id: customer.id })),
      ],
    }),
    getCustomer: build.query<Customer, string>({
      query: one,
      providesTags: (_result, _error, id) => [{ type: 'customer', id }],
    }),
    /** POST /customer. The key stays the same across retries of one submission: a retry never makes two. */
    createCustomer: build.mutation<Customer, { input: CustomerInput; idempotencyKey: string }>({
      query: ({ input, idempotencyKey }) => ({
        url: '/customer',
        method: 'POST',
        body: input,
        headers: { 'Idempotency-Key': idempotencyKey },
        idempotent: true,
      }),
      invalidatesTags: [{ type: 'customer', id: 'LIST' }],
    }),
    /** PUT /customer/:id over the version the form was loaded with (`If-Match`); a newer one answers 409. */
    updateCustomer: build.mutation<Customer, { id: string; version: number; input: CustomerInput }>({
      query: ({ id, version, input }) => ({
        url: one(id),
        method: 'PUT',
        body: input,
        headers: { 'If-Match': String(version) },
      }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'customer', id },
        { type: 'customer', id: 'LIST' },
      ],
    }),
    deleteCustomer: build.mutation<void, string>({
      query: (id) => ({ url: one(id), method: 'DELETE' }),
      // Only the lists: the deleted record's own page is being left, and refetching it would just answer 404.
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'customer', id: 'LIST' }]),
    }),
    /** The first page of machines installed at a customer (the full list lives in Máquinas). */
    listCustomerMachines: build.query<Page<CustomerMachine>, { customerId: string; perPage: number }>({
      query: ({ customerId, perPage }) =>
        `/machine?${new URLSearchParams({ customer: customerId, perPage: String(perPage), sort: 'name' }).toString()}`,
      providesTags: [{ type: 'machine', id: 'LIST' }],
    }),
  }),
});

export const {
  useListCustomersQuery,
  useGetCustomerQuery,
  useLazyGetCustomerQuery,
  useCreateCustomerMutation,
  useUpdateCustomerMutation,
  useDeleteCustomerMutation,
  useListCustomerMachinesQuery,
} = customersApi;
