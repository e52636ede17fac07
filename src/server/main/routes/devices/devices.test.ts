import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { VERSION_CONFLICT_MESSAGE } from '@/contracts/common';
import { arrangeMember, call, makeUid } from '../../../testing/api';
import { insertHub } from '../remote-access/fixtures';
import { insertConnection, insertDevice, insertInstalledDevice } from './fixtures';

type Time = { seconds: number; nanos: number };
type Device = {
  id: string;
  name: string;
  serialNumber: string;
  setupCode: string;
  status: string;
  lastSeenAt: Time | null;
  machineId: string | null;
  machineName: string | null;
  orderId: string | null;
  orderNumber: number | null;
  version: number;
};
type Page<T> = { data: T[]; meta: { page: number; perPage: number; total: number } };
type Connection = { id: string; deviceId: string; startedAt: Time; ownerUid?: string };

const NOT_FOUND = { error: { code: 'not-found', message: 'Dispositivo não encontrado.' } };

describe('/device', () => {
  it('is described in the OpenAPI document, with each route’s access', async () => {
    const doc = await call<{ paths: Record<string, Record<string, { 'x-access'?: string }>> }>('GET', '/openapi.json');
    expect(doc.status).toBe(200);
    const access = (path: string, method: string) => doc.body.paths[path]?.[method]?.['x-access'];
    expect(access('/device', 'get')).toBe('read');
    expect(access('/device/{id}', 'put')).toBe('edit');
    expect(access('/device/{id}/machine', 'put')).toBe('edit');
    expect(access('/device/{id}/connections', 'get')).toBe('read');
    expect(access('/device/setup/{code}', 'get')).toBe('read');
    expect(access('/device/claim', 'post')).toBe('edit');
    expect(access('/auth-download', 'post')).toBe('edit');
  });

  it('401 without a session', async () => {
    for (const [method, path] of [
      ['GET', '/device'],
      ['GET', '/device/device-1001'],
      ['GET', '/device/setup/PNT-7K2M-4Q9X-3FJD'],
      ['POST', '/device/claim'],
      ['POST', '/auth-download?deviceId=device-1001'],
    ] as const) {
      const answer = await call(method, path, method === 'POST' ? { body: {} } : {});
      expect(answer.status, path).toBe(401);
    }
  });

  it('lists only the caller’s devices, with the machine name, no internal fields, and 404s another account’s', async () => {
    const owner = makeUid();
    const other = makeUid();
    const { device, machine } = await insertInstalledDevice(owner, { name: 'Gateway Prensa' });
    await insertDevice(owner, { name: 'Gateway reserva', status: 'never-connected', lastSeenAt: null });
    const foreign = await insertDevice(other, { name: 'Gateway da Serra' });

    const page = await call<Page<Device & Record<string, unknown>>>('GET', '/device', { as: owner });
    expect(page.status).toBe(200);
    expect(page.body.meta).toEqual({ page: 1, perPage: 20, total: 2 });
    const installed = page.body.data.find((d) => d.id === device.id);
    expect(installed).toMatchObject({ machineId: machine.id, machineName: machine.name, orderId: null, orderNumber: null });
    for (const row of page.body.data) {
      for (const hidden of ['ownerUid', 'comesOnlineAt', 'wgPublicKey', 'search', 'nameKey']) expect(row).not.toHaveProperty(hidden);
    }

    const one = await call<Device>('GET', `/device/${device.id}`, { as: owner });
    expect(one.body).toEqual({ ...installed, statusHistory: [] });

    for (const [method, path, extra] of [
      ['GET', `/device/${foreign.id}`, {}],
      ['GET', `/device/${foreign.id}/connections`, {}],
      ['PUT', `/device/${foreign.id}`, { body: { name: 'Meu' }, headers: { 'If-Match': '1' } }],
      ['PUT', `/device/${foreign.id}/machine`, { body: { machineId: null } }],
      ['POST', `/auth-download?deviceId=${foreign.id}`, {}],
    ] as const) {
      const answer = await call(method, path, { as: owner, ...extra });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body).toEqual(NOT_FOUND);
    }
    expect((await call('GET', `/device/${foreign.id}`, { as: other })).status).toBe(200);
  });

  it('filters by status, searches serial, code (any case), name and machine name, and sorts as the demo', async () => {
    const owner = makeUid();
    const now = Date.now();
    const a = await insertDevice(owner, { name: 'Álamo', status: 'offline', lastSeenAt: now - 50_000 });
    const b = await insertDevice(owner, { name: 'Bétula', status: 'never-connected', lastSeenAt: null });
    const c = await insertDevice(owner, { name: 'Cedro', status: 'online', lastSeenAt: now - 10_000 });
    const { device: d, machine } = await insertInstalledDevice(owner, { name: 'Dendê', status: 'online', lastSeenAt: now - 90_000 });
    const names = async (query: string) =>
      (await call<Page<Device>>('GET', `/device?${query}`, { as: owner })).body.data.map((row) => row.name);

    expect(await names('')).toEqual(['Álamo', 'Bétula', 'Cedro', 'Dendê']);
    expect(await names('sort=-name')).toEqual(['Dendê', 'Cedro', 'Bétula', 'Álamo']);
    expect(await names('status=online')).toEqual(['Cedro', 'Dendê']);
    expect(await names('status=bogus')).toHaveLength(4);
    expect(await names(`q=${encodeURIComponent(a.serialNumber)}`)).toEqual(['Álamo']);
    expect(await names(`q=${b.setupCode.toLowerCase()}`)).toEqual(['Bétula']);
    expect(await names('q=cedro')).toEqual(['Cedro']);
    expect(await names(`q=${encodeURIComponent(machine.name.toUpperCase())}`)).toEqual([d.name]);
    expect(await names('q=%25')).toEqual([]);

    const statuses = (await call<Page<Device>>('GET', '/device?sort=status', { as: owner })).body.data.map((row) => row.status);
    expect(statuses).toEqual(['online', 'online', 'offline', 'never-connected']);
    const reversed = (await call<Page<Device>>('GET', '/device?sort=-status', { as: owner })).body.data.map((row) => row.status);
    expect(reversed).toEqual(['never-connected', 'offline', 'online', 'online']);
    // Never seen: last, both ways.
    expect(await names('sort=-lastSeenAt')).toEqual(['Cedro', 'Álamo', 'Dendê', 'Bétula']);
    expect(await names('sort=lastSeenAt')).toEqual(['Dendê', 'Álamo', 'Cedro', 'Bétula']);
    expect(await names('sort=serialNumber')).toEqual(
      [a, b, c, d].sort((x, y) => (x.serialNumber < y.serialNumber ? -1 : 1)).map((row) => row.name),
    );
    const bad = await call<Page<Device>>('GET', '/device?page=0&perPage=7&sort=drop', { as: owner });
    expect(bad.body.meta).toEqual({ page: 1, perPage: 20, total: 4 });
    expect((await call<Page<Device>>('GET', '/device?perPage=10&page=2', { as: owner })).body.data).toEqual([]);
  });

  it('answers the number of the order a gateway came from (the owner’s order only)', async () => {
    const owner = makeUid();
    const number = 500_000 + Math.floor(Math.random() * 400_000);
    const orderId = `order-t${number}`;
    const now = Date.now();
    await env.DB.prepare(
      `INSERT INTO purchase_order (id, owner_uid, number, status, item_count, subtotal, total, address_cep, address_street,
        address_number, address_district, address_city, address_uf, payment_method_id, payment_kind, payment_method_name,
        search, search_compact, created_at, updated_at)
       VALUES (?, ?, ?, 'pago', 1, 100, 100, '01001000', 'Rua A', '1', 'Centro', 'São Paulo', 'SP', 'pm-1', 'pix', 'Pix', '', '', ?, ?)`,
    )
      .bind(orderId, owner, number, now, now)
      .run();
    const bought = await insertDevice(owner, { orderId });
    expect((await call<Device>('GET', `/device/${bought.id}`, { as: owner })).body).toMatchObject({ orderId, orderNumber: number });
    const stranger = makeUid();
    const foreign = await insertDevice(stranger, { orderId });
    expect((await call<Device>('GET', `/device/${foreign.id}`, { as: stranger })).body).toMatchObject({ orderId, orderNumber: null });
  });

  it('renames over the version: 428 without it, 400 blank, 409 stale with the current device', async () => {
    const owner = makeUid();
    const { device, machine } = await insertInstalledDevice(owner, { name: 'Gateway antigo' });
    const put = (version: string | null, name: string) =>
      call<Device & { error: { code: string; message: string; current: Device } }>('PUT', `/device/${device.id}`, {
        as: owner,
        body: { name },
        headers: version ? { 'If-Match': version } : {},
      });
    expect((await put(null, 'Sem versão')).status).toBe(428);
    const blank = await put('1', '  ');
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ error: { code: 'validation', field: 'name', message: 'Informe o nome do dispositivo.' } });
    const ok = await put('1', 'Gateway da linha 1');
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ name: 'Gateway da linha 1', version: 2, machineName: machine.name });
    const stale = await put('1', 'Outro nome');
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: 'version-conflict', message: VERSION_CONFLICT_MESSAGE });
    expect(stale.body.error.current).toMatchObject({ name: 'Gateway da linha 1', version: 2 });
    // The new name is searched.
    const found = await call<Page<Device>>('GET', '/device?q=linha%201', { as: owner });
    expect(found.body.data.map((row) => row.id)).toEqual([device.id]);
  });

  it('pages a device’s connection history, newest first, without the owner', async () => {
    const owner = makeUid();
    const device = await insertDevice(owner);
    const other = await insertDevice(owner);
    const start = Date.now() - 1_000_000;
    for (let i = 0; i < 14; i += 1) await insertConnection(owner, device.id, start + i * 1000);
    await insertConnection(owner, other.id, start);
    const first = await call<Page<Connection>>('GET', `/device/${device.id}/connections?perPage=10`, { as: owner });
    expect(first.body.meta).toEqual({ page: 1, perPage: 10, total: 14 });
    expect(first.body.data.every((row) => row.deviceId === device.id && row.ownerUid === undefined)).toBe(true);
    const starts = first.body.data.map((row) => row.startedAt.seconds);
    expect(starts).toEqual([...starts].sort((x, y) => y - x));
    const second = await call<Page<Connection>>('GET', `/device/${device.id}/connections?perPage=10&page=2`, { as: owner });
    expect(second.body.data).toHaveLength(4);
    const firstIds = new Set(first.body.data.map((row) => row.id));
    expect(second.body.data.some((row) => firstIds.has(row.id))).toBe(false);
  });

  it('lets Leitura read and refuses its changes with the reason', async () => {
    const owner = makeUid();
    const reader = makeUid('leitura');
    await arrangeMember(owner, reader, 'leitura');
    const { device, machine } = await insertInstalledDevice(owner);
    expect((await call<Page<Device>>('GET', '/device', { as: reader })).body.meta.total).toBe(1);
    expect((await call('GET', `/device/${device.id}/connections`, { as: reader })).status).toBe(200);
    const refusal = { error: { code: 'role-forbidden', message: 'Seu perfil (Leitura) não permite alterar dados.' } };
    for (const [method, path, body] of [
      ['PUT', `/device/${device.id}`, { name: 'X' }],
      ['PUT', `/device/${device.id}/machine`, { machineId: machine.id }],
      ['POST', '/device/claim', { code: device.setupCode }],
      ['POST', `/auth-download?deviceId=${device.id}`, undefined],
    ] as const) {
      const answer = await call(method, path, { as: reader, body, headers: { 'If-Match': '1' } });
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.body).toEqual(refusal);
    }
    const tecnico = makeUid('tecnico');
    await arrangeMember(owner, tecnico, 'tecnico');
    // The file names the gateway's hub (issue 34): one registered hub for it.
    await env.DB.prepare('UPDATE device SET hub_id = ? WHERE id = ?').bind((await insertHub()).id, device.id).run();
    expect((await call('POST', `/auth-download?deviceId=${device.id}`, { as: tecnico })).status).toBe(200);
  });
});
