/**
 * The machines installed at one customer (`GET /machine?customer=<id>`), on the machines contract: the customer's
 * detail page lists the first of them, the full list lives in Máquinas (features/fleet). Tagged as the machine
 * list is, so a machine created, moved or deleted anywhere refreshes it.
 */
import type { Page } from '@/contracts/common';
import type { Machine } from '@/contracts/machine';
import { mainApi } from '@/lib/api/main-api';

export const customerMachinesApi = mainApi.injectEndpoints({
  endpoints: (build) => ({
    /** The first page of machines installed at a customer, by name. */
    listCustomerMachines: build.query<Page<Machine>, { customerId: string; perPage: number }>({
      query: ({ customerId, perPage }) =>
        `/machine?${new URLSearchParams({ customer: customerId, perPage: String(perPage), sort: 'name' }).toString()}`,
      providesTags: [{ type: 'machine', id: 'LIST' }],
    }),
  }),
});

export const { useListCustomerMachinesQuery } = customerMachinesApi;
