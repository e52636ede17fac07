/**
 * /machine: list (search over name, serial number and site; filters `customer` and `model` by id; sorts of the
 * contract), detail, create (idempotent), update (`If-Match`), delete (frees its gateway) and the access history
 * `GET /machine/:id/access` (the sessions through its gateway, newest first, paged, by period).
 *
 * A machine in a response carries its model's and customer's names and its gateway's summary (name, status).
 * Scale: the large demo has 10 000 machines, so a list request filters and sorts the plain records (names are
 * looked up only when sorting by them, with one lookup built per request; the sorted order of the stored
 * collection is kept between requests, see `listPage` in collection.ts) and joins names and gateways only for the
 * page it returns.
 *
 * Writes refuse (409, on the field) a model or customer that does not exist (any more) for the caller, and a
 * gateway installed on another machine (`device-in-use`) unless the body says `moveDevice: true`, which moves it.
 */
import { http, HttpResponse } from 'msw';
import {
  accessListQuery,
  accessPeriod,
  DEVICE_IN_USE_CODE,
  deviceInUseMessage,
  MACHINE_CUSTOMER_GONE_MESSAGE,
  MACHINE_DEVICE_GONE_MESSAGE,
  MACHINE_MODEL_GONE_MESSAGE,
  machineInputSchema,
  machineListQuery,
  type MachineInput,
} from '@/contracts/machine';
import { createOne, deleteOne, findOwned, listPage, ownedBy, updateOne, type SearchField } from '@/testing/fake-api/collection';
import type { DemoDb, DeviceConnectionRecord, DeviceRecord } from '@/testing/fake-api/db';
import { apiError, authenticate, notFound, serialize, type HandlerContext } from '@/testing/fake-api/http';
import type { Principal } from '@/testing/fake-api/token';
import { machineTunnelSubnet } from './tunnel-subnets';
import type { MachineRecord } from '@/seed/machines/records';

export const MACHINE_NOT_FOUND = 'Máquina não encontrada.';

type DeviceSummary = Pick<DeviceRecord, 'id' | 'name' | 'serialNumber' | 'status' | 'lastSeenAt'>;

function deviceSummary(device: DeviceRecord): DeviceSummary {
  return {
    id: device.id,
    name: device.name,
    serialNumber: device.serialNumber,
    status: device.status,
    lastSeenAt: device.lastSeenAt,
  };
}

/**
 * The machines as the API sends them, joined in one pass over each collection, looking up only the ids these
 * machines use (never a map of every model, customer or gateway).
 */
function joinMachines(db: DemoDb, machines: readonly MachineRecord[]): object[] {
  const modelIds = new Set(machines.map((machine) => machine.modelId));
  const customerIds = new Set(machines.flatMap((machine) => (machine.customerId ? [machine.customerId] : [])));
  const deviceIds = new Set(machines.flatMap((machine) => (machine.deviceId ? [machine.deviceId] : [])));
  const models = new Map<string, { name: string; services: MachineRecord['services'] }>();
  for (const model of db.data.machineModels) {
    if (modelIds.has(model.id)) models.set(model.id, { name: model.name, services: model.services });
  }
  const customers = new Map<string, string>();
  if (customerIds.size > 0) {
    for (const customer of db.data.customers) if (customerIds.has(customer.id)) customers.set(customer.id, customer.name);
  }
  const devices = new Map<string, DeviceSummary>();
  if (deviceIds.size > 0) {
    for (const device of db.data.devices) if (deviceIds.has(device.id)) devices.set(device.id, deviceSummary(device));
  }
  return machines.map((machine) => {
    const model = models.get(machine.modelId);
    return {
      ...machine,
      modelName: model?.name ?? '',
      customerName: machine.customerId ? (customers.get(machine.customerId) ?? null) : null,
      device: machine.deviceId ? (devices.get(machine.deviceId) ?? null) : null,
      tunnelSubnet: machineTunnelSubnet(db.data, machine),
      // Data stored before machines had services: the model's.
      services: machine.services ?? (model?.services ?? []).map((service) => ({ ...service })),
    };
  });
}

/** A name lookup built on first use, at most once per request. */
function lazyNames(build: () => Map<string, string>): (id: string | null) => string | null {
  let names: Map<string, string> | null = null;
  return (id) => {
    if (id === null) return null;
    names ??= build();
    return names.get(id) ?? null;
  };
}

function bump(record: { version: number; updatedAt: number }, now: number) {
  record.version += 1;
  record.updatedAt = Math.max(now, record.updatedAt + 1);
}

/** What a search of Máquinas looks in. */
export const MACHINE_SEARCH_FIELDS: ReadonlyArray<SearchField<MachineRecord>> = ['name', 'serialNumber', 'site'];

export function machineHandlers(ctx: HandlerContext) {
  const { db, apiUrl } = ctx;

  const toJson = (machine: MachineRecord) => joinMachines(db, [machine])[0] ?? machine;

  /** The machine of the caller that holds this gateway, other than `except`. */
  const holderOf = (deviceId: string, ownerUid: string | null, except: string | null) =>
    db.data.machines.find((machine) => machine.deviceId === deviceId && machine.ownerUid === ownerUid && machine.id !== except);

  const refusal = (input: MachineInput, principal: Principal, current: MachineRecord | null): Response | null => {
    if (!findOwned(db.data.machineModels, input.modelId, principal)) {
      return apiError(409, 'model-not-found', MACHINE_MODEL_GONE_MESSAGE, { field: 'modelId' });
    }
    if (!findOwned(db.data.customers, input.customerId, principal)) {
      return apiError(409, 'customer-not-found', MACHINE_CUSTOMER_GONE_MESSAGE, { field: 'customerId' });
    }
    if (input.deviceId) {
      const device = findOwned(db.data.devices, input.deviceId, principal);
      if (!device) return apiError(409, 'device-not-found', MACHINE_DEVICE_GONE_MESSAGE, { field: 'deviceId' });
      const holder = holderOf(device.id, principal.uid, current?.id ?? null);
      if (holder && input.moveDevice !== true) {
        return apiError(409, DEVICE_IN_USE_CODE, deviceInUseMessage(holder.name), { field: 'deviceId' });
      }
    }
    return null;
  };

  /** Installs `deviceId` on the machine (taking it from another one), freeing the gateway it had before. */
  const attachDevice = (machine: MachineRecord, deviceId: string | null, previous: string | null) => {
    const now = Date.now();
    if (previous && previous !== deviceId) {
      const old = db.data.devices.find((device) => device.id === previous);
      if (old && old.machineId === machine.id) {
        old.machineId = null;
        bump(old, now);
      }
    }
    machine.deviceId = deviceId;
    if (!deviceId) return;
    for (const other of db.data.machines) {
      if (other.deviceId === deviceId && other.id !== machine.id) {
        other.deviceId = null;
        bump(other, now);
      }
    }
    const device = db.data.devices.find((candidate) => candidate.id === deviceId);
    if (device && device.machineId !== machine.id) {
      device.machineId = machine.id;
      bump(device, now);
    }
  };

  const fields = ({ moveDevice: _move, ...input }: MachineInput) => input;

  const spec = {
    kind: 'machine',
    notFoundMessage: MACHINE_NOT_FOUND,
    records: (current: DemoDb) => current.data.machines,
    toJson,
    schema: machineInputSchema,
    conflict: refusal,
    build: (input: MachineInput) => ({ ...fields(input), deviceId: null }),
    created(record: MachineRecord, input: MachineInput) {
      attachDevice(record, input.deviceId, null);
    },
    apply(record: MachineRecord, input: MachineInput) {
      const previous = record.deviceId;
      Object.assign(record, fields(input), { deviceId: previous });
      attachDevice(record, input.deviceId, previous);
    },
    deleted(record: MachineRecord) {
      const now = Date.now();
      for (const device of db.data.devices) {
        if (device.machineId === record.id) {
          device.machineId = null;
          bump(device, now);
        }
      }
      for (const user of db.data.vpnUsers) {
        if (user.machineIds.includes(record.id)) {
          user.machineIds = user.machineIds.filter((id) => id !== record.id);
          bump(user, now);
        }
      }
    },
  };

  return [
    http.get(`${apiUrl}/machine`, ({ request }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      const query = machineListQuery.parse(new URL(request.url).searchParams);
      const modelName = lazyNames(() => new Map(db.data.machineModels.map((model) => [model.id, model.name])));
      const customerName = lazyNames(() => {
        const names = new Map<string, string>();
        for (const customer of db.data.customers) if (customer.ownerUid === auth.principal.uid) names.set(customer.id, customer.name);
        return names;
      });
      const page = listPage(db.data.machines, {
        query,
        where: ownedBy(auth.principal),
        searchFields: MACHINE_SEARCH_FIELDS,
        filters: {
          customer: (machine, id) => machine.customerId === id,
          model: (machine, id) => machine.modelId === id,
        },
        sorts: {
          name: (machine) => machine.name,
          serialNumber: (machine) => machine.serialNumber,
          modelName: (machine) => modelName(machine.modelId),
          customerName: (machine) => customerName(machine.customerId),
          site: (machine) => machine.site,
          createdAt: (machine) => machine.createdAt,
        },
      });
      return HttpResponse.json({ data: serialize(joinMachines(db, page.data)), meta: page.meta });
    }),

    http.get(`${apiUrl}/machine/:id`, ({ request, params }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      const machine = findOwned(db.data.machines, String(params.id), auth.principal);
      return machine ? HttpResponse.json(serialize(toJson(machine)) as Record<string, unknown>) : notFound(MACHINE_NOT_FOUND);
    }),

    http.get(`${apiUrl}/machine/:id/access`, ({ request, params }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      const machine = findOwned(db.data.machines, String(params.id), auth.principal);
      if (!machine) return notFound(MACHINE_NOT_FOUND);
      const query = accessListQuery.parse(new URL(request.url).searchParams);
      const now = Date.now();
      const { start, end } = accessPeriod(query, now);
      const sessions = db.data.deviceConnections.filter(
        (connection) =>
          connection.machineId === machine.id &&
          connection.ownerUid === auth.principal.uid &&
          (start === null || connection.startedAt >= start) &&
          (end === null || connection.startedAt <= end),
      );
      const page = listPage(sessions, {
        query,
        searchFields: [],
        sorts: { startedAt: (connection: DeviceConnectionRecord) => connection.startedAt },
      });
      const data = page.data.map((connection) => ({
        id: connection.id,
        userName: connection.userName,
        userEmail: connection.userEmail,
        publicIp: connection.publicIp,
        startedAt: connection.startedAt,
        endedAt: connection.endedAt,
        durationSeconds: Math.max(0, Math.floor(((connection.endedAt ?? now) - connection.startedAt) / 1000)),
        bytesIn: connection.bytesIn,
        bytesOut: connection.bytesOut,
      }));
      return HttpResponse.json({ data: serialize(data), meta: page.meta });
    }),

    http.post(`${apiUrl}/machine`, ({ request }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      return createOne(request, ctx, auth.principal, spec);
    }),

    http.put(`${apiUrl}/machine/:id`, ({ request, params }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      return updateOne(request, ctx, auth.principal, String(params.id), spec);
    }),

    http.delete(`${apiUrl}/machine/:id`, ({ request, params }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      return deleteOne(request, ctx, auth.principal, String(params.id), spec);
    }),
  ];
}
