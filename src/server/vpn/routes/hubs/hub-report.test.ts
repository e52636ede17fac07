/**
 * POST /hub/{id}/report: the first report registers the hub's key; a gateway of the hub with a recent handshake goes
 * online (one status event per transition), a silent one offline; another hub's gateway is left alone; a session's
 * first handshake is one `connected` event and its traffic follows the hub; a VPN user gets its handshake; 10 000
 * peers in one report are taken in a handful of statements; a bad credential is 401 before the body is read.
 */
import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { GATEWAY_ONLINE_WINDOW_MS, HUB_MESSAGES, type HubReport } from '@/contracts/hub';
import { drizzle } from 'drizzle-orm/d1';
import { call } from '../../../testing/api';
import { gatewayOnlineWindow, sweepOfflineGateways } from './sweep';
import { clearWorld, insertGateway, insertHub, insertMachine, insertSession, insertUser, makeWgKey } from './hub-world';

const staff = { as: 'staff-rafael', admin: true };
let token: string;

beforeEach(async () => {
  await clearWorld();
  await insertHub('hub-1');
  await insertHub('hub-2', { lastReportAt: Date.now() });
  await insertGateway('device-1', { hubId: 'hub-1', wgPublicKey: makeWgKey(1), vpnAddress: '10.88.0.10' });
  await insertGateway('device-2', { hubId: 'hub-2', wgPublicKey: makeWgKey(2), vpnAddress: '10.88.0.11' });
  await insertGateway('device-3', { hubId: 'hub-1', wgPublicKey: makeWgKey(3), vpnAddress: '10.88.0.12', status: 'online', lastSeenAt: Date.now() - GATEWAY_ONLINE_WINDOW_MS - 60_000 });
  await insertMachine('machine-1', 'device-1', '10.128.0.0/24');
  token = (await call<{ token: string }>('POST', '/hub/hub-1/credential', staff)).body.token;
});

const health = { ok: true, implementation: 'wireguard-go', startedAt: 1_700_000_000_000 };
const body = (peers: HubReport['peers'], appliedVersion: string | null = 'abc123'): HubReport => ({ publicKey: makeWgKey(200), appliedVersion, health, peers });
const report = (payload: unknown, auth = `Hub ${token}`) =>
  call<{ gateways: number; sessions: number; users: number; error?: { message: string } }>('POST', '/hub/hub-1/report', {
    headers: { Authorization: auth },
    body: payload,
  });
const seconds = () => Math.floor(Date.now() / 1000);
const peer = (n: number, latestHandshake: number, rxBytes = 0, txBytes = 0) => ({ publicKey: makeWgKey(n), latestHandshake, rxBytes, txBytes });
const gateway = (id: string) =>
  env.DB.prepare('SELECT status, last_seen_at FROM device WHERE id = ?').bind(id).first<{ status: string; last_seen_at: number | null }>();
const events = async () =>
  (await env.DB.prepare('SELECT device_id, status FROM device_status_event ORDER BY at, device_id, status').all()).results;

describe('the offline sweep (scheduled every minute)', () => {
  it('turns offline the silent online gateways of hubs that report, one event each; a never-reported hub’s are kept', async () => {
    const stale = Date.now() - GATEWAY_ONLINE_WINDOW_MS - 1000;
    await insertHub('hub-demo');
    await insertGateway('device-4', { hubId: 'hub-2', status: 'online', lastSeenAt: stale });
    await insertGateway('device-5', { hubId: 'hub-2', status: 'online', lastSeenAt: Date.now() });
    await insertGateway('device-6', { hubId: 'hub-demo', status: 'online', lastSeenAt: stale });
    await env.DB.prepare("UPDATE vpn_hub SET last_report_at = ? WHERE id = 'hub-1'").bind(Date.now()).run();
    const db = drizzle(env.DB);
    expect(await sweepOfflineGateways(db, Date.now(), GATEWAY_ONLINE_WINDOW_MS)).toBe(2);
    expect((await gateway('device-3'))?.status).toBe('offline');
    expect((await gateway('device-4'))?.status).toBe('offline');
    expect((await gateway('device-5'))?.status).toBe('online');
    expect((await gateway('device-6'))?.status).toBe('online');
    expect(await events()).toEqual([
      { device_id: 'device-3', status: 'offline' },
      { device_id: 'device-4', status: 'offline' },
    ]);
    expect(await sweepOfflineGateways(db, Date.now(), GATEWAY_ONLINE_WINDOW_MS)).toBe(0);
    // The window from the environment (the network test shortens it).
    expect(gatewayOnlineWindow({ GATEWAY_ONLINE_WINDOW_MS: '5000' } as never)).toBe(5000);
    expect(gatewayOnlineWindow({} as never)).toBe(GATEWAY_ONLINE_WINDOW_MS);
  });
});

describe('POST /hub/{id}/report', () => {
  it('registers the hub; gateways online and offline, each transition one event; another hub’s gateway untouched', async () => {
    const now = seconds();
    const first = await report(body([peer(1, now - 5), peer(2, now - 5)]));
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ gateways: 2, sessions: 0, users: 0 });
    const hub = await env.DB.prepare("SELECT public_key, applied_version, health, peer_count, last_report_at FROM vpn_hub WHERE id = 'hub-1'").first<Record<string, unknown>>();
    expect(hub).toMatchObject({ public_key: makeWgKey(200), applied_version: 'abc123', peer_count: 2 });
    expect(JSON.parse(String(hub?.health))).toEqual(health);
    expect(await gateway('device-1')).toEqual({ status: 'online', last_seen_at: (now - 5) * 1000 });
    expect((await gateway('device-2'))?.status).toBe('never-connected');
    expect((await gateway('device-3'))?.status).toBe('offline');
    expect(await events()).toEqual([
      { device_id: 'device-1', status: 'online' },
      { device_id: 'device-3', status: 'offline' },
    ]);
    const shown = await call<{ publicKey: string; online: boolean; peerCount: number }>('GET', '/hub/hub-1', staff);
    expect(shown.body).toMatchObject({ publicKey: makeWgKey(200), online: true, peerCount: 2 });

    // Still online: last seen moves, no new event; an old handshake does not bring device-3 back.
    const again = await report(body([peer(1, now - 1), peer(3, now - 3600)]));
    expect(again.body.gateways).toBe(1);
    expect(await gateway('device-1')).toEqual({ status: 'online', last_seen_at: (now - 1) * 1000 });
    expect((await gateway('device-3'))?.status).toBe('offline');
    expect(await events()).toHaveLength(2);

    // Silent past the window: offline, one event.
    await env.DB.prepare("UPDATE device SET last_seen_at = ? WHERE id = 'device-1'").bind(Date.now() - GATEWAY_ONLINE_WINDOW_MS - 1000).run();
    expect((await report(body([]))).body).toEqual({ gateways: 1, sessions: 0, users: 0 });
    expect((await gateway('device-1'))?.status).toBe('offline');
    expect(await events()).toHaveLength(3);
  });

  it('a session’s first handshake is one `connected` event; its traffic follows; a VPN user gets its handshake', async () => {
    await insertSession('remote-access-1', { wgPublicKey: makeWgKey(20) });
    await insertSession('remote-access-2', { wgPublicKey: makeWgKey(21), deviceId: 'device-2' });
    await insertSession('remote-access-3', { wgPublicKey: makeWgKey(22), status: 'ended' });
    await insertUser('vpn-user-1001', ['machine-1'], { wgPublicKey: makeWgKey(30) });
    const now = seconds() - 10;
    const first = await report(body([peer(20, now, 1200, 98_000), peer(21, now, 1, 1), peer(22, now, 1, 1), peer(30, now), peer(99, now)]));
    expect(first.body).toEqual({ gateways: 1, sessions: 1, users: 1 });
    const session = (id: string) =>
      env.DB.prepare('SELECT last_handshake_at, bytes_in, bytes_out FROM remote_access_session WHERE id = ?').bind(id).first();
    expect(await session('remote-access-1')).toEqual({ last_handshake_at: now * 1000, bytes_in: 1200, bytes_out: 98_000 });
    expect(await session('remote-access-2')).toEqual({ last_handshake_at: null, bytes_in: 0, bytes_out: 0 });
    expect(await session('remote-access-3')).toEqual({ last_handshake_at: null, bytes_in: 0, bytes_out: 0 });
    const user = await env.DB.prepare("SELECT last_handshake_at FROM vpn_user WHERE id = 'vpn-user-1001'").first('last_handshake_at');
    expect(user).toBe(now * 1000);

    // Nothing changed: nothing written. Later traffic: the counters follow, the event is not repeated.
    expect((await report(body([peer(20, now, 1200, 98_000), peer(30, now)]))).body).toEqual({ gateways: 0, sessions: 0, users: 0 });
    await report(body([peer(20, now + 2, 2400, 150_000)]));
    expect(await session('remote-access-1')).toEqual({ last_handshake_at: (now + 2) * 1000, bytes_in: 2400, bytes_out: 150_000 });
    const connected = await env.DB.prepare("SELECT session_id, at FROM remote_access_event WHERE kind = 'connected'").all();
    expect(connected.results).toEqual([{ session_id: 'remote-access-1', at: now * 1000 }]);
  });

  it('takes a 10 000-peer report in one batch (5 000 of them gateways of the hub)', async () => {
    const now = seconds();
    const peers = Array.from({ length: 10_000 }, (_, i) => peer(1000 + i, i % 2 === 0 ? now - (i % 100) : 0, i * 10, i * 20));
    peers.push(peer(1, now));
    const keys = JSON.stringify(peers.slice(0, 5000).map((p) => p.publicKey));
    await env.DB.prepare(
      `INSERT INTO device (id, owner_uid, serial_number, setup_code, name, hardware_model, firmware, status, hub_id, wg_public_key,
        name_key, search, search_compact, version, created_at, updated_at)
       SELECT 'gw-' || key, 'b', 'SN-' || key, 'C-' || key, 'gw', 'PG', '1', 'never-connected', 'hub-1', value, 'gw', 'gw', 'gw', 1, 0, 0
       FROM json_each(?)`,
    )
      .bind(keys)
      .run();
    const started = Date.now();
    const answer = await report(body(peers));
    // eslint-disable-next-line no-console -- the measured time, printed for the reader (not asserted)
    console.log(`10 000-peer hub report: ${Date.now() - started} ms`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ gateways: 2502, sessions: 0, users: 0 });
    expect(await env.DB.prepare("SELECT count(*) AS n FROM device_status_event WHERE status = 'online'").first('n')).toBe(2501);
    expect((await gateway('device-1'))?.status).toBe('online');
    expect(await env.DB.prepare("SELECT peer_count FROM vpn_hub WHERE id = 'hub-1'").first('peer_count')).toBe(10_001);
  });

  it('401 without the hub’s credential before the body is read; 400 in pt-BR for a bad body', async () => {
    const refused = await report({ peers: 'nada' }, 'Hub wrong');
    expect(refused).toMatchObject({ status: 401, body: { error: { message: HUB_MESSAGES.credentialInvalid } } });
    expect((await report('not json', 'Node x')).status).toBe(401);
    const bad = await report({ ...body([]), publicKey: 'abc' });
    expect(bad).toMatchObject({ status: 400, body: { error: { message: 'Chave pública WireGuard inválida.' } } });
  });
});
