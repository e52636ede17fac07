import type { Page } from '@/contracts/common';
import {
  machineModelListQuery,
  type MachineModel,
  type MachineModelInput,
  type MachineModelListQuery,
} from '@/contracts/machine-model';
import { crudEndpoints } from '@/lib/api/crud-endpoints';
import { mainApi } from '@/lib/api/main-api';

/** A machine of a model, as the model's detail page lists it. */
export interface ModelMachine {
  id: string;
  name: string;
  serialNumber: string;
  customerName: string | null;
  site: string;
  deviceId: string | null;
}

export const machineModelsApi = mainApi.injectEndpoints({
  endpoints: (build) => {
    const models = crudEndpoints<MachineModel, MachineModelInput, MachineModelListQuery>(build, {
      tag: 'machine-model',
      path: '/machine-model',
      listParams: (query) => machineModelListQuery.toParams(query),
      // Machines show their model's name.
      updateAlsoRefreshes: [{ type: 'machine', id: 'LIST' }],
    });
    return {
      listMachineModels: models.list,
      getMachineModel: models.get,
      createMachineModel: models.create,
      updateMachineModel: models.update,
      deleteMachineModel: models.remove,
      /** The first page of machines of a model (the full list lives in Máquinas, `?model=<id>`). */
      listModelMachines: build.query<Page<ModelMachine>, { modelId: string; perPage: number }>({
        query: ({ modelId, perPage }) =>
          `/machine?${new URLSearchParams({ model: modelId, perPage: String(perPage), sort: 'name' }).toString()}`,
        providesTags: [{ type: 'machine', id: 'LIST' }],
      }),
    };
  },
});

export const {
  useListMachineModelsQuery,
  useGetMachineModelQuery,
  useLazyGetMachineModelQuery,
  useCreateMachineModelMutation,
  useUpdateMachineModelMutation,
  useDeleteMachineModelMutation,
  useListModelMachinesQuery,
} = machineModelsApi;
