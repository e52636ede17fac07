/**
 * /machine, read-only for now (the fleet work adds the writes): list (search over name, serial number and site;
 * filters `customer` and `model` by id; sorts of the contract) and detail, with the model's and the customer's
 * names joined in.
 */
import { http } from 'msw';
import { machineListQuery } from '@/contracts/machine';
import { getOne, list, owned } from '@/demo/collection';
import type { DemoDb } from '@/demo/db';
import { authenticate, type HandlerContext } from '@/demo/http';
import type { MachineRecord } from './records';

export const MACHINE_NOT_FOUND = 'Máquina não encontrada.';

/** The machine as the API sends it: model and customer names joined. */
function machineJson(db: DemoDb) {
  const models = new Map(db.data.machineModels.map((model) => [model.id, model.name]));
  const customers = new Map(db.data.customers.map((customer) => [customer.id, customer.name]));
  return (machine: MachineRecord) => ({
    ...machine,
    modelName: models.get(machine.modelId) ?? '',
    customerName: machine.customerId ? (customers.get(machine.customerId) ?? null) : null,
  });
}

export function machineHandlers(ctx: HandlerContext) {
  const { db, apiUrl } = ctx;
  return [
    http.get(`${apiUrl}/machine`, ({ request }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      const join = machineJson(db);
      const rows = owned(db.data.machines, auth.principal).map(join);
      return list(rows, {
        query: machineListQuery.parse(new URL(request.url).searchParams),
        searchFields: ['name', 'serialNumber', 'site'],
        filters: {
          customer: (machine, id) => machine.customerId === id,
          model: (machine, id) => machine.modelId === id,
        },
        sorts: {
          name: (machine) => machine.name,
          serialNumber: (machine) => machine.serialNumber,
          modelName: (machine) => machine.modelName,
          customerName: (machine) => machine.customerName,
          site: (machine) => machine.site,
          createdAt: (machine) => machine.createdAt,
        },
      });
    }),

    http.get(`${apiUrl}/machine/:id`, ({ request, params }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      return getOne(ctx, auth.principal, String(params.id), {
        kind: 'machine',
        notFoundMessage: MACHINE_NOT_FOUND,
        records: (current) => current.data.machines,
        toJson: machineJson(db),
      });
    }),
  ];
}
