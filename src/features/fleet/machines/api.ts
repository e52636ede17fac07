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
import { crudEndpoints, pathWithParams, type RelatedTag } from '@/lib/api/crud-endpoints';
import { mainApi } from '@/lib/api/main-api';

/** How many options a picker loads at once: a native select holds them well; more are reached by searching. */
export const OPTIONS_PAGE = 100;

const optionsUrl = (path: string, q: string) =>
  `${path}?${new URLSearchParams({ perPage: String(OPTIONS_PAGE), sort: 'name', ...(q ? { q } : {}) }).toString()}`;

export type MachineWrite = MachineInput & { moveDevice?: boolean };

/**
 * What a machine's create, update and delete also change: a moved gateway changes another machine and the gateways'
 * lists, and customers and models count their machines.
 */
const MACHINE_WRITE_REFRESHES = [
  { type: 'device', id: 'LIST' },
  { type: 'customer', id: 'LIST' },
  { type: 'machine-model', id: 'LIST' },
] as const satisfies readonly RelatedTag[];

export const machinesApi = mainApi.injectEndpoints({
  endpoints: (build) => {
    const machines = crudEndpoints<Machine, MachineWrite, MachineListQuery>(build, {
      tag: 'machine',
      path: '/machine',
      listParams: (query) => machineListQuery.toParams(query),
      createAlsoRefreshes: MACHINE_WRITE_REFRESHES,
      updateAlsoRefreshes: MACHINE_WRITE_REFRESHES,
      removeAlsoRefreshes: MACHINE_WRITE_REFRESHES,
    });
    return {
      listMachines: machines.list,
      getMachine: machines.get,
      createMachine: machines.create,
      updateMachine: machines.update,
      deleteMachine: machines.remove,
      /** The sessions through the machine's gateway: newest first, paged, by period. */
      listMachineAccess: build.query<Page<AccessEntry>, { machineId: string; query: AccessListQuery }>({
        query: ({ machineId, query }) =>
          pathWithParams(`${machines.one(machineId)}/access`, accessListQuery.toParams(query)),
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
    };
  },
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
