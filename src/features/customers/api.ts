import { customerListQuery, type Customer, type CustomerInput, type CustomerListQuery } from '@/contracts/customer';
import { crudEndpoints } from '@/lib/api/crud-endpoints';
import { mainApi } from '@/lib/api/main-api';

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
} = customersApi;
