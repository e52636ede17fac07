import type { Page } from '@/contracts/common';
import { customerListQuery, type Customer, type CustomerInput, type CustomerListQuery } from '@/contracts/customer';
import { crudEndpoints } from '@/lib/api/crud-endpoints';
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

export const customersApi = mainApi.injectEndpoints({
  endpoints: (build) => {
    const customers = crudEndpoints<Customer, CustomerInput, CustomerListQuery>(build, {
      tag: 'customer',
      path: '/customer',
      listParams: (query) => customerListQuery.toParams(query),
    });
    return {
      listCustomers: customers.list,
      getCustomer: customers.get,
      createCustomer: customers.create,
      updateCustomer: customers.update,
      deleteCustomer: customers.remove,
      /** The first page of machines installed at a customer (the full list lives in Máquinas). */
      listCustomerMachines: build.query<Page<CustomerMachine>, { customerId: string; perPage: number }>({
        query: ({ customerId, perPage }) =>
          `/machine?${new URLSearchParams({ customer: customerId, perPage: String(perPage), sort: 'name' }).toString()}`,
        providesTags: [{ type: 'machine', id: 'LIST' }],
      }),
    };
  },
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
