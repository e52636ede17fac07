import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { VERSION_CONFLICT_MESSAGE } from '@/contracts/common';
import { HUB_MESSAGES } from '@/contracts/hub';
import {
  VPN_EXPIRY_PAST,
  VPN_EXPIRY_REQUIRED,
  VPN_MACHINE_GONE_MESSAGE,
  VPN_MACHINES_ONE_OWNER_MESSAGE,
  VPN_USER_DISABLED_MESSAGE,
  VPN_USER_DUPLICATE_EMAIL,
} from '@/contracts/vpn';
import { buildSeed } from '@/seed';
import { call, makeIdempotencyKey } from '../../../testing/api';
import { DEMO_HUB } from '../../../demo/seed/vpn';
import { seedWorld } from '../../testing/seed-world';
import { formatDay } from '../network';

const DAY = 86_400_000;
const STAFF = 'staff-rafael';
const staff = { as: STAFF, admin: true };

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
}
interface Page<T> {
  data: T[];
  meta: { page: number; perPage: number; total: number };
}
interface ApiError {
  error: { code: string; message: string; field?: string };
}

let now = 0;
const inDays = (days: number) => new Date(now + days * DAY).toISOString();
const validUser = () => ({
  name: 'Rodrigo Alves',
  email: 'Rodrigo.Alves@Oliveira.exemplo.com.br',
  expiresAt: inDays(30),
  machineIds: ['machine-1010', 'machine-1011'],
});

const get = <T>(path: string) => call<T>('GET', path, staff);
const send = <T = ApiUser>(method: string, path: string, body: object, headers: Record<string, string> = {}) =>
  call<T>(method, path, { ...staff, body, headers });
const create = (body: object, key = makeIdempotencyKey()) => send('POST', '/vpn-user', body, { 'Idempotency-Key': key });

beforeEach(async () => {
  now = Date.now();
  await seedWorld(buildSeed({ now }));
});

describe('/vpn-user', () => {
  it('lists the seeded users with status, machines by name and no ownerUid; filters and sorts', async () => {
    const page = (await get<Page<ApiUser>>('/vpn-user?perPage=100')).body;
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

    const names = async (query: string) => (await get<Page<ApiUser>>(`/vpn-user?${query}`)).body.data.map((user) => user.name);
    expect(await names('status=expirado')).toEqual(['Técnico terceirizado — Automax']);
    expect(await names('q=nakamura')).toEqual(['Juliana Nakamura']);
    expect(await names('q=AUTOMAX.exemplo')).toEqual(['Técnico terceirizado — Automax']);
    expect(await names('sort=expiresAt')).toEqual([
      'Técnico terceirizado — Automax',
      'Estagiário 2025',
      'Carlos Henrique Prado',
      'Juliana Nakamura',
    ]);
    expect(await names('sort=-expiresAt')).toEqual([
      'Carlos Henrique Prado',
      'Estagiário 2025',
      'Técnico terceirizado — Automax',
      'Juliana Nakamura',
    ]);
    expect(await names('status=ativo&sort=name')).toEqual(['Carlos Henrique Prado', 'Juliana Nakamura']);
  });

  it('creates once per Idempotency-Key, normalised, reaching machines of one builder', async () => {
    const key = makeIdempotencyKey();
    const first = await create(validUser(), key);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      name: 'Rodrigo Alves',
      email: 'rodrigo.alves@oliveira.exemplo.com.br',
      enabled: true,
      status: 'ativo',
      machineIds: ['machine-1010', 'machine-1011'],
      ownerName: 'Maria Oliveira Santos',
      version: 1,
    });
    expect(first.body.machines).toHaveLength(2);
    const again = await create(validUser(), key);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect((await get<Page<ApiUser>>('/vpn-user?q=rodrigo')).body.meta.total).toBe(1);
    expect(await get<ApiUser>(`/vpn-user/${first.body.id}`)).toMatchObject({ status: 200, body: first.body });

    const noExpiry = await create({ ...validUser(), email: 'sem.prazo@exemplo.com.br', expiresAt: null, machineIds: [] });
    expect(noExpiry.status).toBe(201);
    expect(noExpiry.body).toMatchObject({ expiresAt: null, ownerName: null, machines: [] });
    expect((await call('POST', '/vpn-user', { ...staff, body: validUser() })).status).toBe(400);
  });

  it('refuses a past or missing expiry, a malformed e-mail, a duplicate e-mail, unknown or mixed machines', async () => {
    const refusal = async (body: object, status = 400) => {
      const answer = await send<ApiError>('POST', '/vpn-user', body, { 'Idempotency-Key': makeIdempotencyKey() });
      expect(answer.status).toBe(status);
      return answer.body.error;
    };
    expect(await refusal({ ...validUser(), expiresAt: inDays(-1) })).toMatchObject({ field: 'expiresAt', message: VPN_EXPIRY_PAST });
    const { expiresAt: _left, ...withoutExpiry } = validUser();
    expect(await refusal(withoutExpiry)).toMatchObject({ field: 'expiresAt', message: VPN_EXPIRY_REQUIRED });
    expect(await refusal({ ...validUser(), email: 'rodrigo@@exemplo' })).toMatchObject({
      field: 'email',
      message: 'E-mail inválido. Use o formato nome@empresa.com.br.',
    });
    expect(await refusal({ ...validUser(), email: 'CARLOS.PRADO@oliveira.exemplo.com.br' }, 409)).toEqual({
      code: 'duplicate-email',
      field: 'email',
      message: VPN_USER_DUPLICATE_EMAIL,
    });
    expect(await refusal({ ...validUser(), machineIds: ['machine-1010', 'machine-inexistente'] })).toMatchObject({
      field: 'machineIds',
      message: VPN_MACHINE_GONE_MESSAGE,
    });
    expect(await refusal({ ...validUser(), machineIds: ['machine-1010', 'machine-1101'] })).toMatchObject({
      field: 'machineIds',
      message: VPN_MACHINES_ONE_OWNER_MESSAGE,
    });
    expect((await get<Page<ApiUser>>('/vpn-user')).body.meta.total).toBe(4);
  });

  it('updates with If-Match (428 without, 409 stale), enables, disables and deletes', async () => {
    const path = '/vpn-user/vpn-user-1003';
    const renewed = { name: 'Técnico terceirizado — Automax', email: 'suporte@automax.exemplo.com.br', expiresAt: inDays(15), machineIds: ['machine-1008'] };
    expect((await send('PUT', path, renewed)).status).toBe(428);
    const saved = await send('PUT', path, renewed, { 'If-Match': '1' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ status: 'ativo', version: 2 });
    const stale = await send<ApiError & { error: { current: ApiUser } }>('PUT', path, renewed, { 'If-Match': '1' });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(VERSION_CONFLICT_MESSAGE);
    expect(stale.body.error.current).toMatchObject({ version: 2, status: 'ativo' });

    const disabled = await call<ApiUser>('POST', `${path}/disable`, staff);
    expect(disabled.body).toMatchObject({ enabled: false, status: 'desativado', version: 3 });
    const twice = await call<ApiUser>('POST', `${path}/disable`, staff);
    expect(twice.body.version).toBe(3);
    const staleSwitch = await call('POST', `${path}/enable`, { ...staff, headers: { 'If-Match': '1' } });
    expect(staleSwitch.status).toBe(409);
    const enabled = await call<ApiUser>('POST', `${path}/enable`, staff);
    expect(enabled.body).toMatchObject({ enabled: true, status: 'ativo', version: 4 });

    expect((await call('DELETE', path, staff)).status).toBe(204);
    expect((await get(path)).status).toBe(404);
    const gone = await call<ApiError>('DELETE', path, staff);
    expect(gone.body).toEqual({ error: { code: 'not-found', message: 'Usuário VPN não encontrado.' } });
  });

  it('the configuration: a WireGuard file for an active user, 403 for an expired one, 409 for a disabled one', async () => {
    const response = await call<string>('GET', '/vpn-user/vpn-user-1001/config', staff);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toContain('text/plain');
    expect(response.headers.get('Content-Disposition')).toContain('filename="vpn-carlos-henrique-prado.conf"');
    const text = response.body;
    expect(text).toContain('[Interface]');
    expect(text).toContain('[Peer]');
    expect(text).toMatch(/^Address = 10\.87\.\d+\.\d+\/32$/m);
    // The peer: the hub of the first machine's gateway (the demo's, until a real hub reports its own key).
    expect(text).toContain(`Endpoint = ${DEMO_HUB.endpointHost}:${DEMO_HUB.endpointPort}`);
    expect(text).toContain(`PublicKey = ${DEMO_HUB.publicKey}`);
    expect(text).toContain('# Máquinas: IH-450 #01');
    expect(text).not.toMatch(/^DNS/m);
    expect(text).toMatch(/^PrivateKey = [A-Za-z0-9+/]{43}=$/m);
    // Routes: the hub and its machines' tunnel subnets (each machine's LAN only while it has none).
    const data = buildSeed({ now });
    const machines = data.machines.filter((m) => ['machine-1001', 'machine-1002'].includes(m.id));
    expect(machines.every((m) => m.tunnelSubnet)).toBe(true);
    const allowed = /^AllowedIPs = (.+)$/m.exec(text)?.[1]?.split(', ') ?? [];
    expect(allowed).toEqual(['10.88.0.1/32', ...machines.map((m) => m.tunnelSubnet)]);

    // A new key pair per download; the server keeps neither private key.
    const second = await call<string>('GET', '/vpn-user/vpn-user-1001/config', staff);
    const key = (file: string) => /^PrivateKey = (.+)$/m.exec(file)?.[1];
    expect(key(second.body)).not.toBe(key(text));

    const expired = await call<ApiError>('GET', '/vpn-user/vpn-user-1003/config', staff);
    expect(expired.status).toBe(403);
    expect(expired.body.error).toEqual({
      code: 'vpn-user-expired',
      message: `Acesso expirado em ${formatDay(now - 3 * DAY)}. Renove a validade para baixar a configuração.`,
    });
    const disabled = await call<ApiError>('GET', '/vpn-user/vpn-user-1004/config', staff);
    expect(disabled.status).toBe(409);
    expect(disabled.body.error).toEqual({ code: 'vpn-user-disabled', message: VPN_USER_DISABLED_MESSAGE });
    expect((await get('/vpn-user/vpn-user-9999/config')).status).toBe(404);

    const juliana = await call<string>('GET', '/vpn-user/vpn-user-1002/config', staff);
    expect(juliana.body).toContain('# Válida até: sem expiração');
  });

  it('the configuration needs a hub with its key: 409 in pt-BR without one', async () => {
    await env.DB.prepare('UPDATE vpn_hub SET public_key = NULL').run();
    const unregistered = await call<ApiError>('GET', '/vpn-user/vpn-user-1001/config', staff);
    expect(unregistered).toMatchObject({ status: 409, body: { error: { message: HUB_MESSAGES.hubNotRegistered } } });
    await env.DB.prepare('DELETE FROM vpn_hub').run();
    await env.DB.prepare('UPDATE device SET hub_id = NULL').run();
    const none = await call<ApiError>('GET', '/vpn-user/vpn-user-1001/config', staff);
    expect(none).toMatchObject({ status: 409, body: { error: { message: HUB_MESSAGES.noHub } } });
  });
});
