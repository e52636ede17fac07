/**
 * /machine-model: the builder's machine models with their default services. List (search over name,
 * manufacturer and category; filter `category`; sort by name, manufacturer, category, createdAt), detail, create
 * (idempotent), update (`If-Match`) and delete, refused while machines use the model (409 naming how many).
 * Every model in a response carries `machineCount`.
 */
import { http } from 'msw';
import {
  machineModelInputSchema,
  machineModelInUseMessage,
  machineModelListQuery,
  type MachineModelInput,
} from '@/contracts/machine-model';
import { createOne, deleteOne, foldText, getOne, list, owned, updateOne } from '@/testing/fake-api/collection';
import type { DemoDb } from '@/testing/fake-api/db';
import { authenticate, type HandlerContext } from '@/testing/fake-api/http';
import type { MachineModelRecord } from './records';

export const MACHINE_MODEL_NOT_FOUND = 'Modelo de máquina não encontrado.';

/** How many of the owner's machines are of each of its models. */
function machineCounts(db: DemoDb, ownerUid: string | null): Map<string, number> {
  const counts = new Map<string, number>();
  for (const machine of db.data.machines) {
    if (machine.ownerUid === ownerUid) counts.set(machine.modelId, (counts.get(machine.modelId) ?? 0) + 1);
  }
  return counts;
}

function countMachines(db: DemoDb, model: MachineModelRecord): number {
  return db.data.machines.filter((m) => m.modelId === model.id && m.ownerUid === model.ownerUid).length;
}

/** The stored copy of the input: services copied, so the record never shares arrays with a request. */
const toRecordFields = (input: MachineModelInput) => ({
  ...input,
  services: input.services.map((service) => ({ ...service })),
});

export function machineModelHandlers(ctx: HandlerContext) {
  const { db, apiUrl } = ctx;

  const spec = {
    kind: 'machine-model',
    notFoundMessage: MACHINE_MODEL_NOT_FOUND,
    records: (current: DemoDb) => current.data.machineModels,
    toJson: (record: MachineModelRecord) => ({ ...record, machineCount: countMachines(db, record) }),
    schema: machineModelInputSchema,
    build: toRecordFields,
    apply(record: MachineModelRecord, input: MachineModelInput) {
      Object.assign(record, toRecordFields(input));
    },
    dependents(record: MachineModelRecord) {
      const count = countMachines(db, record);
      return count > 0 ? machineModelInUseMessage(count) : null;
    },
  };

  return [
    http.get(`${apiUrl}/machine-model`, ({ request }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      const counts = machineCounts(db, auth.principal.uid);
      return list(owned(db.data.machineModels, auth.principal), {
        query: machineModelListQuery.parse(new URL(request.url).searchParams),
        searchFields: ['name', 'manufacturer', 'category'],
        filters: { category: (model, category) => foldText(model.category) === foldText(category.trim()) },
        sorts: {
          name: (model) => model.name,
          manufacturer: (model) => model.manufacturer,
          category: (model) => model.category,
          createdAt: (model) => model.createdAt,
        },
        toJson: (model) => ({ ...model, machineCount: counts.get(model.id) ?? 0 }),
      });
    }),

    http.get(`${apiUrl}/machine-model/:id`, ({ request, params }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      return getOne(ctx, auth.principal, String(params.id), spec);
    }),

    http.post(`${apiUrl}/machine-model`, ({ request }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      return createOne(request, ctx, auth.principal, spec);
    }),

    http.put(`${apiUrl}/machine-model/:id`, ({ request, params }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      return updateOne(request, ctx, auth.principal, String(params.id), spec);
    }),

    http.delete(`${apiUrl}/machine-model/:id`, ({ request, params }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      return deleteOne(request, ctx, auth.principal, String(params.id), spec);
    }),
  ];
}
