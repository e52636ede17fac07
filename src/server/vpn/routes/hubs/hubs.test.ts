/**
 * /hub (staff): create (Idempotency-Key, pt-BR validation of host and port, duplicate name), list, get, PATCH with
 * If-Match, "Nova credencial" (the previous credential refused at once), moving a gateway; and the assignment
 * helpers (least loaded hub, a gateway's hub: 409 without a hub or before the hub registered its key).
 */
import { env } from 'cloudflare:test';
import { drizzle } from 'drizzle-orm/d1';
import { beforeEach, describe, expect, it } from 'vitest';
import { HUB_MESSAGES } from '@/contracts/hub';
import { call, makeIdempotencyKey } from '../../../testing/api';
import { provisionRows } from '../../../main/routes/orders/provision';
import { gatewayHub, leastLoadedHub } from './assign';
import { HUB_HOST_MESSAGE, HUB_PORT_MESSAGE } from './schemas';

const staff = { as: 'staff-rafael', admin: true };
const key = (fill: number) => btoa(String.fromCharCode(...new Uint8Array(32).fill(fill)));
type Hub = { id: string; name: string; endpointPort: number; version: number; gatewayCount: number; online: boolean; publicKey: string | null };
type Failure = { error: { code: string; message: string; field?: string } };

const create = (body: object) => call<Hub & Failure>('POST', '/hub', { ...staff, headers: { 'Idempotency-Key': makeIdempotencyKey() }, body });

async function insertGateway(id: string, hubId: string | null) {
  const now = Date.now();
  await env.DB.prepare(
    `INSERT INTO device (id, owner_uid, serial_number, setup_code, name, hardware_model, firmware, status, vpn_address, hub_id,
      name_key, search, search_compact, version, created_at, updated_at)
     VALUES (?, 'builder-x', ?, ?, ?, 'PG-100', '1.0', 'never-connected', NULL, ?, ?, ?, ?, 1, ?, ?)`,
  )
    .bind(id, `SN-${id}`, `CODE-${id}`, id, hubId, id, id, id, now, now)
    .run();
}

beforeEach(async () => {
  await env.DB.batch(['vpn_hub', 'device', 'device_status_event'].map((table) => env.DB.prepare(`DELETE FROM ${table}`)));
});

describe('/hub', () => {
  it('creates, lists, gets and changes a hub; the gateways without a hub go to the first one', async () => {
    await insertGateway('device-a', null);
    const created = await create({ name: 'São Paulo 1', region: 'sa-east-1', endpointHost: 'hub1.ponteiiot.com.br' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'São Paulo 1',
      endpointPort: 51820,
      publicKey: null,
      online: false,
      lastReportAt: null,
      health: null,
      peerCount: 0,
      gatewayCount: 1,
      version: 1,
    });
    const id = created.body.id;
    expect((await env.DB.prepare("SELECT hub_id FROM device WHERE id = 'device-a'").first())?.hub_id).toBe(id);

    const list = await call<{ data: Hub[] }>('GET', '/hub', staff);
    expect(list.body.data.map((hub) => hub.name)).toEqual(['São Paulo 1']);
    expect((await call<Hub>('GET', `/hub/${id}`, staff)).body).toMatchObject({ id, gatewayCount: 1 });
    expect((await call<Failure>('GET', '/hub/hub-9999', staff)).body.error.message).toBe(HUB_MESSAGES.notFound);

    const patched = await call<Hub>('PATCH', `/hub/${id}`, { ...staff, headers: { 'If-Match': '1' }, body: { endpointPort: 51900 } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ endpointPort: 51900, version: 2, name: 'São Paulo 1' });
    const stale = await call<Failure>('PATCH', `/hub/${id}`, { ...staff, headers: { 'If-Match': '1' }, body: { region: 'x' } });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('version-conflict');
    expect((await call('PATCH', `/hub/${id}`, { ...staff, body: { region: 'x' } })).status).toBe(428);
  });

  it('refuses a bad host, a bad port and a duplicate name, in pt-BR', async () => {
    const base = { name: 'Hub', region: 'sa-east-1', endpointHost: '127.0.0.1' };
    const host = await create({ ...base, endpointHost: 'https://x' });
    expect(host).toMatchObject({ status: 400, body: { error: { message: HUB_HOST_MESSAGE, field: 'endpointHost' } } });
    expect((await create({ ...base, endpointHost: '300.1.1.1' })).body.error.message).toBe(HUB_HOST_MESSAGE);
    const port = await create({ ...base, endpointPort: 70000 });
    expect(port).toMatchObject({ status: 400, body: { error: { message: HUB_PORT_MESSAGE, field: 'endpointPort' } } });
    expect((await create(base)).status).toBe(201);
    const twice = await create({ ...base, name: 'hub' });
    expect(twice).toMatchObject({ status: 409, body: { error: { message: 'Já existe um hub com este nome.' } } });
  });

  it('"Nova credencial": shown once, the previous one refused at once', async () => {
    const { body: hub } = await create({ name: 'Hub', region: 'r', endpointHost: '127.0.0.1' });
    const first = await call<{ token: string }>('POST', `/hub/${hub.id}/credential`, staff);
    expect(first.status).toBe(201);
    expect(first.body.token).toMatch(/^phub_/);
    const stored = await env.DB.prepare('SELECT token_hash FROM vpn_hub WHERE id = ?').bind(hub.id).first<{ token_hash: string }>();
    expect(stored?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.token_hash).not.toContain(first.body.token);
    const state = (token: string) => call<Failure>('GET', `/hub/${hub.id}/state`, { headers: { Authorization: `Hub ${token}` } });
    expect((await state(first.body.token)).status).toBe(200);
    const second = await call<{ token: string }>('POST', `/hub/${hub.id}/credential`, staff);
    const refused = await state(first.body.token);
    expect(refused).toMatchObject({ status: 401, body: { error: { message: HUB_MESSAGES.credentialInvalid } } });
    expect((await state(second.body.token)).status).toBe(200);
    expect((await call('POST', '/hub/hub-9999/credential', staff)).status).toBe(404);
  });

  it('moves a gateway to another hub, saying a new file is needed', async () => {
    const { body: one } = await create({ name: 'Um', region: 'r', endpointHost: '127.0.0.1' });
    const { body: two } = await create({ name: 'Dois', region: 'r', endpointHost: '127.0.0.2' });
    await insertGateway('device-b', one.id);
    const moved = await call('POST', `/hub/${two.id}/gateway`, { ...staff, body: { deviceId: 'device-b' } });
    expect(moved).toMatchObject({
      status: 200,
      body: { deviceId: 'device-b', hubId: two.id, previousHubId: one.id, message: HUB_MESSAGES.movedNeedsNewFile },
    });
    expect((await call<Hub>('GET', `/hub/${two.id}`, staff)).body.gatewayCount).toBe(1);
    expect((await call<Failure>('POST', `/hub/${two.id}/gateway`, { ...staff, body: { deviceId: 'nope' } })).status).toBe(404);
  });
});

describe('assignment', () => {
  it('the least loaded hub (ties by id); a gateway without a hub gets it; 409 without a hub or before its key', async () => {
    const db = drizzle(env.DB);
    await insertGateway('device-c', null);
    expect(await leastLoadedHub(db)).toBeNull();
    await expect(gatewayHub(db, 'device-c')).rejects.toMatchObject({ status: 409, message: HUB_MESSAGES.noHub });

    const now = Date.now();
    for (const id of ['hub-2', 'hub-1']) {
      await env.DB.prepare(
        `INSERT INTO vpn_hub (id, name, region, endpoint_host, endpoint_port, version, created_at, updated_at) VALUES (?, ?, 'r', '127.0.0.1', 51820, 1, ?, ?)`,
      )
        .bind(id, id, now, now)
        .run();
    }
    await insertGateway('device-d', 'hub-1');
    expect(await leastLoadedHub(db)).toBe('hub-2');
    await expect(gatewayHub(db, 'device-c')).rejects.toMatchObject({ status: 409, message: HUB_MESSAGES.hubNotRegistered });
    expect((await env.DB.prepare("SELECT hub_id FROM device WHERE id = 'device-c'").first())?.hub_id).toBe('hub-2');
    await env.DB.prepare("UPDATE vpn_hub SET public_key = ? WHERE id = 'hub-2'").bind(key(7)).run();
    expect(await gatewayHub(db, 'device-c')).toEqual({ id: 'hub-2', name: 'hub-2', endpointHost: '127.0.0.1', endpointPort: 51820, publicKey: key(7) });
  });

  it('an order’s new gateways go to the least loaded hub (none while there is no hub)', async () => {
    const db = drizzle(env.DB);
    const line = { kind: 'gateway', quantity: 2, name: 'Gateway PG-100', hardwareModel: 'PG-100' };
    const order = { id: 'order-hubs', ownerUid: 'builder-x', number: 9001 };
    expect((await provisionRows(db, order, [line], Date.now())).map((row) => row.hubId)).toEqual([null, null]);
    const now = Date.now();
    for (const id of ['hub-1', 'hub-2']) {
      await env.DB.prepare(
        `INSERT INTO vpn_hub (id, name, region, endpoint_host, endpoint_port, version, created_at, updated_at) VALUES (?, ?, 'r', '127.0.0.1', 51820, 1, ?, ?)`,
      )
        .bind(id, id, now, now)
        .run();
    }
    await insertGateway('device-e', 'hub-1');
    expect((await provisionRows(db, order, [line], Date.now())).map((row) => row.hubId)).toEqual(['hub-2', 'hub-2']);
  });
});
