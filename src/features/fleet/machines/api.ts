import type { Page } from '@/contracts/common';
import type { Customer } from '@/contracts/customer';
import type { Device } from '@/contracts/device';
import {
  accessListQuery,
  machineListQuery,
  type AccessEntry,
  type AccessListQuery,
  type Machine,
  type MachineInput,
  type MachineListQuery,
} from '@/contracts/machine';
import type { MachineModel } from '@/contracts/machine-model';
import { mainApi } from '@/lib/api/main-api';

const withParams = (path: string, params: URLSearchParams) => {
  const text = params.toString();
  return text ? `${path}?${text}` : path;
};

const one = (id: string) => `/machine/${encodeURIComponent(id)}`;

/** How many options a picker loads at once: a native select holds them well; more are reached by searching. */
export const OPTIONS_PAGE = 100;

const optionsUrl = (path: string, q: string) =>
  `${path}?${new URLSearchParams({ perPage: String(OPTIONS_PAGE), sort: 'name', ...(q ? { q } : {}) }).toString()}`;

export type MachineWrite = MachineInput & { moveDevice?: boolean };

export const machinesApi = mainApi.injectEndpoints({
  endpoints: (build) => ({
    listMachines: build.query<Page<Machine>, MachineListQuery>({
      query: (query) => withParams('/machine', machineListQuery.toParams(query)),
      providesTags: (result) => [
        { type: 'machine', id: 'LIST' },
        ...(result?.data ?? []).map((machine) => ({ type: 'machine' as const, id: machine.id })),
      ],
    }),
    getMachine: build.query<Machine, string>({
      query: one,
      providesTags: (_result, _error, id) => [{ type: 'machine', id }],
    }),
    /** POST /machine. The key stays the same across retries of one submission: a retry never makes two. */
    createMachine: build.mutation<Machine, { input: MachineWrite; idempotencyKey: string }>({
      query: ({ input, idempotencyKey }) => ({
        url: '/machine',
        method: 'POST',
        body: input,
        headers: { 'Idempotency-Key': idempotencyKey },
        idempotent: true,
      }),
      // A moved gateway changes another machine and the gateways' lists too.
      invalidatesTags: [
        { type: 'machine', id: 'LIST' },
        { type: 'device', id: 'LIST' },
        { type: 'customer', id: 'LIST' },
        { type: 'machine-model', id: 'LIST' },
      ],
    }),
    /** PUT /machine/:id over the version the form was loaded with (`If-Match`); a newer one answers 409. */
    updateMachine: build.mutation<Machine, { id: string; version: number; input: MachineWrite }>({
      query: ({ id, version, input }) => ({
        url: one(id),
        method: 'PUT',
        body: input,
        headers: { 'If-Match': String(version) },
      }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'machine', id },
        { type: 'machine', id: 'LIST' },
        { type: 'device', id: 'LIST' },
        { type: 'customer', id: 'LIST' },
        { type: 'machine-model', id: 'LIST' },
      ],
    }),
    deleteMachine: build.mutation<void, string>({
      query: (id) => ({ url: one(id), method: 'DELETE' }),
      // Only the lists: the deleted record's own page is being left, and refetching it would just answer 404.
      invalidatesTags: (_result, error) =>
        error
          ? []
          : [
              { type: 'machine', id: 'LIST' },
              { type: 'device', id: 'LIST' },
              { type: 'customer', id: 'LIST' },
              { type: 'machine-model', id: 'LIST' },
            ],
    }),
    /** The sessions through the machine's gateway: newest first, paged, by period. */
    listMachineAccess: build.query<Page<AccessEntry>, { machineId: string; query: AccessListQuery }>({
      query: ({ machineId, query }) => withParams(`${one(machineId)}/access`, accessListQuery.toParams(query)),
      providesTags: (_result, _error, { machineId }) => [{ type: 'device-connection', id: machineId }],
    }),
    /** The form's and the list filter's model options: the first 100 by name (with their services). */
    listMachineModelOptions: build.query<Page<MachineModel>, string>({
      query: (q) => optionsUrl('/machine-model', q),
      providesTags: [{ type: 'machine-model', id: 'LIST' }],
    }),
    listMachineCustomerOptions: build.query<Page<Customer>, string>({
      query: (q) => optionsUrl('/customer', q),
      providesTags: [{ type: 'customer', id: 'LIST' }],
    }),
    /** The device picker's options: the caller's gateways matching `q` (`GET /device?perPage=100&q=`). */
    listMachineDeviceOptions: build.query<Page<Device>, string>({
      query: (q) => optionsUrl('/device', q),
      providesTags: [{ type: 'device', id: 'LIST' }],
    }),
  }),
});

export const {
  useListMachinesQuery,
  useGetMachineQuery,
  useLazyGetMachineQuery,
  useCreateMachineMutation,
  useUpdateMachineMutation,
  useDeleteMachineMutation,
  useListMachineAccessQuery,
  useLazyListMachineAccessQuery,
  useListMachineModelOptionsQuery,
  useListMachineCustomerOptionsQuery,
  useListMachineDeviceOptionsQuery,
} = machinesApi;
