import { afterEach, describe, expect, it, vi } from 'vitest';
import { VERSION_CONFLICT_MESSAGE } from '@/contracts/common';
import { SETUP_CODE_MESSAGES } from '@/contracts/device';
import { testDb } from '@/testing/msw-server';
import { DEVICE_ONLINE_DELAY_MS } from '../resources/devices/records';
import { DEMO_CUSTOMER_UID, DEMO_UNCLAIMED_SETUP_CODES, OTHER_ASSEMBLER_UID } from '@/seed';
import { makeTestToken } from '../token';
import { type ApiPage, call, json } from '@/testing/demo-api';

const maria = makeTestToken({ uid: DEMO_CUSTOMER_UID, email: 'cliente@example.com' });
const serra = makeTestToken({ uid: OTHER_ASSEMBLER_UID, email: 'joao@serra-equipamentos.exemplo.com.br' });

type Time = { seconds: number; nanos: number };
interface ApiDevice {
  id: string;
  name: string;
  serialNumber: string;
  setupCode: string;
  status: string;
  lastSeenAt: Time | null;
  vpnAddress: string | null;
  machineId: string | null;
  machineName: string | null;
  orderId: string | null;
  orderNumber: number | null;
  version: number;
  ownerUid?: string;
  comesOnlineAt?: unknown;
}
interface ApiError {
  error: { code: string; message: string; field?: string; deviceId?: string };
}
interface ApiConnection {
  id: string;
  deviceId: string;
  startedAt: Time;
}

const claim = (code: string, token = maria) =>
  call('/device/claim', { method: 'POST', token, body: JSON.stringify({ code }) });

const [FIRST_CODE = '', SECOND_CODE = ''] = DEMO_UNCLAIMED_SETUP_CODES;

function otherBuildersDevice() {
  const device = testDb().data.devices.find((d) => d.ownerUid === OTHER_ASSEMBLER_UID);
  if (!device) throw new Error('seed sem o dispositivo da outra montadora');
  return device;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('/device', () => {
  it('401 without a token', async () => {
    expect((await call('/device')).status).toBe(401);
    expect((await call(`/device/setup/${FIRST_CODE}`)).status).toBe(401);
    expect((await claim(FIRST_CODE, '')).status).toBe(401);
    expect((await call('/auth-download?deviceId=device-1001', { method: 'POST' })).status).toBe(401);
  });

  it('lists only the caller’s devices, with the machine name, filtered, searched and sorted', async () => {
    const all = await json<ApiPage<ApiDevice>>(await call('/device?perPage=100', { token: maria }));
    expect(all.meta.total).toBe(70);
    expect(all.data.every((d) => d.ownerUid === undefined && d.comesOnlineAt === undefined)).toBe(true);
    expect(all.data.some((d) => d.id === otherBuildersDevice().id)).toBe(false);
    const installed = all.data.find((d) => d.machineId);
    expect(installed?.machineName).toBeTruthy();
    // The order it came from, by id and by the number its pages show; a claimed one has neither.
    expect(all.data.find((d) => d.orderId === 'order-1001')?.orderNumber).toBe(1001);
    expect(all.data.filter((d) => d.orderId === null).every((d) => d.orderNumber === null)).toBe(true);

    const offline = await json<ApiPage<ApiDevice>>(await call('/device?status=offline&perPage=100', { token: maria }));
    expect(offline.meta.total).toBeGreaterThan(0);
    expect(offline.data.every((d) => d.status === 'offline')).toBe(true);

    const target = all.data[5];
    if (!target) throw new Error('lista curta');
    for (const q of [target.serialNumber, target.setupCode.toLowerCase()]) {
      const found = await json<ApiPage<ApiDevice>>(await call(`/device?q=${encodeURIComponent(q)}`, { token: maria }));
      expect(found.data.map((d) => d.id)).toContain(target.id);
    }
    if (installed?.machineName) {
      const byMachine = await json<ApiPage<ApiDevice>>(
        await call(`/device?q=${encodeURIComponent(installed.machineName)}`, { token: maria }),
      );
      expect(byMachine.data.map((d) => d.id)).toContain(installed.id);
    }

    const byStatus = await json<ApiPage<ApiDevice>>(await call('/device?sort=status&perPage=100', { token: maria }));
    const ranks = byStatus.data.map((d) => ['online', 'offline', 'never-connected'].indexOf(d.status));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    const recent = await json<ApiPage<ApiDevice>>(await call('/device?sort=-lastSeenAt&perPage=100', { token: maria }));
    const seen = recent.data.map((d) => d.lastSeenAt?.seconds ?? null);
    const firstNull = seen.indexOf(null);
    expect(seen.slice(firstNull).every((s) => s === null)).toBe(true);
  });

  it('another builder’s device is 404 on every /device/:id route', async () => {
    const other = otherBuildersDevice();
    const get = await call(`/device/${other.id}`, { token: maria });
    expect(get.status).toBe(404);
    expect((await json<ApiError>(get)).error.message).toBe('Dispositivo não encontrado.');
    expect((await call(`/device/${other.id}/connections`, { token: maria })).status).toBe(404);
    expect((await call(`/auth-download?deviceId=${other.id}`, { method: 'POST', token: maria })).status).toBe(404);
    const put = await call(`/device/${other.id}`, {
      method: 'PUT',
      token: maria,
      headers: { 'If-Match': '1' },
      body: JSON.stringify({ name: 'Meu' }),
    });
    expect(put.status).toBe(404);
    expect((await call(`/device/${other.id}`, { token: serra })).status).toBe(200);
  });
});

describe('setup codes: look-up and claim', () => {
  it('looks up an unclaimed gateway, claims it once, and answers the same device when claimed again', async () => {
    const lookup = await call(`/device/setup/${FIRST_CODE.toLowerCase()}`, { token: maria });
    expect(lookup.status).toBe(200);
    const found = await json<{ device: ApiDevice; ownedByYou: boolean }>(lookup);
    expect(found.ownedByYou).toBe(false);
    expect(found.device.setupCode).toBe(FIRST_CODE);
    expect(found.device.status).toBe('never-connected');

    const first = await claim(FIRST_CODE.toLowerCase());
    expect(first.status).toBe(200);
    const claimed = await json<ApiDevice>(first);
    expect(claimed.id).toBe(found.device.id);
    expect(testDb().data.devices.find((d) => d.id === claimed.id)?.ownerUid).toBe(DEMO_CUSTOMER_UID);

    const again = await claim(FIRST_CODE);
    expect(again.status).toBe(200);
    const repeated = await json<ApiDevice>(again);
    expect(repeated.id).toBe(claimed.id);
    expect(repeated.version).toBe(claimed.version);

    const mine = await json<{ ownedByYou: boolean }>(await call(`/device/setup/${FIRST_CODE}`, { token: maria }));
    expect(mine.ownedByYou).toBe(true);
    const list = await json<ApiPage<ApiDevice>>(await call(`/device?q=${FIRST_CODE}`, { token: maria }));
    expect(list.data.map((d) => d.id)).toEqual([claimed.id]);
  });

  it('refuses a malformed code (400); an unknown one and another account’s gateway alike (404), on the field', async () => {
    for (const code of ['PNT-0000-000', 'PNT-IIII-0000-0000', 'ABC-1234-5678', 'PNT-7K2M-4Q9XX']) {
      const response = await claim(code);
      expect(response.status, code).toBe(400);
      expect(await json<ApiError>(response)).toMatchObject({ error: { message: SETUP_CODE_MESSAGES.invalid, field: 'code' } });
      expect((await call(`/device/setup/${code}`, { token: maria })).status).toBe(400);
    }
    const unknown = await claim('PNT-ZZZZ-ZZZZ-ZZZZ');
    expect(unknown.status).toBe(404);
    expect(await json<ApiError>(unknown)).toMatchObject({ error: { message: SETUP_CODE_MESSAGES.notFound, field: 'code' } });

    const other = otherBuildersDevice();
    // tests/e2e/devices.spec.ts uses this code of the seed.
    expect(other.setupCode).toBe('PNT-DTP6-FFV9-K98Q');
    const taken = await claim(other.setupCode);
    expect(taken.status).toBe(404);
    expect(await json<ApiError>(taken)).toMatchObject({ error: { message: SETUP_CODE_MESSAGES.notFound, field: 'code' } });
    const lookup = await call(`/device/setup/${other.setupCode}`, { token: maria });
    expect(lookup.status).toBe(404);
    expect(JSON.stringify(await lookup.json())).not.toContain(other.serialNumber);
    expect(other.ownerUid).toBe(OTHER_ASSEMBLER_UID);

    // Claimed by Maria, the code is now another account's for the other builder.
    await claim(SECOND_CODE);
    expect((await claim(SECOND_CODE, serra)).status).toBe(404);
  });
});

describe('PUT /device/:id and /device/:id/machine', () => {
  it('renames over the version (428 without it, 409 when stale)', async () => {
    const put = (version: string | null, name: string) =>
      call('/device/device-1001', {
        method: 'PUT',
        token: maria,
        headers: version ? { 'If-Match': version } : {},
        body: JSON.stringify({ name }),
      });
    expect((await put(null, 'Sem versão')).status).toBe(428);
    expect((await put('1', '  ')).status).toBe(400);
    const ok = await put('1', 'Gateway da linha 1');
    expect(ok.status).toBe(200);
    expect(await json<ApiDevice>(ok)).toMatchObject({ name: 'Gateway da linha 1', version: 2 });
    const stale = await put('1', 'Outro nome');
    expect(stale.status).toBe(409);
    expect((await json<ApiError>(stale)).error.message).toBe(VERSION_CONFLICT_MESSAGE);
  });

  it('links, refuses a machine holding another device unless moved, and unlinks — both sides kept in step', async () => {
    const { devices, machines } = testDb().data;
    const spare = devices.find((d) => d.ownerUid === DEMO_CUSTOMER_UID && d.machineId === null);
    const taken = machines.find((m) => m.ownerUid === DEMO_CUSTOMER_UID && m.deviceId);
    const free = machines.find((m) => m.ownerUid === DEMO_CUSTOMER_UID && !m.deviceId);
    if (!spare || !taken || !free) throw new Error('seed sem os registros esperados');
    const holderId = taken.deviceId;
    const link = (body: object) =>
      call(`/device/${spare.id}/machine`, { method: 'PUT', token: maria, body: JSON.stringify(body) });

    const refused = await link({ machineId: taken.id });
    expect(refused.status).toBe(409);
    const refusal = await json<ApiError>(refused);
    expect(refusal.error.code).toBe('machine-has-device');
    expect(refusal.error.deviceId).toBe(holderId);
    expect(refusal.error.message).toContain(taken.name);

    const moved = await json<ApiDevice>(await link({ machineId: taken.id, move: true }));
    expect(moved).toMatchObject({ machineId: taken.id, machineName: taken.name });
    expect(taken.deviceId).toBe(spare.id);
    expect(devices.find((d) => d.id === holderId)?.machineId).toBeNull();

    const changed = await json<ApiDevice>(await link({ machineId: free.id }));
    expect(changed.machineId).toBe(free.id);
    expect(taken.deviceId).toBeNull();
    expect(free.deviceId).toBe(spare.id);

    const unlinked = await json<ApiDevice>(await link({ machineId: null }));
    expect(unlinked).toMatchObject({ machineId: null, machineName: null });
    expect(free.deviceId).toBeNull();

    expect((await link({ machineId: 'machine-1101' })).status).toBe(404); // the other builder's machine
    expect((await link({ machineId: '' })).status).toBe(400);
    const stale = await call(`/device/${spare.id}/machine`, {
      method: 'PUT',
      token: maria,
      headers: { 'If-Match': '1' },
      body: JSON.stringify({ machineId: free.id }),
    });
    expect(stale.status).toBe(409);
  });
});

describe('GET /device/:id/connections', () => {
  it('pages the device’s history, newest first', async () => {
    const device = testDb().data.devices.find(
      (d) => d.ownerUid === DEMO_CUSTOMER_UID && testDb().data.deviceConnections.filter((c) => c.deviceId === d.id).length >= 4,
    );
    if (!device) throw new Error('seed sem histórico');
    const count = testDb().data.deviceConnections.filter((c) => c.deviceId === device.id).length;
    const first = await json<ApiPage<ApiConnection>>(await call(`/device/${device.id}/connections?perPage=10`, { token: maria }));
    expect(first.meta).toEqual({ page: 1, perPage: 10, total: count });
    expect(first.data.every((c) => c.deviceId === device.id)).toBe(true);
    const starts = first.data.map((c) => c.startedAt.seconds);
    expect(starts).toEqual([...starts].sort((a, b) => b - a));

    // Add enough sessions for a second page.
    const template = testDb().data.deviceConnections.find((c) => c.deviceId === device.id);
    if (!template) throw new Error('sem sessão');
    for (let i = 0; i < 12; i += 1) {
      testDb().data.deviceConnections.push({ ...template, id: `device-connection-t${i}`, startedAt: template.startedAt - (i + 1) * 1000 });
    }
    const second = await json<ApiPage<ApiConnection>>(
      await call(`/device/${device.id}/connections?perPage=10&page=2`, { token: maria }),
    );
    expect(second.meta.total).toBe(count + 12);
    expect(second.data).toHaveLength(Math.min(10, count + 2));
    const again = await json<ApiPage<ApiConnection>>(await call(`/device/${device.id}/connections?perPage=10`, { token: maria }));
    const page1Ids = new Set(again.data.map((c) => c.id));
    expect(second.data.some((c) => page1Ids.has(c.id))).toBe(false);
  });
});

describe('POST /auth-download', () => {
  it('sends the VPN configuration as a .conf attachment named after the device', async () => {
    const device = testDb().data.devices.find((d) => d.id === 'device-1001');
    if (!device?.vpnAddress) throw new Error('seed sem device-1001 conectado');
    const response = await call('/auth-download?deviceId=device-1001', { method: 'POST', token: maria });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^text\/plain/);
    expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="gateway-[a-z0-9-]+\.conf"/);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const text = await response.text();
    expect(text).toContain('[Interface]');
    expect(text).toContain(`Address = ${device.vpnAddress}/32`);
    expect(text).toContain('[Peer]');
    expect(text).toMatch(/PrivateKey = [A-Za-z0-9+/]{43}=/);
    expect(text).toContain(device.name);
    expect((await call('/auth-download', { method: 'POST', token: maria })).status).toBe(400);
  });

  it('gives a never-connected gateway an address and brings it online a few seconds later', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    await claim(FIRST_CODE);
    const device = testDb().data.devices.find((d) => d.setupCode === FIRST_CODE);
    if (!device) throw new Error('sem dispositivo');
    expect(device.vpnAddress).toBeNull();
    const text = await (await call(`/auth-download?deviceId=${device.id}`, { method: 'POST', token: maria })).text();
    expect(device.vpnAddress).toMatch(/^10\.88\.\d+\.\d+$/);
    expect(text).toContain(`Address = ${device.vpnAddress}/32`);
    const before = await json<ApiDevice>(await call(`/device/${device.id}`, { token: maria }));
    expect(before.status).toBe('never-connected');

    vi.setSystemTime(start + DEVICE_ONLINE_DELAY_MS + 1000);
    const after = await json<ApiDevice>(await call(`/device/${device.id}`, { token: maria }));
    expect(after.status).toBe('online');
    expect(after.lastSeenAt).not.toBeNull();
    expect(after.vpnAddress).toBe(device.vpnAddress);
    // Telemetry, not an edit: the version is the claim's.
    expect(after.version).toBe(before.version);
  });
});
