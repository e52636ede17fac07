/**
 * GET /hub/{id}/state: the hub's gateways (address + their machines' tunnel subnets), the VPN users reaching a
 * machine on it, the active sessions through it (the grant fixed at approval; the machine's current subnet only
 * when the session has none); an expired session, a disabled user and another hub's gateway absent; the version
 * stable while nothing changes; 401 without the hub's credential.
 */
import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { HUB_INTERFACE_ADDRESS, HUB_MESSAGES, HUB_NETWORKS, type HubDesiredState } from '@/contracts/hub';
import { call } from '../../../testing/api';
import { vpnUserAddress } from '../network';
import { clearWorld, insertGateway, insertHub, insertMachine, insertSession, insertUser, makeWgKey } from './hub-world';

const staff = { as: 'staff-rafael', admin: true };
let token: string;

beforeEach(async () => {
  await clearWorld();
  await insertHub('hub-1', { endpointPort: 51999 });
  await insertHub('hub-2');
  await insertGateway('device-1', { hubId: 'hub-1', wgPublicKey: makeWgKey(1), vpnAddress: '10.88.0.10' });
  await insertGateway('device-2', { hubId: 'hub-2', wgPublicKey: makeWgKey(2), vpnAddress: '10.88.0.11' });
  await insertGateway('device-3', { hubId: 'hub-1', wgPublicKey: null, vpnAddress: '10.88.0.12' });
  await insertMachine('machine-1', 'device-1', '10.128.0.0/24');
  await insertMachine('machine-1b', 'device-1', '10.128.2.0/23');
  await insertMachine('machine-2', 'device-2', '10.128.1.0/24');
  token = (await call<{ token: string }>('POST', '/hub/hub-1/credential', staff)).body.token;
});

const state = (auth = `Hub ${token}`) => call<HubDesiredState & { error?: { message: string } }>('GET', '/hub/hub-1/state', { headers: { Authorization: auth } });

describe('GET /hub/{id}/state', () => {
  it('holds the hub’s gateways, users and sessions, each with what it may reach', async () => {
    const now = Date.now();
    await insertUser('vpn-user-1001', ['machine-1', 'machine-2'], { wgPublicKey: makeWgKey(10), expiresAt: now + 86_400_000 });
    await insertUser('vpn-user-1002', ['machine-1'], { wgPublicKey: makeWgKey(11), enabled: false });
    await insertUser('vpn-user-1003', ['machine-1'], { wgPublicKey: makeWgKey(12), expiresAt: now - 1000 });
    await insertUser('vpn-user-1004', ['machine-2'], { wgPublicKey: makeWgKey(13) });
    await insertUser('vpn-user-1005', ['machine-1'], { wgPublicKey: null });
    await insertSession('remote-access-1', { wgPublicKey: makeWgKey(20), tunnelSubnet: '10.128.9.0/24' });
    await insertSession('remote-access-2', { wgPublicKey: makeWgKey(21), tunnelAddress: '10.86.0.10', tunnelSubnet: null });
    await insertSession('remote-access-3', { wgPublicKey: makeWgKey(22), windowEnd: now - 1000 });
    await insertSession('remote-access-4', { wgPublicKey: makeWgKey(23), status: 'ended' });
    await insertSession('remote-access-5', { wgPublicKey: makeWgKey(24), deviceId: 'device-2', machineId: 'machine-2' });
    await insertSession('remote-access-6', { wgPublicKey: null });

    const answer = await state();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Cache-Control')).toBe('no-store');
    expect(answer.body.hub).toEqual({ id: 'hub-1', address: HUB_INTERFACE_ADDRESS, listenPort: 51999, networks: [...HUB_NETWORKS] });
    expect(answer.body.version).toMatch(/^[0-9a-f]{16}$/);
    const windowEnd = (id: string) =>
      env.DB.prepare('SELECT window_end FROM remote_access_session WHERE id = ?').bind(id).first<number>('window_end');
    expect(answer.body.peers).toEqual([
      { kind: 'gateway', id: 'device-1', publicKey: makeWgKey(1), allowedIps: ['10.88.0.10/32', '10.128.0.0/24', '10.128.2.0/23'] },
      {
        kind: 'user',
        id: 'vpn-user-1001',
        publicKey: makeWgKey(10),
        allowedIps: [`${vpnUserAddress('vpn-user-1001')}/32`],
        reach: ['10.128.0.0/24'],
        expiresAt: now + 86_400_000,
      },
      {
        kind: 'session',
        id: 'remote-access-1',
        publicKey: makeWgKey(20),
        allowedIps: ['10.86.0.9/32'],
        reach: { network: '10.128.9.0/24', tcp: [80, 502], udp: [] },
        expiresAt: await windowEnd('remote-access-1'),
      },
      {
        kind: 'session',
        id: 'remote-access-2',
        publicKey: makeWgKey(21),
        allowedIps: ['10.86.0.10/32'],
        reach: { network: '10.128.0.0/24', tcp: [80, 502], udp: [] },
        expiresAt: await windowEnd('remote-access-2'),
      },
    ]);

    // The same content, the same version; a change, another.
    const again = await state();
    expect(again.body.version).toBe(answer.body.version);
    expect(again.body.generatedAt).toBeGreaterThanOrEqual(answer.body.generatedAt);
    await env.DB.prepare("UPDATE remote_access_session SET status = 'ended' WHERE id = 'remote-access-2'").run();
    const after = await state();
    expect(after.body.version).not.toBe(answer.body.version);
    expect(after.body.peers.map((peer) => peer.id)).toEqual(['device-1', 'vpn-user-1001', 'remote-access-1']);
  });

  it('401 in pt-BR without the hub’s credential, with another hub’s, or for an unknown hub', async () => {
    const missing = await state('');
    expect(missing).toMatchObject({ status: 401, body: { error: { message: HUB_MESSAGES.credentialInvalid } } });
    expect((await state('Hub wrong')).status).toBe(401);
    expect((await state(`Bearer ${token}`)).status).toBe(401);
    const other = await call('GET', '/hub/hub-2/state', { headers: { Authorization: `Hub ${token}` } });
    expect(other.status).toBe(401);
    expect((await call('GET', '/hub/hub-404/state', { headers: { Authorization: `Hub ${token}` } })).status).toBe(401);
  });
});
