import { beforeEach, describe, expect, it } from 'vitest';
import { VPN_NETWORK_INVALID, VPN_ROUTE_OVERLAP } from '@/contracts/vpn';
import { cidrsOverlap } from '@/contracts/validators/fields';
import { buildSeed } from '@/seed';
import { call, makeIdempotencyKey } from '../../../testing/api';
import { seedWorld } from '../../testing/seed-world';

const staff = { as: 'staff-rafael', admin: true };
interface ApiRoute {
  id: string;
  nodeId: string;
  nodeName: string;
  network: string;
  description: string;
  enabled: boolean;
  version: number;
}
interface Page<T> {
  data: T[];
  meta: { page: number; perPage: number; total: number };
}
interface ApiError {
  error: { code: string; message: string; field?: string; overlaps?: { id: string; network: string } };
}

let data: ReturnType<typeof buildSeed>;
beforeEach(async () => {
  data = buildSeed({ now: Date.now() });
  await seedWorld(data);
});

const list = async (query: string) => (await call<Page<ApiRoute>>('GET', `/vpn-route?${query}`, staff)).body;
const create = (body: object, key = makeIdempotencyKey()) => call<ApiRoute & ApiError>('POST', '/vpn-route', { ...staff, body, headers: { 'Idempotency-Key': key } });
const update = (id: string, body: object, version: number) =>
  call<ApiRoute & ApiError>('PUT', `/vpn-route/${id}`, { ...staff, body, headers: { 'If-Match': String(version) } });

describe('/vpn-route', () => {
  it('no two seeded routes of a node overlap', () => {
    for (const a of data.vpnRoutes) {
      for (const b of data.vpnRoutes) {
        if (a !== b && a.nodeId === b.nodeId) expect(cidrsOverlap(a.network, b.network), `${a.network} × ${b.network}`).toBe(false);
      }
    }
    expect(data.vpnRoutes.some((route) => !route.enabled)).toBe(true);
  });

  it('lists by node with its name, by status, searched and sorted', async () => {
    const page = await list('node=vpn-node-1001&sort=network');
    expect(page.data.map((route) => route.nodeId)).toEqual(['vpn-node-1001', 'vpn-node-1001']);
    expect(page.data[0]?.nodeName).toBe(data.vpnNodes[0]?.name);
    expect(page.data.some((route) => 'ownerUid' in route)).toBe(false);
    const disabled = await list('status=desativada');
    expect(disabled.meta.total).toBe(data.vpnRoutes.filter((route) => !route.enabled).length);
    expect(disabled.data.every((route) => !route.enabled)).toBe(true);
    expect((await list('perPage=100')).meta.total).toBe(data.vpnRoutes.length);
    expect((await list('q=supervisao')).data.map((route) => route.network)).toEqual(['10.30.0.0/16']);
    const byNetwork = (await list('sort=network&perPage=100')).data.map((route) => route.network);
    const value = (cidr: string) => cidr.split(/[./]/).map(Number).reduce((acc, n, i) => (i < 4 ? acc * 256 + n : acc * 64 + n), 0);
    expect(byNetwork).toEqual([...byNetwork].sort((a, b) => value(a) - value(b)));
    const one = await call<ApiRoute>('GET', '/vpn-route/vpn-route-1001', staff);
    expect(one.body).toMatchObject({ id: 'vpn-route-1001', nodeId: 'vpn-node-1001', version: 1 });
    expect((await call('GET', '/vpn-route/vpn-route-9999', staff)).body).toEqual({
      error: { code: 'not-found', message: 'Rota VPN não encontrada.' },
    });
  });

  it('validates the CIDR and refuses an overlap on the same node (enabled or not), not on another node', async () => {
    for (const bad of ['10.0.0.1/8', '10.0.0.0/40', 'rede']) {
      const answer = await create({ nodeId: 'vpn-node-1002', network: bad });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({ field: 'network', message: VPN_NETWORK_INVALID });
    }
    const gone = await create({ nodeId: 'vpn-node-9999', network: '10.0.0.0/8' });
    expect(gone.body.error).toMatchObject({ field: 'nodeId', message: 'O nó escolhido não existe mais.' });

    const key = makeIdempotencyKey();
    const wide = await create({ nodeId: 'vpn-node-1003', network: '010.0.0.0/8', description: 'Rede corporativa' }, key);
    expect(wide.status).toBe(201);
    const route = wide.body;
    expect(route).toMatchObject({ network: '10.0.0.0/8', enabled: true, version: 1, nodeName: expect.any(String) });
    expect((await create({ nodeId: 'vpn-node-1003', network: '010.0.0.0/8', description: 'Rede corporativa' }, key)).body.id).toBe(route.id);

    const overlap = await create({ nodeId: 'vpn-node-1003', network: '10.1.0.0/16' });
    expect(overlap.status).toBe(409);
    expect(overlap.body.error).toEqual({
      code: 'route-overlap',
      field: 'network',
      message: VPN_ROUTE_OVERLAP,
      overlaps: { id: route.id, network: '10.0.0.0/8' },
    });
    // A disabled route still counts.
    const off = await call<ApiRoute>('POST', `/vpn-route/${route.id}/disable`, staff);
    expect(off).toMatchObject({ status: 200, body: { enabled: false, version: 2 } });
    expect((await create({ nodeId: 'vpn-node-1003', network: '10.1.0.0/16' })).status).toBe(409);
    // Another node may use it.
    expect((await create({ nodeId: 'vpn-node-1004', network: '10.1.0.0/16' })).status).toBe(201);

    // Updating a route over itself is fine; onto a sibling's network is not.
    const own = data.vpnRoutes.find((r) => r.nodeId === 'vpn-node-1003' && r.id !== route.id);
    expect(own).toBeDefined();
    const self = await update(route.id, { nodeId: 'vpn-node-1003', network: '10.0.0.0/8', description: 'Renomeada' }, 2);
    expect(self).toMatchObject({ status: 200, body: { description: 'Renomeada', version: 3 } });
    expect((await update(route.id, { nodeId: 'vpn-node-1003', network: '10.0.0.0/8' }, 2)).status).toBe(409);
    expect((await call('PUT', `/vpn-route/${route.id}`, { ...staff, body: { nodeId: 'vpn-node-1003', network: '10.0.0.0/8' } })).status).toBe(428);
    const clash = await update(own?.id ?? '', { nodeId: 'vpn-node-1003', network: '10.200.0.0/16' }, 1);
    expect(clash.status).toBe(409);
    expect((await call('DELETE', `/vpn-route/${route.id}`, staff)).status).toBe(204);
    expect((await update(own?.id ?? '', { nodeId: 'vpn-node-1003', network: '10.200.0.0/16' }, 1)).status).toBe(200);
    expect((await call('DELETE', `/vpn-route/${route.id}`, staff)).status).toBe(404);
  });

  it('two overlapping routes of a node at once (created or updated): one is kept, the other refused', async () => {
    // The first node has two routes (its LAN and a disabled one); 100.64.0.0/10 is none of them.
    const node = 'vpn-node-1001';
    const answers = await Promise.all([
      create({ nodeId: node, network: '100.64.0.0/10', description: 'A' }),
      create({ nodeId: node, network: '100.64.1.0/24', description: 'B' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const won = answers.find((answer) => answer.status === 201)?.body as ApiRoute;
    expect(answers.find((answer) => answer.status === 409)?.body.error).toEqual({
      code: 'route-overlap',
      field: 'network',
      message: VPN_ROUTE_OVERLAP,
      overlaps: { id: won.id, network: won.network },
    });
    const cgnat = async () => (await list(`node=${node}&perPage=100`)).data.filter((route) => route.network.startsWith('100.'));
    expect((await cgnat()).map((route) => route.id)).toEqual([won.id]);

    // Two of the node's routes moved at once onto overlapping networks: one moves.
    expect((await call('DELETE', `/vpn-route/${won.id}`, staff)).status).toBe(204);
    const siblings = (await list(`node=${node}&perPage=100`)).data;
    expect(siblings).toHaveLength(2);
    const [a, b] = siblings as [ApiRoute, ApiRoute];
    const moved = await Promise.all([
      update(a.id, { nodeId: node, network: '100.64.0.0/10', description: a.description }, a.version),
      update(b.id, { nodeId: node, network: '100.100.0.0/16', description: b.description }, b.version),
    ]);
    expect(moved.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(moved.find((answer) => answer.status === 409)?.body.error).toMatchObject({ code: 'route-overlap', field: 'network' });
    expect(await cgnat()).toHaveLength(1);
  });
});
