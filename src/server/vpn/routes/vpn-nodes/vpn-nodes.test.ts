import { drizzle } from 'drizzle-orm/d1';
import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildSeed } from '@/seed';
import { call } from '../../../testing/api';
import { seedWorld } from '../../testing/seed-world';
import { DEMO_HANDSHAKE_DELAY_MS, issueConfiguration } from '../vpn-users/config';
import { findVpnUserRow, settleHandshakes } from '../vpn-users/queries';
import { NODE_CREDENTIAL_INVALID } from './peers';

const staff = { as: 'staff-rafael', admin: true };
type Ts = { seconds: number; nanos: number };
interface ApiNode {
  id: string;
  name: string;
  deviceId: string;
  deviceSerialNumber: string;
  vpnAddress: string;
  online: boolean;
  lastHandshakeAt: Ts | null;
  routeCount: number;
  ownerName: string | null;
  version: number;
}
interface Page<T> {
  data: T[];
  meta: { page: number; perPage: number; total: number };
}
interface Peers {
  node: { id: string; vpnAddress: string };
  peers: Array<{ kind: 'user' | 'gateway'; id: string; publicKey: string | null; allowedIps: string[] }>;
}

let data: ReturnType<typeof buildSeed>;
beforeEach(async () => {
  data = buildSeed({ now: Date.now() });
  await seedWorld(data);
});

const list = async (query: string) => (await call<Page<ApiNode>>('GET', `/vpn-node?${query}`, staff)).body;

describe('/vpn-node', () => {
  it('lists nodes with gateway, VPN address, online and last handshake; filters, searches and sorts', async () => {
    const page = await list('perPage=100');
    expect(page.meta.total).toBe(data.vpnNodes.length);
    const first = page.data.find((node) => node.id === 'vpn-node-1001');
    expect(first).toMatchObject({
      deviceId: 'device-1001',
      deviceSerialNumber: expect.stringMatching(/^PG1-/),
      vpnAddress: expect.stringMatching(/^10\.88\./),
      ownerName: 'Maria Oliveira Santos',
      routeCount: 2,
      hubId: 'hub-1001',
      hubName: 'São Paulo 1',
      version: 1,
    });
    expect(page.data.some((node) => 'ownerUid' in node || 'tokenHash' in node)).toBe(false);
    const online = await list('status=online&perPage=100');
    expect(online.data.length).toBeGreaterThan(0);
    expect(online.data.every((node) => node.online && node.lastHandshakeAt !== null)).toBe(true);
    const offline = await list('status=offline&perPage=100');
    expect(online.meta.total + offline.meta.total).toBe(page.meta.total);
    const times = (await list('sort=-lastHandshakeAt')).data.map((node) => node.lastHandshakeAt?.seconds ?? 0);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const addresses = (await list('sort=vpnAddress&perPage=100')).data.map((node) => Number(node.vpnAddress.split('.')[3]));
    expect(addresses).toEqual([...addresses].sort((a, b) => a - b));
    expect((await list(`q=${encodeURIComponent(first?.deviceSerialNumber ?? '')}`)).data.map((node) => node.id)).toEqual(['vpn-node-1001']);
    expect((await list(`q=${first?.vpnAddress ?? ''}`)).data.map((node) => node.id)).toContain('vpn-node-1001');

    expect((await call('GET', '/vpn-node/vpn-node-1001', staff)).body).toEqual(first);
    const missing = await call('GET', '/vpn-node/vpn-node-9999', staff);
    expect(missing).toMatchObject({ status: 404, body: { error: { code: 'not-found', message: 'Nó VPN não encontrado.' } } });
  });

  it('a gateway that connects with a VPN address gets a node, with its machine’s LAN as route', async () => {
    const device = (id: string, status: string, vpnAddress: string | null) =>
      env.DB.prepare(
        `INSERT INTO device (id, owner_uid, serial_number, setup_code, name, hardware_model, firmware, status, last_seen_at,
          vpn_address, machine_id, name_key, search, search_compact, version, created_at, updated_at)
         VALUES (?, 'demo-cliente-maria', ?, ?, ?, 'PG1', '1.0', ?, NULL, ?, ?, 'x', 'x', 'x', 1, 0, 0)`,
      )
        .bind(id, `SN-${id}`, `CODE-${id}`, `Gateway Prensa ${id}`, status, vpnAddress, status === 'online' ? 'machine-1010' : null)
        .run();
    await device('device-new-1', 'online', '10.88.3.99');
    await device('device-new-2', 'never-connected', '10.88.3.98');
    await env.DB.prepare("UPDATE machine SET device_id = 'device-new-1', lan_subnet = '192.168.77.0/24' WHERE id = 'machine-1010'").run();
    const [first, second] = await Promise.all([list('perPage=100'), list('perPage=100')]);
    expect(first.meta.total).toBe(data.vpnNodes.length + 1);
    expect(second.meta.total).toBe(data.vpnNodes.length + 1);
    const node = first.data.find((candidate) => candidate.deviceId === 'device-new-1');
    expect(node).toMatchObject({ name: 'Prensa device-new-1', vpnAddress: '10.88.3.99', online: true, routeCount: 1, ownerName: 'Maria Oliveira Santos' });
    const routes = await call<Page<{ network: string; description: string; nodeName: string }>>('GET', `/vpn-route?node=${node?.id}`, staff);
    expect(routes.body.data).toEqual([
      expect.objectContaining({ network: '192.168.77.0/24', description: 'Rede da máquina Prensa device-new-1', nodeName: 'Prensa device-new-1' }),
    ]);
  });

  it('a node learns its peers with its own credential, shown once and kept only as a hash', async () => {
    const peersOf = (id: string, token?: string) =>
      call<Peers>('GET', `/vpn-node/${id}/peers`, { headers: token === undefined ? {} : { Authorization: `Node ${token}` } });
    expect((await peersOf('vpn-node-1001')).body).toEqual({ error: { code: 'node-unauthenticated', message: NODE_CREDENTIAL_INVALID } });
    // A Firebase token is no node credential.
    expect((await call('GET', '/vpn-node/vpn-node-1001/peers', staff)).status).toBe(401);
    // Staff only may issue one.
    expect((await call('POST', '/vpn-node/vpn-node-1001/credential', { as: 'builder' })).status).toBe(403);
    expect((await call('POST', '/vpn-node/vpn-node-9999/credential', staff)).status).toBe(404);

    const issued = await call<{ nodeId: string; token: string }>('POST', '/vpn-node/vpn-node-1001/credential', staff);
    expect(issued.status).toBe(201);
    expect(issued.body.token).toMatch(/^pnode_[A-Za-z0-9_-]{43}$/);
    const stored = await env.DB.prepare('SELECT token_hash FROM vpn_node WHERE id = ?').bind('vpn-node-1001').first<{ token_hash: string }>();
    expect(stored?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.token_hash).not.toContain(issued.body.token);
    expect((await peersOf('vpn-node-1002', issued.body.token)).status).toBe(401);

    // Before any configuration download, the only peer is the gateway (no key yet), with its enabled routes.
    const before = await peersOf('vpn-node-1001', issued.body.token);
    expect(before.status).toBe(200);
    const node = data.vpnNodes.find((candidate) => candidate.id === 'vpn-node-1001');
    const enabledRoutes = data.vpnRoutes.filter((route) => route.nodeId === 'vpn-node-1001' && route.enabled).map((route) => route.network);
    expect(before.body.peers).toEqual([
      { kind: 'gateway', id: 'device-1001', publicKey: null, allowedIps: [`${node?.vpnAddress}/32`, ...enabledRoutes] },
    ]);

    // Carlos (machine-1001 on device-1001) downloads his configuration: the node learns his public key.
    const config = await call<string>('GET', '/vpn-user/vpn-user-1001/config', staff);
    const user = await findVpnUserRow(drizzle(env.DB), 'vpn-user-1001');
    expect(user?.wgPublicKey).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(config.body).not.toContain(user?.wgPublicKey ?? '-');
    await env.DB.prepare("UPDATE device SET wg_public_key = 'gatewaykey=' WHERE id = 'device-1001'").run();
    const after = await peersOf('vpn-node-1001', issued.body.token);
    expect(after.body.peers).toEqual([
      { kind: 'user', id: 'vpn-user-1001', publicKey: user?.wgPublicKey, allowedIps: [expect.stringMatching(/^10\.87\.\d+\.\d+\/32$/)] },
      expect.objectContaining({ kind: 'gateway', publicKey: 'gatewaykey=' }),
    ]);
    // Disabled: no longer a peer. A new credential replaces the old one.
    await call('POST', '/vpn-user/vpn-user-1001/disable', staff);
    expect((await peersOf('vpn-node-1001', issued.body.token)).body.peers.map((peer) => peer.kind)).toEqual(['gateway']);
    const renewed = await call<{ token: string }>('POST', '/vpn-node/vpn-node-1001/credential', staff);
    expect((await peersOf('vpn-node-1001', issued.body.token)).status).toBe(401);
    expect((await peersOf('vpn-node-1001', renewed.body.token)).status).toBe(200);
  });

  it('demo: the simulated node reports the handshake of a downloaded configuration ~8 s later', async () => {
    const db = drizzle(env.DB);
    const user = await findVpnUserRow(db, 'vpn-user-1001');
    if (!user) throw new Error('seed');
    const at = Date.now() + 365 * 86_400_000;
    await issueConfiguration(db, user, { now: at, demo: true });
    await settleHandshakes(db, at + DEMO_HANDSHAKE_DELAY_MS - 1);
    expect((await findVpnUserRow(db, 'vpn-user-1001'))?.lastHandshakeAt).toBeNull();
    await settleHandshakes(db, at + DEMO_HANDSHAKE_DELAY_MS);
    expect((await findVpnUserRow(db, 'vpn-user-1001'))?.lastHandshakeAt).toBe(at + DEMO_HANDSHAKE_DELAY_MS);
    const node = await call<ApiNode>('GET', '/vpn-node/vpn-node-1001', staff);
    expect(node.body.lastHandshakeAt).toEqual({ seconds: Math.floor((at + DEMO_HANDSHAKE_DELAY_MS) / 1000), nanos: expect.any(Number) });
    expect(node.body.version).toBe(1);
  });
});
