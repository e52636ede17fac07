import type { Page } from '@/contracts/common';
import {
  machineModelListQuery,
  type MachineModel,
  type MachineModelInput,
  type MachineModelListQuery,
} from '@/contracts/machine-model';
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

const listUrl = (query: MachineModelListQuery) => {
  const params = machineModelListQuery.toParams(query).toString();
  return params ? `/machine-model?${params}` : '/machine-model';
};

const one = (id: string) => `/machine-model/${encodeURIComponent(id)}`;

export const machineModelsApi = mainApi.injectEndpoints({
  endpoints: (build) => ({
    listMachineModels: build.query<Page<MachineModel>, MachineModelListQuery>({
      query: listUrl,
      providesTags: (result) => [
        { type: 'machine-model', id: 'LIST' },
        ...(result?.data ?? []).map((model) => ({ type: 'machine-model' as const, id: model.id })),
      ],
    }),
    getMachineModel: build.query<MachineModel, string>({
      query: one,
      providesTags: (_result, _error, id) => [{ type: 'machine-model', id }],
    }),
    /** POST /machine-model. The key stays the same across retries of one submission: a retry never makes two. */
    createMachineModel: build.mutation<MachineModel, { input: MachineModelInput; idempotencyKey: string }>({
      query: ({ input, idempotencyKey }) => ({
        url: '/machine-model',
        method: 'POST',
        body: input,
        headers: { 'Idempotency-Key': idempotencyKey },
        idempotent: true,
      }),
      invalidatesTags: [{ type: 'machine-model', id: 'LIST' }],
    }),
    /** PUT /machine-model/:id over the version the form was loaded with (`If-Match`); a newer one answers 409. */
    updateMachineModel: build.mutation<MachineModel, { id: string; version: number; input: MachineModelInput }>({
      query: ({ id, version, input }) => ({
        url: one(id),
        method: 'PUT',
        body: input,
        headers: { 'If-Match': String(version) },
      }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'machine-model', id },
        { type: 'machine-model', id: 'LIST' },
        // Machines show their model's name.
        { type: 'machine', id: 'LIST' },
      ],
    }),
    deleteMachineModel: build.mutation<void, string>({
      query: (id) => ({ url: one(id), method: 'DELETE' }),
      // Only the lists: the deleted record's own page is being left, and refetching it would just answer 404.
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'machine-model', id: 'LIST' }]),
    }),
    /** The first page of machines of a model (the full list lives in Máquinas, `?model=<id>`). */
    listModelMachines: build.query<Page<ModelMachine>, { modelId: string; perPage: number }>({
      query: ({ modelId, perPage }) =>
        `/machine?${new URLSearchParams({ model: modelId, perPage: String(perPage), sort: 'name' }).toString()}`,
      providesTags: [{ type: 'machine', id: 'LIST' }],
    }),
  }),
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
