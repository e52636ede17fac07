import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { VERSION_CONFLICT_MESSAGE } from '@/contracts/common';
import { MACHINE_CUSTOMER_GONE_MESSAGE, MACHINE_MODEL_GONE_MESSAGE, SERIAL_NUMBER_SPACES_MESSAGE } from '@/contracts/machine';
import { PORT_MESSAGES } from '@/contracts/machine-model';
import { arrangeMember, call, makeUid, makeIdempotencyKey } from '../../../testing/api';
import { seedFleet } from './__tests__/fixtures';

type Ts = { seconds: number; nanos: number };
interface ApiMachine {
  id: string;
  name: string;
  modelId: string;
  modelName: string;
  customerId: string | null;
  customerName: string | null;
  deviceId: string | null;
  device: { id: string; name: string; serialNumber: string; status: string; lastSeenAt: Ts | null } | null;
  services: Array<{ name: string; protocol: string; port: number }>;
  version: number;
}
type Page<T = ApiMachine> = { data: T[]; meta: { page: number; perPage: number; total: number } };
type ApiError = { error: { code: string; message: string; field?: string } };

const body = (id: (demoId: string) => string) => ({
  name: 'Injetora Nova #99',
  serialNumber: 'OA-2026-9999',
  modelId: id('machine-model-1001'),
  customerId: id('customer-1005'),
  deviceId: '',
  site: 'Galpão 4',
  lanSubnet: '192.168.200.0/24',
  services: [{ name: 'IHM web', protocol: 'https', port: '443' }],
});

const create = (owner: string, input: object, key = makeIdempotencyKey()) =>
  call<ApiMachine & ApiError>('POST', '/machine', { as: owner, body: input, headers: { 'Idempotency-Key': key } });
const put = (owner: string, id: string, input: object, version: number | null) =>
  call<ApiMachine & ApiError>('PUT', `/machine/${id}`, { as: owner, body: input, headers: version === null ? {} : { 'If-Match': String(version) } });
const list = async (owner: string, query: string) => (await call<Page>('GET', `/machine?${query}`, { as: owner })).body;
const deviceMachine = async (deviceId: string) =>
  (await env.DB.prepare('SELECT machine_id AS machineId, version FROM device WHERE id = ?').bind(deviceId).first<{ machineId: string | null; version: number }>());

describe('/machine', () => {
  it('lists pages with names and the gateway joined, filters by customer and model, sorts by names, searches', async () => {
    const { maria, id } = await seedFleet({ devices: true });
    const first = await list(maria, '');
    expect(first.meta.total).toBe(60);
    expect(first.data).toHaveLength(20);
    expect(first.data[0]).not.toHaveProperty('ownerUid');
    const withDevice = first.data.find((m) => m.deviceId);
    expect(withDevice?.device).toMatchObject({ id: withDevice?.deviceId, status: expect.any(String) });
    expect(first.data.every((m) => m.modelName !== '' && m.services.length > 0)).toBe(true);

    const byCustomer = await list(maria, `customer=${id('customer-1001')}&perPage=100`);
    expect(byCustomer.meta.total).toBeGreaterThan(0);
    expect(byCustomer.data.every((m) => m.customerId === id('customer-1001') && m.customerName === 'Metalúrgica Vale do Aço Ltda')).toBe(true);
    const byModel = await list(maria, `model=${id('machine-model-1002')}&perPage=100`);
    expect(byModel.meta.total).toBeGreaterThan(0);
    expect(byModel.data.every((m) => m.modelName === 'Envasadora EV-12')).toBe(true);

    const modelNames = (await list(maria, 'sort=-modelName&perPage=100')).data.map((m) => m.modelName);
    expect(modelNames).toEqual([...modelNames].sort((a, b) => b.localeCompare(a, 'pt-BR')));
    for (const sort of ['customerName', '-customerName']) {
      const byCustomerName = (await list(maria, `sort=${sort}&perPage=100`)).data;
      // In-stock machines (no customer) go last, either way.
      expect(byCustomerName.at(-1)?.customerName).toBeNull();
      expect(byCustomerName[0]?.customerName).not.toBeNull();
    }
    const searched = await list(maria, 'q=ih-450');
    expect(searched.meta.total).toBeGreaterThan(0);
    expect(searched.data.every((m) => m.name.startsWith('IH-450'))).toBe(true);
    expect((await list(maria, 'q=oa-2022')).meta.total).toBe(15);
    expect((await list(maria, 'q=galpao 1')).meta.total).toBeGreaterThan(0);
  });

  it("gets one; another owner's machine is 404 for every verb", async () => {
    const { maria, serra, id } = await seedFleet();
    const ok = await call<ApiMachine>('GET', `/machine/${id('machine-1001')}`, { as: maria });
    expect(ok.status).toBe(200);
    expect(ok.body.id).toBe(id('machine-1001'));
    const theirs = id('machine-1101');
    const other = await call('GET', `/machine/${theirs}`, { as: maria });
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ error: { code: 'not-found', message: 'Máquina não encontrada.' } });
    expect((await call('GET', `/machine/${theirs}/access`, { as: maria })).status).toBe(404);
    expect((await put(maria, theirs, body(id), 1)).status).toBe(404);
    expect((await call('DELETE', `/machine/${theirs}`, { as: maria })).status).toBe(404);
    expect((await call('GET', `/machine/${theirs}`, { as: serra })).status).toBe(200);
  });

  it('creates once per Idempotency-Key, normalising ports and an empty gateway', async () => {
    const { maria, id } = await seedFleet();
    const key = makeIdempotencyKey();
    const first = await create(maria, body(id), key);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      name: 'Injetora Nova #99',
      modelName: 'Injetora IH-450',
      customerName: 'Usinagem Campinas Ltda',
      deviceId: null,
      device: null,
      services: [{ name: 'IHM web', protocol: 'https', port: 443 }],
      version: 1,
    });
    expect(first.body).not.toHaveProperty('moveDevice');
    expect(first.body).not.toHaveProperty('ownerUid');
    const replay = await create(maria, body(id), key);
    expect(replay.body.id).toBe(first.body.id);
    expect((await list(maria, '')).meta.total).toBe(61);
    expect((await call('GET', `/machine/${first.body.id}`, { as: maria })).body).toEqual(first.body);
  });

  it('400 with the field for bad input', async () => {
    const { maria, id } = await seedFleet();
    const valid = body(id);
    const cases: Array<[object, string, string]> = [
      [{ ...valid, name: ' ' }, 'name', 'Informe o nome da máquina.'],
      [{ ...valid, serialNumber: 'OA 2026' }, 'serialNumber', SERIAL_NUMBER_SPACES_MESSAGE],
      [{ ...valid, lanSubnet: '10.0.0.0/33' }, 'lanSubnet', 'Rede inválida.'],
      [{ ...valid, lanSubnet: '10.0.0.1/24' }, 'lanSubnet', 'Rede inválida.'],
      [{ ...valid, modelId: '' }, 'modelId', 'Escolha o modelo.'],
      [{ ...valid, services: [{ name: 'X', protocol: 'ftp', port: 21 }] }, 'services.0.protocol', 'Escolha o protocolo.'],
      [{ ...valid, services: [{ name: 'X', protocol: 'ssh', port: 70000 }] }, 'services.0.port', PORT_MESSAGES.range],
    ];
    for (const [input, field, message] of cases) {
      const answer = await create(maria, input);
      expect(answer.status, field).toBe(400);
      expect(answer.body, field).toEqual({ error: { code: 'validation', message, field } });
    }
  });

  it('409 on the field when the model or the customer does not exist (any more) for the caller', async () => {
    const { maria, id } = await seedFleet();
    const model = await call<{ id: string }>('POST', '/machine-model', {
      as: maria,
      body: { name: 'Modelo efêmero' },
      headers: { 'Idempotency-Key': makeIdempotencyKey() },
    });
    expect((await call('DELETE', `/machine-model/${model.body.id}`, { as: maria })).status).toBe(204);
    const gone = await create(maria, { ...body(id), modelId: model.body.id });
    expect(gone.status).toBe(409);
    expect(gone.body).toEqual({ error: { code: 'model-not-found', message: MACHINE_MODEL_GONE_MESSAGE, field: 'modelId' } });
    expect((await create(maria, { ...body(id), modelId: id('machine-model-1101') })).body.error.field).toBe('modelId');
    const othersCustomer = await create(maria, { ...body(id), customerId: id('customer-1101') });
    expect(othersCustomer.status).toBe(409);
    expect(othersCustomer.body).toMatchObject({ error: { message: MACHINE_CUSTOMER_GONE_MESSAGE, field: 'customerId' } });
    expect((await list(maria, '')).meta.total).toBe(60);
  });

  it('a gateway on another machine is 409 device-in-use, and moveDevice moves it', async () => {
    const { maria, id, data } = await seedFleet({ devices: true });
    const used = id('device-1001');
    const holder = data.machines.find((m) => m.deviceId === 'device-1001');
    const refused = await create(maria, { ...body(id), deviceId: used });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: { code: 'device-in-use', message: `Este dispositivo está na máquina ${holder?.name}.`, field: 'deviceId' },
    });
    const moved = await create(maria, { ...body(id), deviceId: used, moveDevice: true });
    expect(moved.status).toBe(201);
    expect(moved.body.device).toMatchObject({ id: used, name: data.devices.find((d) => d.id === 'device-1001')?.name });
    expect((await deviceMachine(used))?.machineId).toBe(moved.body.id);
    const previous = await call<ApiMachine>('GET', `/machine/${id(holder?.id ?? '')}`, { as: maria });
    expect(previous.body).toMatchObject({ deviceId: null, device: null, version: 2 });
    // Another builder's gateway is not there for the caller.
    const theirs = await create(maria, { ...body(id), deviceId: id('device-1101') });
    expect(theirs.body).toMatchObject({ error: { code: 'device-not-found', field: 'deviceId' } });
  });

  it('updates over the current version, swapping gateways; 428 without a version, 409 when stale', async () => {
    const { maria, id } = await seedFleet({ devices: true });
    const machineId = id('machine-1001');
    const free = id('device-1051');
    const oldDevice = id('device-1001');
    expect((await deviceMachine(free))?.machineId).toBeNull();
    const input = { ...body(id), deviceId: free, customerId: id('customer-1001') };
    expect((await put(maria, machineId, input, null)).status).toBe(428);
    const answer = await put(maria, machineId, input, 1);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ version: 2, deviceId: free, name: 'Injetora Nova #99', device: { id: free } });
    expect(await deviceMachine(free)).toEqual({ machineId, version: 2 });
    expect(await deviceMachine(oldDevice)).toEqual({ machineId: null, version: 2 });
    // Keeping its own gateway is no conflict.
    expect((await put(maria, machineId, input, 2)).status).toBe(200);
    expect((await deviceMachine(free))?.version).toBe(2);
    const stale = await put(maria, machineId, { ...input, deviceId: '' }, 1);
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: 'version-conflict', message: VERSION_CONFLICT_MESSAGE });
    expect((await deviceMachine(free))?.machineId).toBe(machineId);
  });

  it("deletes, frees its gateway and leaves the VPN users' lists", async () => {
    const { maria, id } = await seedFleet({ devices: true });
    const machineId = id('machine-1002');
    const user = `vpn-user-${makeIdempotencyKey()}`;
    const now = Date.now();
    await env.DB.prepare(
      `INSERT INTO vpn_user (id, owner_uid, name, email, machine_ids, name_key, search, search_compact, version, created_at, updated_at)
       VALUES (?, ?, 'Técnico', ?, ?, 'tecnico', '', '', 1, ?, ?)`,
    )
      .bind(user, maria, `${user}@example.com`, JSON.stringify([id('machine-1001'), machineId, id('machine-1003')]), now, now)
      .run();
    expect((await call('DELETE', `/machine/${machineId}`, { as: maria, headers: { 'If-Match': '7' } })).status).toBe(409);
    expect((await deviceMachine(id('device-1002')))?.machineId).toBe(machineId);
    expect((await call('DELETE', `/machine/${machineId}`, { as: maria })).status).toBe(204);
    expect((await call('GET', `/machine/${machineId}`, { as: maria })).status).toBe(404);
    expect(await deviceMachine(id('device-1002'))).toEqual({ machineId: null, version: 2 });
    const row = await env.DB.prepare('SELECT machine_ids AS machineIds, version FROM vpn_user WHERE id = ?').bind(user).first<{ machineIds: string; version: number }>();
    expect(JSON.parse(row?.machineIds ?? '')).toEqual([id('machine-1001'), id('machine-1003')]);
    expect(row?.version).toBe(2);
    expect((await call('DELETE', `/machine/${machineId}`, { as: maria })).status).toBe(404);
  });

  it('lets Leitura read and refuses its changes with the reason', async () => {
    const { maria, id } = await seedFleet();
    const reader = makeUid('leitura');
    await arrangeMember(maria, reader, 'leitura');
    expect((await list(reader, '')).meta.total).toBe(60);
    const refused = await create(reader, body(id));
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: { code: 'role-forbidden', message: 'Seu perfil (Leitura) não permite alterar dados.' } });
  });

  it('documents the fleet routes and who may call them in /openapi.json', async () => {
    const doc = await call<{ paths: Record<string, Record<string, { 'x-access'?: string }>> }>('GET', '/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.paths['/machine']?.get?.['x-access']).toBe('read');
    expect(doc.body.paths['/machine/{id}']?.put?.['x-access']).toBe('edit');
    expect(doc.body.paths['/machine/{id}/access']?.get?.['x-access']).toBe('read');
    expect(doc.body.paths['/machine-model/{id}']?.delete?.['x-access']).toBe('edit');
    expect(doc.body.paths['/dashboard/summary']?.get?.['x-access']).toBe('read');
    expect(doc.body.paths['/dashboard/connections']?.get?.['x-access']).toBe('read');
  });

  it("sorts by serial number with an empty one last, and shows the model's services for a machine stored without", async () => {
    const { maria, id } = await seedFleet();
    const blank = await create(maria, { ...body(id), serialNumber: '' });
    expect(blank.status).toBe(201);
    expect((await create(maria, { ...body(id), serialNumber: '' })).status).toBe(201);
    for (const sort of ['serialNumber', '-serialNumber']) {
      const serials = (await list(maria, `sort=${sort}&perPage=100`)).data.map((m) => (m as ApiMachine & { serialNumber: string }).serialNumber);
      expect(serials.slice(-2)).toEqual(['', '']);
      const filled = serials.slice(0, -2);
      const ordered = [...filled].sort((a, b) => a.localeCompare(b, 'pt-BR'));
      expect(filled).toEqual(sort.startsWith('-') ? ordered.reverse() : ordered);
    }
    await env.DB.prepare('UPDATE machine SET services = NULL WHERE id = ?').bind(id('machine-1001')).run();
    const legacy = await call<ApiMachine>('GET', `/machine/${id('machine-1001')}`, { as: maria });
    expect(legacy.body.services).toEqual([
      { name: 'IHM web', protocol: 'https', port: 443 },
      { name: 'CLP S7', protocol: 's7', port: 102 },
    ]);
  });
});
