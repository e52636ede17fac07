import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VERSION_CONFLICT_MESSAGE } from '@/contracts/common';
import {
  MACHINE_CUSTOMER_GONE_MESSAGE,
  MACHINE_MODEL_GONE_MESSAGE,
  SERIAL_NUMBER_SPACES_MESSAGE,
} from '@/contracts/machine';
import { PORT_MESSAGES } from '@/contracts/machine-model';
import { testDb, TEST_NOW } from '@/testing/msw-server';
import { DEMO_CUSTOMER_UID, OTHER_ASSEMBLER_UID } from '@/seed';
import { makeTestToken } from '../token';
import { type ApiPage, call, json } from '@/testing/demo-api';

const maria = makeTestToken({ uid: DEMO_CUSTOMER_UID, email: 'cliente@example.com' });
const serra = makeTestToken({ uid: OTHER_ASSEMBLER_UID, email: 'joao@serra-equipamentos.exemplo.com.br' });

type Ts = { seconds: number; nanos: number };
interface ApiMachine {
  id: string;
  name: string;
  serialNumber: string;
  modelId: string;
  modelName: string;
  customerId: string | null;
  customerName: string | null;
  deviceId: string | null;
  device: { id: string; name: string; status: string; lastSeenAt: Ts | null } | null;
  site: string;
  lanSubnet: string;
  services: Array<{ name: string; protocol: string; port: number }>;
  version: number;
  ownerUid?: string;
}
interface ApiAccess {
  id: string;
  userName: string;
  publicIp: string;
  startedAt: Ts;
  endedAt: Ts | null;
  durationSeconds: number;
  bytesIn: number;
  bytesOut: number;
}
interface ApiError {
  error: { code: string; message: string; field?: string };
}

const valid = {
  name: 'Injetora Nova #99',
  serialNumber: 'OA-2026-9999',
  modelId: 'machine-model-1001',
  customerId: 'customer-1005',
  deviceId: '',
  site: 'Galpão 4',
  lanSubnet: '192.168.200.0/24',
  services: [{ name: 'IHM web', protocol: 'https', port: '443' }],
};

function create(body: object, token = maria, headers: Record<string, string> = {}) {
  return call('/machine', { method: 'POST', token, headers, body: JSON.stringify(body) });
}

function put(id: string, body: object, version: number | null, token = maria) {
  const headers: Record<string, string> = version === null ? {} : { 'If-Match': String(version) };
  return call(`/machine/${id}`, { method: 'PUT', token, headers, body: JSON.stringify(body) });
}

/** A gateway of the demo builder installed on no machine, and one installed on a machine. */
function gateways() {
  const { devices, machines } = testDb().data;
  const free = devices.find((d) => d.ownerUid === DEMO_CUSTOMER_UID && d.machineId === null);
  const used = devices.find((d) => d.ownerUid === DEMO_CUSTOMER_UID && d.machineId !== null);
  const holder = machines.find((m) => m.id === used?.machineId);
  if (!free || !used || !holder) throw new Error('seed sem os gateways esperados');
  return { free, used, holder };
}

describe('/machine', () => {
  it('lists pages with names and the gateway joined, filters by customer and model, sorts by names', async () => {
    const first = await json<ApiPage<ApiMachine>>(await call('/machine', { token: maria }));
    expect(first.meta.total).toBe(60);
    expect(first.data).toHaveLength(20);
    expect(first.data[0]).not.toHaveProperty('ownerUid');
    const withDevice = first.data.find((m) => m.deviceId);
    expect(withDevice?.device).toMatchObject({ id: withDevice?.deviceId, status: expect.any(String) });
    expect(first.data.every((m) => m.modelName !== '' && m.services.length > 0)).toBe(true);

    const byCustomer = await json<ApiPage<ApiMachine>>(await call('/machine?customer=customer-1001&perPage=100', { token: maria }));
    expect(byCustomer.meta.total).toBeGreaterThan(0);
    expect(byCustomer.data.every((m) => m.customerId === 'customer-1001' && m.customerName === 'Metalúrgica Vale do Aço Ltda')).toBe(true);
    const byModel = await json<ApiPage<ApiMachine>>(await call('/machine?model=machine-model-1002&perPage=100', { token: maria }));
    expect(byModel.data.every((m) => m.modelName === 'Envasadora EV-12')).toBe(true);

    const byModelName = await json<ApiPage<ApiMachine>>(await call('/machine?sort=-modelName&perPage=100', { token: maria }));
    const names = byModelName.data.map((m) => m.modelName);
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a, 'pt-BR')));
    const byCustomerName = await json<ApiPage<ApiMachine>>(await call('/machine?sort=customerName&perPage=100', { token: maria }));
    // In-stock machines (no customer) go last.
    expect(byCustomerName.data.at(-1)?.customerName).toBeNull();

    const searched = await json<ApiPage<ApiMachine>>(await call('/machine?q=ih-450', { token: maria }));
    expect(searched.meta.total).toBeGreaterThan(0);
    expect(searched.data.every((m) => m.name.startsWith('IH-450'))).toBe(true);
  });

  it("gets one; another owner's machine is 404", async () => {
    const ok = await call('/machine/machine-1001', { token: maria });
    expect(ok.status).toBe(200);
    expect((await json<ApiMachine>(ok)).id).toBe('machine-1001');
    const other = await call('/machine/machine-1101', { token: maria });
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ error: { code: 'not-found', message: 'Máquina não encontrada.' } });
    expect((await call('/machine/machine-1101/access', { token: maria })).status).toBe(404);
    expect((await put('machine-1101', valid, 1)).status).toBe(404);
    expect((await call('/machine/machine-1101', { method: 'DELETE', token: maria })).status).toBe(404);
    expect((await call('/machine/machine-1101', { token: serra })).status).toBe(200);
  });

  it('creates once per Idempotency-Key, normalising ports and an empty gateway', async () => {
    const before = testDb().data.machines.length;
    const headers = { 'Idempotency-Key': 'maquina-nova-1' };
    const first = await create(valid, maria, headers);
    expect(first.status).toBe(201);
    const created = await json<ApiMachine>(first);
    expect(created).toMatchObject({
      name: 'Injetora Nova #99',
      modelName: 'Injetora IH-450',
      customerName: 'Usinagem Campinas Ltda',
      deviceId: null,
      device: null,
      services: [{ name: 'IHM web', protocol: 'https', port: 443 }],
      version: 1,
    });
    expect(created).not.toHaveProperty('moveDevice');
    const replay = await create(valid, maria, headers);
    expect((await json<ApiMachine>(replay)).id).toBe(created.id);
    expect(testDb().data.machines.length).toBe(before + 1);
  });

  it('400 with the field for bad input', async () => {
    const cases: Array<[object, string, string]> = [
      [{ ...valid, name: ' ' }, 'name', 'Informe o nome da máquina.'],
      [{ ...valid, serialNumber: 'OA 2026' }, 'serialNumber', SERIAL_NUMBER_SPACES_MESSAGE],
      [{ ...valid, lanSubnet: '10.0.0.0/33' }, 'lanSubnet', 'Rede inválida.'],
      [{ ...valid, lanSubnet: '10.0.0.1/24' }, 'lanSubnet', 'Rede inválida.'],
      [{ ...valid, modelId: '' }, 'modelId', 'Escolha o modelo.'],
      [{ ...valid, services: [{ name: 'X', protocol: 'ftp', port: 21 }] }, 'services.0.protocol', 'Escolha o protocolo.'],
      [{ ...valid, services: [{ name: 'X', protocol: 'ssh', port: 70000 }] }, 'services.0.port', PORT_MESSAGES.range],
    ];
    for (const [body, field, message] of cases) {
      const response = await create(body);
      expect(response.status, field).toBe(400);
      expect(await response.json()).toEqual({ error: { code: 'validation', message, field } });
    }
  });

  it('409 on the field when the model or the customer does not exist (any more) for the caller', async () => {
    // The race: the model is deleted while the form is open.
    const models = testDb().data.machineModels;
    models.splice(models.findIndex((m) => m.id === 'machine-model-1008'), 1);
    const gone = await create({ ...valid, modelId: 'machine-model-1008' });
    expect(gone.status).toBe(409);
    expect(await gone.json()).toEqual({ error: { code: 'model-not-found', message: MACHINE_MODEL_GONE_MESSAGE, field: 'modelId' } });
    const othersModel = await create({ ...valid, modelId: 'machine-model-1101' });
    expect((await json<ApiError>(othersModel)).error.field).toBe('modelId');
    const othersCustomer = await create({ ...valid, customerId: 'customer-1101' });
    expect(othersCustomer.status).toBe(409);
    expect(await othersCustomer.json()).toMatchObject({ error: { message: MACHINE_CUSTOMER_GONE_MESSAGE, field: 'customerId' } });
  });

  it('a gateway on another machine is 409 device-in-use, and moveDevice moves it', async () => {
    const { used, holder } = gateways();
    const refused = await create({ ...valid, deviceId: used.id });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: { code: 'device-in-use', message: `Este dispositivo está na máquina ${holder.name}.`, field: 'deviceId' },
    });
    const holderVersion = holder.version;
    const moved = await create({ ...valid, deviceId: used.id, moveDevice: true });
    expect(moved.status).toBe(201);
    const machine = await json<ApiMachine>(moved);
    expect(machine.device?.id).toBe(used.id);
    const db = testDb().data;
    expect(db.devices.find((d) => d.id === used.id)?.machineId).toBe(machine.id);
    const previous = db.machines.find((m) => m.id === holder.id);
    expect(previous?.deviceId).toBeNull();
    expect(previous?.version).toBe(holderVersion + 1);
    // Another builder's gateway is not there for the caller.
    expect((await json<ApiError>(await create({ ...valid, deviceId: 'device-1101' }))).error.field).toBe('deviceId');
  });

  it('updates over the current version, swapping gateways; 428 without a version, 409 when stale', async () => {
    const { free } = gateways();
    const current = testDb().data.machines.find((m) => m.id === 'machine-1001');
    const oldDevice = current?.deviceId ?? '';
    expect(oldDevice).not.toBe('');
    const body = { ...valid, deviceId: free.id, customerId: current?.customerId ?? '' };
    expect((await put('machine-1001', body, null)).status).toBe(428);
    const response = await put('machine-1001', body, 1);
    expect(response.status).toBe(200);
    expect(await json<ApiMachine>(response)).toMatchObject({ version: 2, deviceId: free.id, name: valid.name });
    const devices = testDb().data.devices;
    expect(devices.find((d) => d.id === free.id)?.machineId).toBe('machine-1001');
    expect(devices.find((d) => d.id === oldDevice)?.machineId).toBeNull();
    // Keeping its own gateway is no conflict.
    expect((await put('machine-1001', body, 2)).status).toBe(200);
    const stale = await put('machine-1001', body, 1);
    expect(stale.status).toBe(409);
    expect((await json<ApiError>(stale)).error).toMatchObject({ code: 'version-conflict', message: VERSION_CONFLICT_MESSAGE });
  });

  it('deletes and frees its gateway', async () => {
    const machine = testDb().data.machines.find((m) => m.id === 'machine-1002');
    const deviceId = machine?.deviceId ?? '';
    expect((await call('/machine/machine-1002', { method: 'DELETE', token: maria })).status).toBe(204);
    expect((await call('/machine/machine-1002', { token: maria })).status).toBe(404);
    expect(testDb().data.devices.find((d) => d.id === deviceId)?.machineId).toBeNull();
  });

  describe('access history', () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(TEST_NOW);
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    const sessionsOf = (machineId: string) => testDb().data.deviceConnections.filter((c) => c.machineId === machineId);

    it('pages the sessions of the machine, newest first, by period', async () => {
      const machineId = 'machine-1001';
      const all = sessionsOf(machineId);
      expect(all.length).toBeGreaterThan(1);
      const page = await json<ApiPage<ApiAccess>>(await call(`/machine/${machineId}/access?perPage=10`, { token: maria }));
      expect(page.meta.total).toBe(all.length);
      const starts = page.data.map((entry) => entry.startedAt.seconds);
      expect(starts).toEqual([...starts].sort((a, b) => b - a));
      const entry = page.data[0];
      expect(entry).toMatchObject({ userName: expect.any(String), publicIp: expect.stringMatching(/^177\./) });
      if (entry?.endedAt) expect(entry.durationSeconds).toBe(entry.endedAt.seconds - entry.startedAt.seconds);

      const week = await json<ApiPage<ApiAccess>>(await call(`/machine/${machineId}/access?days=7`, { token: maria }));
      expect(week.meta.total).toBe(all.filter((c) => c.startedAt >= TEST_NOW - 7 * 86_400_000).length);
      const dates = await json<ApiPage<ApiAccess>>(
        await call(`/machine/${machineId}/access?from=2026-11-01&to=2026-11-10`, { token: maria }),
      );
      const inRange = all.filter((c) => c.startedAt >= Date.UTC(2026, 10, 1) && c.startedAt < Date.UTC(2026, 10, 11));
      expect(dates.meta.total).toBe(inRange.length);
    });

    it('pages never overlap nor skip a session', async () => {
      const machineId = 'machine-1001';
      const total = sessionsOf(machineId).length;
      const ids = new Set<string>();
      for (let page = 1; page <= total; page += 1) {
        const result = await json<ApiPage<ApiAccess>>(
          await call(`/machine/${machineId}/access?perPage=10&page=${page}`, { token: maria }),
        );
        result.data.forEach((entry) => ids.add(entry.id));
        if (result.data.length < 10) break;
      }
      expect(ids.size).toBe(total);
    });
  });
});
