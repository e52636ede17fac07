import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VERSION_CONFLICT_MESSAGE } from '@/contracts/common';
import { cidrsOverlap } from '@/contracts/validators/fields';
import {
  VPN_EXPIRY_PAST,
  VPN_EXPIRY_REQUIRED,
  VPN_MACHINE_GONE_MESSAGE,
  VPN_MACHINES_ONE_OWNER_MESSAGE,
  VPN_NETWORK_INVALID,
  VPN_ROUTE_OVERLAP,
  VPN_USER_DISABLED_MESSAGE,
  VPN_USER_DUPLICATE_EMAIL,
} from '@/contracts/vpn';
import { formatDate } from '@/lib/dates';
import { testDb, TEST_API_URL, TEST_NOW, TEST_VPN_API_URL } from '@/testing/msw-server';
import { DEMO_ADMIN_UID, DEMO_CUSTOMER_UID } from '@/seed';
import { makeTestToken } from '../token';
import { type ApiPage, call, json } from '@/testing/demo-api';

const admin = makeTestToken({ uid: DEMO_ADMIN_UID, email: 'admin@example.com', admin: true });
const customer = makeTestToken({ uid: DEMO_CUSTOMER_UID, email: 'cliente@example.com' });
const DAY = 86_400_000;

type Ts = { seconds: number; nanos: number };
interface ApiUser {
  id: string;
  name: string;
  email: string;
  enabled: boolean;
  expiresAt: Ts | null;
  status: string;
  vpnAddress: string;
  machineIds: string[];
  machines: Array<{ id: string; name: string; serialNumber: string; ownerName: string | null }>;
  ownerName: string | null;
  version: number;
  ownerUid?: string;
}
interface ApiNode {
  id: string;
  name: string;
  deviceId: string;
  deviceSerialNumber: string;
  vpnAddress: string;
  online: boolean;
  lastHandshakeAt: Ts | null;
  routeCount: number;
}
interface ApiRoute {
  id: string;
  nodeId: string;
  nodeName: string;
  network: string;
  description: string;
  enabled: boolean;
  version: number;
}
interface ApiError {
  error: { code: string; message: string; field?: string };
}

/** The demo's VPN API unless `base` says otherwise. */
const vpnCall = (path: string, init: Parameters<typeof call>[1] = {}) => call(path, { base: TEST_VPN_API_URL, ...init });

const send = (method: string, path: string, body: object, headers: Record<string, string> = {}, token = admin) =>
  vpnCall(path, { method, token, headers, body: JSON.stringify(body) });

const inDays = (days: number) => new Date(TEST_NOW + days * DAY).toISOString();
const validUser = {
  name: 'Rodrigo Alves',
  email: 'Rodrigo.Alves@Oliveira.exemplo.com.br',
  expiresAt: inDays(30),
  machineIds: ['machine-1010', 'machine-1011'],
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(TEST_NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('VPN backend: staff only', () => {
  const endpoints: Array<[string, string, object?]> = [
    ['GET', '/vpn-user'],
    ['POST', '/vpn-user', validUser],
    ['GET', '/vpn-user/vpn-user-1001'],
    ['PUT', '/vpn-user/vpn-user-1001', validUser],
    ['DELETE', '/vpn-user/vpn-user-1001'],
    ['POST', '/vpn-user/vpn-user-1001/enable'],
    ['POST', '/vpn-user/vpn-user-1001/disable'],
    ['GET', '/vpn-user/vpn-user-1001/config'],
    ['GET', '/vpn-node'],
    ['GET', '/vpn-node/vpn-node-1001'],
    ['GET', '/vpn-route'],
    ['POST', '/vpn-route', { nodeId: 'vpn-node-1001', network: '10.50.0.0/16' }],
    ['GET', '/vpn-route/vpn-route-1001'],
    ['PUT', '/vpn-route/vpn-route-1001', { nodeId: 'vpn-node-1001', network: '10.50.0.0/16' }],
    ['POST', '/vpn-route/vpn-route-1001/enable'],
    ['POST', '/vpn-route/vpn-route-1001/disable'],
    ['DELETE', '/vpn-route/vpn-route-1001'],
  ];

  it.each(endpoints)('%s %s: 401 without a token, 403 with a customer’s', async (method, path, body) => {
    const init = { method, headers: { 'If-Match': '1' }, ...(body ? { body: JSON.stringify(body) } : {}) };
    expect((await vpnCall(path, init)).status).toBe(401);
    const refused = await vpnCall(path, { ...init, token: customer });
    expect(refused.status).toBe(403);
    expect((await json<ApiError>(refused)).error.message).toBe('Acesso restrito à equipe Ponte IIoT.');
  });

  it('GET /backoffice/machine (main API): 403 for a customer, every builder’s machines for staff', async () => {
    expect((await vpnCall('/backoffice/machine', { base: TEST_API_URL, token: customer })).status).toBe(403);
    const page = await json<ApiPage<{ id: string; name: string; serialNumber: string; ownerName: string; ownerUid?: string }>>(
      await vpnCall('/backoffice/machine?q=IH-450&perPage=100', { base: TEST_API_URL, token: admin }),
    );
    expect(page.data.length).toBeGreaterThan(1);
    expect(page.data.every((machine) => machine.name.includes('IH-450'))).toBe(true);
    expect(page.data[0]).toEqual({ id: expect.any(String), name: expect.any(String), serialNumber: expect.any(String), ownerName: 'Maria Oliveira Santos' });
    const all = await json<ApiPage<{ ownerName: string }>>(await vpnCall('/backoffice/machine?perPage=100&q=Pouso', { base: TEST_API_URL, token: admin }));
    expect(all.data.map((machine) => machine.ownerName)).toContain('João Pereira Costa');
  });
});

describe('/vpn-user', () => {
  it('lists the seeded users with status, machines by name and no ownerUid; filters and sorts', async () => {
    const page = await json<ApiPage<ApiUser>>(await vpnCall('/vpn-user?perPage=100', { token: admin }));
    expect(page.meta.total).toBe(4);
    const byName = Object.fromEntries(page.data.map((user) => [user.name, user]));
    expect(byName['Carlos Henrique Prado']?.status).toBe('ativo');
    expect(byName['Juliana Nakamura']).toMatchObject({ status: 'ativo', expiresAt: null });
    expect(byName['Técnico terceirizado — Automax']?.status).toBe('expirado');
    expect(byName['Estagiário 2025']?.status).toBe('desativado');
    expect(byName['Carlos Henrique Prado']?.machines.map((machine) => machine.id)).toEqual(['machine-1001', 'machine-1002']);
    expect(byName['Carlos Henrique Prado']?.ownerName).toBe('Maria Oliveira Santos');
    expect(byName['Carlos Henrique Prado']?.vpnAddress).toMatch(/^10\.87\.\d+\.\d+$/);
    expect(page.data.some((user) => 'ownerUid' in user)).toBe(false);

    const expired = await json<ApiPage<ApiUser>>(await vpnCall('/vpn-user?status=expirado', { token: admin }));
    expect(expired.data.map((user) => user.name)).toEqual(['Técnico terceirizado — Automax']);
    const searched = await json<ApiPage<ApiUser>>(await vpnCall('/vpn-user?q=nakamura', { token: admin }));
    expect(searched.data.map((user) => user.name)).toEqual(['Juliana Nakamura']);
    const byExpiry = await json<ApiPage<ApiUser>>(await vpnCall('/vpn-user?sort=expiresAt', { token: admin }));
    expect(byExpiry.data.map((user) => user.name)).toEqual([
      'Técnico terceirizado — Automax',
      'Estagiário 2025',
      'Carlos Henrique Prado',
      'Juliana Nakamura',
    ]);
  });

  it('creates once per Idempotency-Key, normalised, reaching machines of one builder', async () => {
    const headers = { 'Idempotency-Key': 'vpn-novo-1' };
    const first = await send('POST', '/vpn-user', validUser, headers);
    expect(first.status).toBe(201);
    const created = await json<ApiUser>(first);
    expect(created).toMatchObject({
      name: 'Rodrigo Alves',
      email: 'rodrigo.alves@oliveira.exemplo.com.br',
      enabled: true,
      status: 'ativo',
      machineIds: ['machine-1010', 'machine-1011'],
      ownerName: 'Maria Oliveira Santos',
      version: 1,
    });
    expect(created.machines).toHaveLength(2);
    const again = await send('POST', '/vpn-user', validUser, headers);
    expect(again.status).toBe(201);
    expect((await json<ApiUser>(again)).id).toBe(created.id);
    expect(testDb().data.vpnUsers.filter((user) => user.email === 'rodrigo.alves@oliveira.exemplo.com.br')).toHaveLength(1);

    const noExpiry = await send('POST', '/vpn-user', { ...validUser, email: 'sem.prazo@exemplo.com.br', expiresAt: null, machineIds: [] });
    expect(noExpiry.status).toBe(201);
    expect(await json<ApiUser>(noExpiry)).toMatchObject({ expiresAt: null, ownerName: null, machines: [] });
  });

  it('refuses a past or missing expiry, a malformed e-mail, a duplicate e-mail, unknown or mixed machines', async () => {
    const refusal = async (body: object, status = 400) => {
      const response = await send('POST', '/vpn-user', body);
      expect(response.status).toBe(status);
      return (await json<ApiError>(response)).error;
    };
    expect(await refusal({ ...validUser, expiresAt: inDays(-1) })).toMatchObject({ field: 'expiresAt', message: VPN_EXPIRY_PAST });
    const { expiresAt: _left, ...withoutExpiry } = validUser;
    expect(await refusal(withoutExpiry)).toMatchObject({ field: 'expiresAt', message: VPN_EXPIRY_REQUIRED });
    expect(await refusal({ ...validUser, email: 'rodrigo@@exemplo' })).toMatchObject({
      field: 'email',
      message: 'E-mail inválido. Use o formato nome@empresa.com.br.',
    });
    expect(await refusal({ ...validUser, email: 'CARLOS.PRADO@oliveira.exemplo.com.br' }, 409)).toMatchObject({
      field: 'email',
      message: VPN_USER_DUPLICATE_EMAIL,
    });
    expect(await refusal({ ...validUser, machineIds: ['machine-1010', 'machine-inexistente'] })).toMatchObject({
      field: 'machineIds',
      message: VPN_MACHINE_GONE_MESSAGE,
    });
    expect(await refusal({ ...validUser, machineIds: ['machine-1010', 'machine-1101'] })).toMatchObject({
      field: 'machineIds',
      message: VPN_MACHINES_ONE_OWNER_MESSAGE,
    });
    expect(testDb().data.vpnUsers).toHaveLength(4);
  });

  it('updates with If-Match (428 without, 409 stale), enables, disables and deletes', async () => {
    const path = '/vpn-user/vpn-user-1003';
    const renewed = { ...validUser, name: 'Técnico terceirizado — Automax', email: 'suporte@automax.exemplo.com.br', expiresAt: inDays(15), machineIds: ['machine-1008'] };
    expect((await send('PUT', path, renewed)).status).toBe(428);
    const saved = await send('PUT', path, renewed, { 'If-Match': '1' });
    expect(saved.status).toBe(200);
    expect(await json<ApiUser>(saved)).toMatchObject({ status: 'ativo', version: 2 });
    const stale = await send('PUT', path, renewed, { 'If-Match': '1' });
    expect(stale.status).toBe(409);
    expect((await json<ApiError>(stale)).error.message).toBe(VERSION_CONFLICT_MESSAGE);

    const disabled = await vpnCall(`${path}/disable`, { method: 'POST', token: admin });
    expect(await json<ApiUser>(disabled)).toMatchObject({ enabled: false, status: 'desativado', version: 3 });
    const twice = await vpnCall(`${path}/disable`, { method: 'POST', token: admin });
    expect((await json<ApiUser>(twice)).version).toBe(3);
    const enabled = await vpnCall(`${path}/enable`, { method: 'POST', token: admin });
    expect(await json<ApiUser>(enabled)).toMatchObject({ enabled: true, status: 'ativo' });

    expect((await vpnCall(path, { method: 'DELETE', token: admin })).status).toBe(204);
    expect((await vpnCall(path, { token: admin })).status).toBe(404);
    expect((await json<ApiError>(await vpnCall(path, { method: 'DELETE', token: admin }))).error.message).toBe('Usuário VPN não encontrado.');
  });

  it('the configuration: a WireGuard file for an active user, 403 for an expired one, 409 for a disabled one', async () => {
    const response = await vpnCall('/vpn-user/vpn-user-1001/config', { token: admin });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toContain('text/plain');
    expect(response.headers.get('Content-Disposition')).toContain('filename="vpn-carlos-henrique-prado.conf"');
    const text = await response.text();
    expect(text).toContain('[Interface]');
    expect(text).toContain('[Peer]');
    expect(text).toMatch(/^Address = 10\.87\.\d+\.\d+\/32$/m);
    expect(text).toContain('Endpoint = vpn.ponteiiot.com.br:51820');
    expect(text).toContain('# Máquinas: IH-450 #01');
    // Routes to the nodes of its machines' gateways and their enabled routes (the disabled one is left out).
    const db = testDb().data;
    const deviceIds = db.machines.filter((m) => ['machine-1001', 'machine-1002'].includes(m.id)).map((m) => m.deviceId);
    const nodes = db.vpnNodes.filter((node) => deviceIds.includes(node.deviceId));
    const allowed = /^AllowedIPs = (.+)$/m.exec(text)?.[1]?.split(', ') ?? [];
    for (const node of nodes) expect(allowed).toContain(`${node.vpnAddress}/32`);
    for (const route of db.vpnRoutes.filter((r) => nodes.some((node) => node.id === r.nodeId))) {
      expect(allowed.includes(route.network)).toBe(route.enabled);
    }

    const expired = await vpnCall('/vpn-user/vpn-user-1003/config', { token: admin });
    expect(expired.status).toBe(403);
    expect((await json<ApiError>(expired)).error).toEqual({
      code: 'vpn-user-expired',
      message: `Acesso expirado em ${formatDate(TEST_NOW - 3 * DAY)}. Renove a validade para baixar a configuração.`,
    });
    const disabled = await vpnCall('/vpn-user/vpn-user-1004/config', { token: admin });
    expect(disabled.status).toBe(409);
    expect((await json<ApiError>(disabled)).error.message).toBe(VPN_USER_DISABLED_MESSAGE);
    expect((await vpnCall('/vpn-user/vpn-user-9999/config', { token: admin })).status).toBe(404);

    // No expiry: valid until disabled.
    const juliana = await vpnCall('/vpn-user/vpn-user-1002/config', { token: admin });
    expect(await juliana.text()).toContain('# Válida até: sem expiração');
  });
});

describe('/vpn-node', () => {
  it('lists nodes with gateway, VPN address, online and last handshake; filters by status', async () => {
    const page = await json<ApiPage<ApiNode>>(await vpnCall('/vpn-node?perPage=100', { token: admin }));
    expect(page.meta.total).toBe(testDb().data.vpnNodes.length);
    const first = page.data.find((node) => node.id === 'vpn-node-1001');
    expect(first).toMatchObject({ deviceId: 'device-1001', deviceSerialNumber: expect.stringMatching(/^PG1-/), vpnAddress: expect.stringMatching(/^10\.88\./) });
    expect(first?.routeCount).toBe(2);
    const online = await json<ApiPage<ApiNode>>(await vpnCall('/vpn-node?status=online&perPage=100', { token: admin }));
    expect(online.data.length).toBeGreaterThan(0);
    expect(online.data.every((node) => node.online && node.lastHandshakeAt !== null)).toBe(true);
    const byHandshake = await json<ApiPage<ApiNode>>(await vpnCall('/vpn-node?sort=-lastHandshakeAt', { token: admin }));
    const times = byHandshake.data.map((node) => node.lastHandshakeAt?.seconds ?? 0);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});

describe('/vpn-route', () => {
  it('no two seeded routes of a node overlap', () => {
    const routes = testDb().data.vpnRoutes;
    for (const a of routes) {
      for (const b of routes) {
        if (a !== b && a.nodeId === b.nodeId) expect(cidrsOverlap(a.network, b.network), `${a.network} × ${b.network}`).toBe(false);
      }
    }
    expect(routes.some((route) => !route.enabled)).toBe(true);
  });

  it('lists by node with its name', async () => {
    const page = await json<ApiPage<ApiRoute>>(await vpnCall('/vpn-route?node=vpn-node-1001&sort=network', { token: admin }));
    expect(page.data.map((route) => route.nodeId)).toEqual(['vpn-node-1001', 'vpn-node-1001']);
    expect(page.data[0]?.nodeName).toBe(testDb().data.vpnNodes[0]?.name);
    const disabled = await json<ApiPage<ApiRoute>>(await vpnCall('/vpn-route?status=desativada', { token: admin }));
    expect(disabled.data.every((route) => !route.enabled)).toBe(true);
  });

  it('validates the CIDR and refuses an overlap on the same node (enabled or not), not on another node', async () => {
    const create = (body: object, headers: Record<string, string> = {}) => send('POST', '/vpn-route', body, headers);
    for (const bad of ['10.0.0.1/8', '10.0.0.0/40', 'rede']) {
      const response = await create({ nodeId: 'vpn-node-1002', network: bad });
      expect(response.status).toBe(400);
      expect((await json<ApiError>(response)).error).toMatchObject({ field: 'network', message: VPN_NETWORK_INVALID });
    }
    const gone = await create({ nodeId: 'vpn-node-9999', network: '10.0.0.0/8' });
    expect((await json<ApiError>(gone)).error).toMatchObject({ field: 'nodeId', message: 'O nó escolhido não existe mais.' });

    const wide = await create({ nodeId: 'vpn-node-1003', network: '10.0.0.0/8', description: 'Rede corporativa' }, { 'Idempotency-Key': 'rota-1' });
    expect(wide.status).toBe(201);
    const route = await json<ApiRoute>(wide);
    expect(route).toMatchObject({ network: '10.0.0.0/8', enabled: true, nodeName: expect.any(String) });

    const overlap = await create({ nodeId: 'vpn-node-1003', network: '10.1.0.0/16' });
    expect(overlap.status).toBe(409);
    expect((await json<ApiError>(overlap)).error).toMatchObject({ code: 'route-overlap', field: 'network', message: VPN_ROUTE_OVERLAP });
    // A disabled route still counts.
    expect((await vpnCall(`/vpn-route/${route.id}/disable`, { method: 'POST', token: admin })).status).toBe(200);
    expect((await create({ nodeId: 'vpn-node-1003', network: '10.1.0.0/16' })).status).toBe(409);
    // Another node may use it.
    expect((await create({ nodeId: 'vpn-node-1004', network: '10.1.0.0/16' })).status).toBe(201);

    // Updating a route over itself is fine; onto a sibling's network is not.
    const own = testDb().data.vpnRoutes.find((r) => r.nodeId === 'vpn-node-1003' && r.id !== route.id);
    expect(own).toBeDefined();
    const self = await send('PUT', `/vpn-route/${route.id}`, { nodeId: 'vpn-node-1003', network: '10.0.0.0/8', description: 'Renomeada' }, { 'If-Match': '2' });
    expect(self.status).toBe(200);
    const clash = await send('PUT', `/vpn-route/${own?.id ?? ''}`, { nodeId: 'vpn-node-1003', network: '10.200.0.0/16' }, { 'If-Match': '1' });
    expect(clash.status).toBe(409);
    expect((await vpnCall(`/vpn-route/${route.id}`, { method: 'DELETE', token: admin })).status).toBe(204);
    expect((await send('PUT', `/vpn-route/${own?.id ?? ''}`, { nodeId: 'vpn-node-1003', network: '10.200.0.0/16' }, { 'If-Match': '1' })).status).toBe(200);
  });
});
