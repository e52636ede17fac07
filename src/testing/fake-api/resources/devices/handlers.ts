/**
 * /device: the builder's gateways. List (search over serial number, name, setup code and machine name; filter by
 * status; sorts of the contract), detail, rename (`If-Match`), link to a machine / change / unlink, connection
 * history (newest first, paged), the setup-code look-up and claim of the `/setup/:code` page, and
 * /auth-download, the VPN client configuration of a device as a file. Every device in a response carries the
 * name of its machine (`machineName`); the detail also its last online/offline transitions (`statusHistory`, see
 * ./status-history.ts).
 *
 * A gateway nobody owns yet (`ownerUid` null) is claimed with its setup code; claiming one's own again answers it
 * again (idempotent). Another account's gateway is 404 on every /device/:id route, and its code says so (409).
 * Downloading the configuration of a never-connected gateway brings it online {@link DEVICE_ONLINE_DELAY_MS} later
 * (the "Configurar Conexão" wizard waits for that).
 */
import { http, HttpResponse } from 'msw';
import { VERSION_CONFLICT_MESSAGE } from '@/contracts/common';
import {
  claimDeviceSchema,
  DEVICE_MACHINE_TAKEN_CODE,
  deviceConnectionListQuery,
  deviceFileBaseName,
  deviceListQuery,
  deviceMachineSchema,
  deviceUpdateSchema,
  machineHasDeviceMessage,
  normalizeSetupCode,
  SETUP_CODE_MESSAGES,
  SETUP_CODE_PATTERN,
  type DeviceStatus,
  type DeviceUpdateInput,
} from '@/contracts/device';
import {
  findOwned,
  list,
  listPage,
  ownedBy,
  parseBody,
  requestedVersion,
  updateOne,
  VERSION_REQUIRED_MESSAGE,
  type SearchField,
} from '@/testing/fake-api/collection';
import type { DemoDb } from '@/testing/fake-api/db';
import { apiError, authenticate, invalidBody, notFound, readJson, serialize, validationError, type HandlerContext } from '@/testing/fake-api/http';
import type { Principal } from '@/testing/fake-api/token';
import { demoKey } from '@/testing/fake-api/wireguard-keys';
import {
  DEVICE_ONLINE_DELAY_MS,
  nextVpnAddress,
  settleDevices,
  VPN_NETWORK,
  VPN_SERVER_ADDRESS,
  type DeviceRecord,
} from './records';
import { deviceStatusHistory } from './status-history';

export const DEVICE_NOT_FOUND = 'Dispositivo não encontrado.';
export const DEVICE_MACHINE_NOT_FOUND = 'Máquina não encontrada.';
export const VPN_ENDPOINT = 'vpn.ponteiiot.com.br:51820';

const STATUS_ORDER: Record<DeviceStatus, number> = { online: 0, offline: 1, 'never-connected': 2 };

/**
 * What a search of Dispositivos looks in: serial number, name, setup code and the name of the device's machine. For
 * one request (or one warm-up): the machines' names are read once, on the first device with a machine.
 */
export function deviceSearchFields(db: DemoDb): ReadonlyArray<SearchField<DeviceRecord>> {
  let machineNames: Map<string, string> | null = null;
  const machineName = (device: DeviceRecord) => {
    if (!device.machineId) return null;
    if (!machineNames) {
      machineNames = new Map();
      for (const machine of db.data.machines) machineNames.set(machine.id, machine.name);
    }
    return machineNames.get(device.machineId) ?? null;
  };
  return ['serialNumber', 'name', 'setupCode', machineName];
}

/**
 * The devices as the API sends them: their machine's name and their order's number joined, the demo's own bookkeeping left out. One pass
 * over the machines, looking up only the ids these devices use (never a map of all 10 000 of the large demo).
 */
function devicesJson(db: DemoDb, devices: readonly DeviceRecord[]) {
  const wanted = new Set(devices.flatMap((device) => (device.machineId ? [device.machineId] : [])));
  const names = new Map<string, string>();
  if (wanted.size > 0) {
    for (const machine of db.data.machines) if (wanted.has(machine.id)) names.set(machine.id, machine.name);
  }
  const wantedOrders = new Set(devices.flatMap((device) => (device.orderId ? [device.orderId] : [])));
  const numbers = new Map<string, number>();
  if (wantedOrders.size > 0) {
    for (const order of db.data.orders) if (wantedOrders.has(order.id)) numbers.set(order.id, order.number);
  }
  return devices.map((device) => {
    const { comesOnlineAt: _internal, ...rest } = device;
    return {
      ...rest,
      machineName: device.machineId ? (names.get(device.machineId) ?? null) : null,
      orderNumber: device.orderId ? (numbers.get(device.orderId) ?? null) : null,
    };
  });
}

/** The device as the API sends it (see `devicesJson`). */
function deviceJson(db: DemoDb) {
  return (device: DeviceRecord) => devicesJson(db, [device])[0] as ReturnType<typeof devicesJson>[number];
}

function respondDevice(db: DemoDb, device: DeviceRecord, status = 200): Response {
  return HttpResponse.json(serialize(deviceJson(db)(device)) as Record<string, unknown>, { status });
}

function touch(record: { version: number; updatedAt: number }, now: number): void {
  record.version += 1;
  record.updatedAt = Math.max(now, record.updatedAt + 1);
}

/** The gateway a setup code names, as the caller may see it: 400 malformed; unknown or another account's, one 404. */
function deviceOfCode(db: DemoDb, raw: string, principal: Principal): { device: DeviceRecord } | { response: Response } {
  const code = normalizeSetupCode(raw);
  if (!SETUP_CODE_PATTERN.test(code)) return { response: validationError(SETUP_CODE_MESSAGES.invalid, 'code') };
  const device = db.data.devices.find((candidate) => candidate.setupCode === code);
  if (!device || (device.ownerUid !== null && device.ownerUid !== principal.uid)) {
    return { response: apiError(404, 'setup-code-not-found', SETUP_CODE_MESSAGES.notFound, { field: 'code' }) };
  }
  return { device };
}

// ---- the VPN configuration ----

/** A WireGuard client configuration for the gateway (the file "Baixar configuração VPN" saves). */
export function vpnConfiguration(device: DeviceRecord, lanSubnet: string | null, now: number): string {
  const lines = [
    `# Ponte IIoT — configuração VPN do dispositivo ${device.name}`,
    `# Número de série: ${device.serialNumber}`,
    `# Gerada em: ${new Date(now).toISOString()}`,
    '# Copie este arquivo para o gateway (ou importe-o no cliente WireGuard). Não compartilhe: contém a chave privada.',
    '',
    '[Interface]',
    `PrivateKey = ${demoKey(`${device.id}:${device.serialNumber}:private`)}`,
    `Address = ${device.vpnAddress ?? ''}/32`,
    `DNS = ${VPN_SERVER_ADDRESS}`,
    '',
    '[Peer]',
    `PublicKey = ${demoKey('ponte-vpn-server:public')}`,
    `Endpoint = ${VPN_ENDPOINT}`,
    `AllowedIPs = ${[VPN_NETWORK, lanSubnet].filter(Boolean).join(', ')}`,
    'PersistentKeepalive = 25',
    '',
  ];
  return lines.join('\n');
}

/** `attachment` with the file name in ASCII and, for any other character, in RFC 5987 form. */
function attachment(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export function deviceHandlers(ctx: HandlerContext) {
  const { db, apiUrl } = ctx;

  const spec = {
    kind: 'device',
    notFoundMessage: DEVICE_NOT_FOUND,
    records: (current: DemoDb) => current.data.devices,
    toJson: (record: DeviceRecord) => deviceJson(db)(record),
    schema: deviceUpdateSchema,
    apply(record: DeviceRecord, input: DeviceUpdateInput) {
      record.name = input.name;
    },
  };

  return [
    http.get(`${apiUrl}/device`, ({ request }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      settleDevices(db);
      // Filtered and sorted on the stored records (the sorted order is kept between requests); the machine's name
      // is looked up only for a search (one lookup per request) and joined only for the page returned.
      const page = listPage(db.data.devices, {
        query: deviceListQuery.parse(new URL(request.url).searchParams),
        where: ownedBy(auth.principal),
        searchFields: deviceSearchFields(db),
        filters: { status: (device, status) => device.status === status },
        sorts: {
          name: (device) => device.name,
          serialNumber: (device) => device.serialNumber,
          status: (device) => STATUS_ORDER[device.status],
          lastSeenAt: (device) => device.lastSeenAt,
        },
      });
      return HttpResponse.json({ data: serialize(devicesJson(db, page.data)), meta: page.meta });
    }),

    // Before /device/:id/...: "setup" is not an id.
    http.get(`${apiUrl}/device/setup/:code`, ({ request, params }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      settleDevices(db);
      const found = deviceOfCode(db, String(params.code), auth.principal);
      if ('response' in found) return found.response;
      return HttpResponse.json({
        device: serialize(deviceJson(db)(found.device)),
        ownedByYou: found.device.ownerUid === auth.principal.uid,
      });
    }),

    http.post(`${apiUrl}/device/claim`, async ({ request }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      const body = await readJson(request);
      if (!body) return invalidBody();
      const parsed = parseBody(claimDeviceSchema, body);
      if (!parsed.ok) return parsed.response;
      const found = deviceOfCode(db, parsed.data.code, auth.principal);
      if ('response' in found) return found.response;
      const { device } = found;
      // Claiming one's own gateway again (a retry, a second scan of the QR code) answers it again.
      if (device.ownerUid === null) {
        device.ownerUid = auth.principal.uid;
        touch(device, Date.now());
        db.save();
      }
      return respondDevice(db, device);
    }),

    http.get(`${apiUrl}/device/:id`, ({ request, params }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      settleDevices(db);
      const device = findOwned(db.data.devices, String(params.id), auth.principal);
      if (!device) return notFound(DEVICE_NOT_FOUND);
      const detail = { ...deviceJson(db)(device), statusHistory: deviceStatusHistory(device) };
      return HttpResponse.json(serialize(detail) as Record<string, unknown>);
    }),

    http.put(`${apiUrl}/device/:id`, ({ request, params }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      return updateOne(request, ctx, auth.principal, String(params.id), spec);
    }),

    http.put(`${apiUrl}/device/:id/machine`, async ({ request, params }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      const device = findOwned(db.data.devices, String(params.id), auth.principal);
      if (!device) return notFound(DEVICE_NOT_FOUND);
      const body = await readJson(request);
      if (!body) return invalidBody();
      // The version is optional here (the wizard links right after claiming); when sent, a stale one is refused.
      if (request.headers.has('If-Match')) {
        const version = requestedVersion(request, null);
        if (version === null) return apiError(428, 'version-required', VERSION_REQUIRED_MESSAGE);
        if (version !== device.version) {
          return apiError(409, 'version-conflict', VERSION_CONFLICT_MESSAGE, { current: serialize(deviceJson(db)(device)) });
        }
      }
      const parsed = parseBody(deviceMachineSchema, body);
      if (!parsed.ok) return parsed.response;
      const { machineId, move } = parsed.data;
      const now = Date.now();
      const machines = db.data.machines;
      const previous = device.machineId ? findOwned(machines, device.machineId, auth.principal) : undefined;

      if (machineId === null) {
        if (previous && previous.deviceId === device.id) {
          previous.deviceId = null;
          touch(previous, now);
        }
        if (device.machineId !== null) {
          device.machineId = null;
          touch(device, now);
          db.save();
        }
        return respondDevice(db, device);
      }

      const machine = findOwned(machines, machineId, auth.principal);
      if (!machine) return apiError(404, 'not-found', DEVICE_MACHINE_NOT_FOUND, { field: 'machineId' });
      if (machine.id === device.machineId && machine.deviceId === device.id) return respondDevice(db, device);
      const holder =
        machine.deviceId && machine.deviceId !== device.id
          ? findOwned(db.data.devices, machine.deviceId, auth.principal)
          : undefined;
      if (holder && !move) {
        return apiError(409, DEVICE_MACHINE_TAKEN_CODE, machineHasDeviceMessage(machine.name, holder.name), {
          field: 'machineId',
          deviceId: holder.id,
          deviceName: holder.name,
        });
      }
      if (holder) {
        holder.machineId = null;
        touch(holder, now);
      }
      if (previous && previous.id !== machine.id && previous.deviceId === device.id) {
        previous.deviceId = null;
        touch(previous, now);
      }
      machine.deviceId = device.id;
      touch(machine, now);
      device.machineId = machine.id;
      touch(device, now);
      db.save();
      return respondDevice(db, device);
    }),

    http.get(`${apiUrl}/device/:id/connections`, ({ request, params }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      const device = findOwned(db.data.devices, String(params.id), auth.principal);
      if (!device) return notFound(DEVICE_NOT_FOUND);
      const rows = db.data.deviceConnections.filter(
        (connection) => connection.deviceId === device.id && connection.ownerUid === auth.principal.uid,
      );
      return list(rows, {
        query: deviceConnectionListQuery.parse(new URL(request.url).searchParams),
        searchFields: [],
        sorts: { startedAt: (connection) => connection.startedAt },
      });
    }),

    http.post(`${apiUrl}/auth-download`, ({ request }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      const deviceId = new URL(request.url).searchParams.get('deviceId')?.trim() ?? '';
      if (!deviceId) return validationError('Informe o dispositivo.', 'deviceId');
      const device = findOwned(db.data.devices, deviceId, auth.principal);
      if (!device) return notFound(DEVICE_NOT_FOUND);
      const now = Date.now();
      let changed = false;
      if (!device.vpnAddress) {
        device.vpnAddress = nextVpnAddress(db.data.devices);
        changed = true;
      }
      if (device.status === 'never-connected' && typeof device.comesOnlineAt !== 'number') {
        // The gateway gets its configuration and connects a few seconds later.
        device.comesOnlineAt = now + DEVICE_ONLINE_DELAY_MS;
        changed = true;
        const timer = setTimeout(() => settleDevices(db), DEVICE_ONLINE_DELAY_MS + 50) as unknown as { unref?: () => void };
        timer.unref?.();
      }
      if (changed) db.save();
      const lanSubnet = device.machineId ? (findOwned(db.data.machines, device.machineId, auth.principal)?.lanSubnet ?? null) : null;
      return new HttpResponse(vpnConfiguration(device, lanSubnet, now), {
        status: 200,
        headers: {
          'Content-Type': 'text/plain; charset=utf-8',
          'Content-Disposition': attachment(`${deviceFileBaseName(device.name)}.conf`),
          'Access-Control-Expose-Headers': 'Content-Disposition',
          'Cache-Control': 'no-store',
        },
      });
    }),
  ];
}
