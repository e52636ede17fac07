/**
 * Remote access (issue 25), server side: the policy table (role × action × approval), another builder's 404, the bad
 * inputs of the issue that reach the server, one open window per person and machine, the node's peer list (ended and
 * expired sessions dropped), the demo's handshake, and the events every step writes.
 */
import { env } from 'cloudflare:test';
import { drizzle } from 'drizzle-orm/d1';
import { beforeEach, describe, expect, it } from 'vitest';
import { REASON_MISSING, REMOTE_ACCESS_MESSAGES as M, remoteAdminForbiddenMessage } from '@/contracts/remote-access';
import { addMember, call, freshUid, newKey } from '../../../testing/api';
import { emulatorToken } from '../../../testing/tokens';
import { nodePeers } from '../../../vpn/routes/vpn-nodes/peers';
import { app } from '../../index';
import { insertMachine, publicKey } from './fixtures';

type Ts = { seconds: number; nanos: number };
interface Session {
  id: string;
  status: string;
  machineId: string;
  requesterUid: string;
  services: Array<{ name: string; protocol: string; port: number }>;
  tunnelAddress: string;
  lanSubnet: string;
  windowStartsAt: Ts | null;
  windowEndsAt: Ts | null;
  refusalReason: string | null;
  endReason: string | null;
  lastHandshakeAt: Ts | null;
  version: number;
}
interface RequestAnswer {
  session: Session;
  replaced: { id: string; status: string } | null;
  message: string;
}
interface Profile {
  session: Session;
  interface: { address: string };
  peer: { publicKey: string; endpointHost: string; endpointPort: number; allowedIps: string[]; persistentKeepalive: number };
  services: Array<{ port: number }>;
  validUntil: Ts;
  fileName: string;
}
interface Page<T> {
  data: T[];
  meta: { page: number; perPage: number; total: number };
}
interface Event {
  kind: string;
  sessionId: string;
  actorUid: string | null;
  reason: string;
  occurredAt: Ts;
}
type ApiError = { error: { code: string; message: string; field?: string } };


const ask = (as: string, machineId: string, body: unknown) =>
  call<RequestAnswer & ApiError>('POST', `/machine/${machineId}/remote-access`, { as, body, headers: { 'Idempotency-Key': newKey() } });
const post = <T = Session & ApiError>(as: string, path: string, body: unknown = {}) => call<T>('POST', path, { as, body });
const events = async (as: string, query = '') => (await call<Page<Event>>('GET', `/remote-access/event?perPage=100${query}`, { as })).body.data;

async function setPolicy(owner: string, requireApproval: boolean, maxDurationHours = 24) {
  const current = await call<{ version: number }>('GET', '/remote-access/policy', { as: owner });
  const answer = await call('PUT', '/remote-access/policy', {
    as: owner,
    body: { requireApproval, maxDurationHours },
    headers: { 'If-Match': String(current.body.version) },
  });
  expect(answer.status).toBe(200);
}

const peersOf = (owner: string, deviceId: string, now = Date.now()) =>
  nodePeers(drizzle(env.DB), { id: 'vpn-node-test', ownerUid: owner, deviceId, vpnAddress: '10.88.9.9' }, now);

let owner: string;
let tecnico: string;
let leitura: string;
beforeEach(async () => {
  owner = freshUid();
  tecnico = freshUid('tecnico');
  leitura = freshUid('leitura');
  await addMember(owner, tecnico, 'tecnico');
  await addMember(owner, leitura, 'leitura');
});

describe('the policy', () => {
  it('defaults, is read by everyone and set only by an Administrador (If-Match)', async () => {
    for (const as of [owner, tecnico, leitura]) {
      expect((await call('GET', '/remote-access/policy', { as })).body).toEqual({ requireApproval: false, maxDurationHours: 24, version: 1, updatedAt: null });
    }
    for (const [as, role] of [[tecnico, 'tecnico'], [leitura, 'leitura']] as const) {
      const refused = await call('PUT', '/remote-access/policy', { as, body: { requireApproval: true, maxDurationHours: 4 }, headers: { 'If-Match': '1' } });
      expect(refused).toMatchObject({ status: 403, body: { error: { code: 'role-forbidden', message: remoteAdminForbiddenMessage(role) } } });
    }
    const saved = await call('PUT', '/remote-access/policy', { as: owner, body: { requireApproval: true, maxDurationHours: 4 }, headers: { 'If-Match': '1' } });
    expect(saved).toMatchObject({ status: 200, body: { requireApproval: true, maxDurationHours: 4, version: 2 } });
    const stale = await call('PUT', '/remote-access/policy', { as: owner, body: { requireApproval: false, maxDurationHours: 8 }, headers: { 'If-Match': '1' } });
    expect(stale).toMatchObject({ status: 409, body: { error: { code: 'version-conflict', current: { version: 2, maxDurationHours: 4 } } } });
    expect((await call('PUT', '/remote-access/policy', { as: owner, body: { requireApproval: false, maxDurationHours: 8 } })).status).toBe(428);
    const bad = await call<ApiError>('PUT', '/remote-access/policy', { as: owner, body: { requireApproval: false, maxDurationHours: 2 }, headers: { 'If-Match': '2' } });
    expect(bad).toMatchObject({ status: 400, body: { error: { field: 'maxDurationHours', message: 'Escolha a duração: 1, 4, 8 ou 24 horas.' } } });
    // Another account keeps its defaults.
    expect((await call<{ version: number }>('GET', '/remote-access/policy', { as: freshUid() })).body.version).toBe(1);
  });
});

describe('role × action × approval', () => {
  it.each([
    ['administrador', false, 'approved'],
    ['administrador', true, 'approved'],
    ['tecnico', false, 'approved'],
    ['tecnico', true, 'pending'],
    ['leitura', false, 403],
    ['leitura', true, 403],
  ] as const)('%s asks (approval required: %s) → %s', async (role, requireApproval, expected) => {
    if (requireApproval) await setPolicy(owner, true);
    const { machine: target } = await insertMachine(owner);
    const as = role === 'administrador' ? owner : role === 'tecnico' ? tecnico : leitura;
    const answer = await ask(as, target.id, { reason: '  Ajuste de receita no CLP  ', durationHours: 1 });
    if (expected === 403) {
      expect(answer).toMatchObject({ status: 403, body: { error: { code: 'role-forbidden', message: 'Seu perfil (Leitura) não permite alterar dados.' } } });
      return;
    }
    expect(answer.status).toBe(201);
    expect(answer.body.session).toMatchObject({ status: expected, requesterUid: as, machineId: target.id, windowStartsAt: null, version: 1 });
    expect(answer.body.session.services.map((service) => service.port)).toEqual([443, 102, 5900]);
    expect(answer.body.session.tunnelAddress).toMatch(/^10\.86\.\d+\.\d+$/);
    expect(answer.body.message).toBe(expected === 'pending' ? M.pending : M.approved('1 hora'));
    const kinds = (await events(owner, `&machine=${target.id}`)).map((event) => event.kind);
    expect(kinds.sort()).toEqual(expected === 'pending' ? ['requested'] : ['approved', 'requested']);
  });

  it('approve / refuse: Administrador only; a pending request only once', async () => {
    await setPolicy(owner, true);
    const { machine: target } = await insertMachine(owner);
    const first = (await ask(tecnico, target.id, { reason: 'Diagnóstico', durationHours: 4 })).body.session;
    for (const [as, role] of [[tecnico, 'tecnico'], [leitura, 'leitura']] as const) {
      expect(await post(as, `/remote-access/session/${first.id}/approve`)).toMatchObject({
        status: 403,
        body: { error: { message: remoteAdminForbiddenMessage(role) } },
      });
    }
    const approved = await post(owner, `/remote-access/session/${first.id}/approve`);
    expect(approved).toMatchObject({ status: 200, body: { status: 'approved', version: 2 } });
    expect(await post(owner, `/remote-access/session/${first.id}/approve`)).toMatchObject({ status: 409, body: { error: { code: 'not-pending' } } });
    expect(await post(owner, `/remote-access/session/${first.id}/refuse`, { reason: 'Tarde demais' })).toMatchObject({ status: 409 });

    const other = await insertMachine(owner);
    const second = (await ask(tecnico, other.machine.id, { reason: 'Troca de parâmetro', durationHours: 1 })).body.session;
    expect(await post(owner, `/remote-access/session/${second.id}/refuse`, { reason: '  ' })).toMatchObject({
      status: 400,
      body: { error: { field: 'reason', message: 'Informe o motivo da recusa.' } },
    });
    const refused = await post(owner, `/remote-access/session/${second.id}/refuse`, { reason: 'Máquina em produção' });
    expect(refused).toMatchObject({ status: 200, body: { status: 'refused', refusalReason: 'Máquina em produção' } });
    // A refused request gets no profile.
    expect(await post(tecnico, `/remote-access/session/${second.id}/profile`, { publicKey: publicKey() })).toMatchObject({
      status: 409,
      body: { error: { code: 'not-approved' } },
    });
    const refusal = (await events(leitura, `&kind=refused`)).find((event) => event.sessionId === second.id);
    expect(refusal).toMatchObject({ actorUid: owner, reason: 'Máquina em produção' });

    const pendingList = await call<Page<Session>>('GET', '/remote-access/session?status=pending', { as: leitura });
    expect(pendingList.body.data).toEqual([]);
  });

  it('ending: Administrador any, Técnico his own, Leitura none', async () => {
    const { machine: target } = await insertMachine(owner);
    const mine = (await ask(owner, target.id, { reason: 'Ajuste', durationHours: 1 })).body.session;
    const his = (await ask(tecnico, target.id, { reason: 'Ajuste', durationHours: 1 })).body.session;
    expect(await post(tecnico, `/remote-access/session/${mine.id}/end`)).toMatchObject({ status: 403, body: { error: { message: M.endOthersForbidden } } });
    expect(await post(leitura, `/remote-access/session/${his.id}/end`)).toMatchObject({ status: 403 });
    expect(await post(tecnico, `/remote-access/session/${his.id}/end`, { reason: 'Concluído' })).toMatchObject({
      status: 200,
      body: { status: 'ended', endReason: 'Concluído' },
    });
    expect(await post(owner, `/remote-access/session/${mine.id}/end`)).toMatchObject({ status: 200, body: { status: 'ended' } });
    expect(await post(owner, `/remote-access/session/${mine.id}/end`)).toMatchObject({ status: 409, body: { error: { code: 'session-closed' } } });
  });
});

describe('another builder', () => {
  it('gets 404 for the machine and for the sessions', async () => {
    const { machine: target } = await insertMachine(owner);
    const session = (await ask(owner, target.id, { reason: 'Ajuste', durationHours: 1 })).body.session;
    const stranger = freshUid();
    expect(await ask(stranger, target.id, { reason: 'Ajuste', durationHours: 1 })).toMatchObject({ status: 404, body: { error: { message: M.machineNotFound } } });
    expect(await call('GET', `/remote-access/session/${session.id}`, { as: stranger })).toMatchObject({ status: 404 });
    for (const action of ['approve', 'end']) {
      expect(await post(stranger, `/remote-access/session/${session.id}/${action}`)).toMatchObject({ status: 404 });
    }
    expect(await post(stranger, `/remote-access/session/${session.id}/profile`, { publicKey: publicKey() })).toMatchObject({ status: 404 });
    expect((await call<Page<Session>>('GET', '/remote-access/session', { as: stranger })).body.meta.total).toBe(0);
    expect(await events(stranger)).toEqual([]);
  });
});

describe('bad input and failure', () => {
  it('Motivo empty or 1 000 characters, a duration not offered, a service the machine lacks', async () => {
    const { machine: target } = await insertMachine(owner);
    const cases: Array<[unknown, string, string]> = [
      [{ reason: '   ', durationHours: 1 }, 'reason', REASON_MISSING],
      [{ reason: 'x'.repeat(1000), durationHours: 1 }, 'reason', 'O motivo pode ter no máximo 500 caracteres.'],
      [{ reason: 'Ajuste', durationHours: 2 }, 'durationHours', 'Escolha a duração: 1, 4, 8 ou 24 horas.'],
      [{ reason: 'Ajuste', durationHours: '4' }, 'durationHours', 'Escolha a duração: 1, 4, 8 ou 24 horas.'],
      [{ reason: 'Ajuste' }, 'durationHours', 'Escolha a duração: 1, 4, 8 ou 24 horas.'],
    ];
    for (const [body, field, message] of cases) {
      expect(await ask(owner, target.id, body), JSON.stringify(body).slice(0, 60)).toMatchObject({ status: 400, body: { error: { field, message } } });
    }
    expect(await ask(owner, target.id, { reason: 'Ajuste', durationHours: 1, services: [8080] })).toMatchObject({
      status: 422,
      body: { error: { code: 'unknown-service', field: 'services', message: 'A máquina não tem serviço na porta 8080.' } },
    });
    const chosen = await ask(owner, target.id, { reason: 'Só o CLP', durationHours: 1, services: [102] });
    expect(chosen.body.session.services).toEqual([{ name: 'CLP', protocol: 's7', port: 102 }]);
    // Nothing was written by the refused ones: one request, two events.
    expect((await events(owner)).length).toBe(2);
  });

  it('a duration over the account maximum sent by hand → 422', async () => {
    await setPolicy(owner, false, 4);
    const { machine: target } = await insertMachine(owner);
    expect(await ask(tecnico, target.id, { reason: 'Ajuste', durationHours: 8 })).toMatchObject({
      status: 422,
      body: { error: { code: 'duration-over-maximum', field: 'durationHours', message: 'A duração máxima permitida pela conta é de 4 horas.' } },
    });
    expect((await ask(tecnico, target.id, { reason: 'Ajuste', durationHours: 4 })).status).toBe(201);
  });

  it('a machine without a gateway, without a LAN CIDR or without services → 409 that says why', async () => {
    const noGateway = await insertMachine(owner, { withGateway: false });
    expect(await ask(owner, noGateway.machine.id, { reason: 'Ajuste', durationHours: 1 })).toMatchObject({
      status: 409,
      body: { error: { code: 'no-gateway', message: M.noGateway } },
    });
    const noLan = await insertMachine(owner, { lanSubnet: '' });
    expect(await ask(owner, noLan.machine.id, { reason: 'Ajuste', durationHours: 1 })).toMatchObject({
      status: 409,
      body: { error: { code: 'no-lan-subnet', message: M.noLanSubnet } },
    });
    const noServices = await insertMachine(owner, { services: [] });
    expect(await ask(owner, noServices.machine.id, { reason: 'Ajuste', durationHours: 1 })).toMatchObject({ status: 409, body: { error: { code: 'no-services' } } });
    expect(await events(owner)).toEqual([]);
  });

  it('a public key that is not 32 bytes of base64; the profile only for the requester', async () => {
    const { machine: target } = await insertMachine(owner);
    const session = (await ask(tecnico, target.id, { reason: 'Ajuste', durationHours: 1 })).body.session;
    const shortKey = btoa(String.fromCharCode(...new Uint8Array(31)));
    for (const bad of ['', 'não é base64', shortKey, `${publicKey()}AA`, 12]) {
      expect(await post(tecnico, `/remote-access/session/${session.id}/profile`, { publicKey: bad })).toMatchObject({
        status: 400,
        body: { error: { field: 'publicKey', message: 'Chave pública inválida: envie a chave WireGuard em base64 (32 bytes).' } },
      });
    }
    expect(await post(owner, `/remote-access/session/${session.id}/profile`, { publicKey: publicKey() })).toMatchObject({
      status: 403,
      body: { error: { code: 'not-requester', message: M.notRequester } },
    });
    expect(await post(leitura, `/remote-access/session/${session.id}/profile`, { publicKey: publicKey() })).toMatchObject({ status: 403 });
  });

  it('Idempotency-Key: required; the same key replays the same answer', async () => {
    const { machine: target } = await insertMachine(owner);
    const missing = await call('POST', `/machine/${target.id}/remote-access`, { as: owner, body: { reason: 'Ajuste', durationHours: 1 } });
    expect(missing.status).toBe(400);
    const key = newKey();
    const once = await call<RequestAnswer>('POST', `/machine/${target.id}/remote-access`, { as: owner, body: { reason: 'Ajuste', durationHours: 1 }, headers: { 'Idempotency-Key': key } });
    const again = await call<RequestAnswer>('POST', `/machine/${target.id}/remote-access`, { as: owner, body: { reason: 'Ajuste', durationHours: 1 }, headers: { 'Idempotency-Key': key } });
    expect(again.body.session.id).toBe(once.body.session.id);
    expect(again.body.replaced).toBeNull();
  });
});

describe('one open window per person and machine', () => {
  it('a second request replaces the open one and says so', async () => {
    const { machine: target, deviceId } = await insertMachine(owner);
    const first = (await ask(tecnico, target.id, { reason: 'Primeiro', durationHours: 1 })).body.session;
    const key = publicKey();
    expect((await post<Profile>(tecnico, `/remote-access/session/${first.id}/profile`, { publicKey: key })).status).toBe(200);
    expect((await peersOf(owner, deviceId)).peers.filter((peer) => peer.kind === 'remote-access').map((peer) => peer.id)).toEqual([first.id]);

    const second = await ask(tecnico, target.id, { reason: 'Segundo', durationHours: 4 });
    expect(second.status).toBe(201);
    expect(second.body.replaced).toEqual({ id: first.id, status: 'active' });
    expect(second.body.message).toContain(M.replaced);
    const old = await call<Session>('GET', `/remote-access/session/${first.id}`, { as: tecnico });
    expect(old.body).toMatchObject({ status: 'ended', endReason: M.replacedReason(second.body.session.id) });
    // The replaced peer left the node at once; the new one has no profile yet.
    expect((await peersOf(owner, deviceId)).peers.some((peer) => peer.kind === 'remote-access')).toBe(false);
    // Another person's window on the same machine is not touched.
    const admins = await ask(owner, target.id, { reason: 'Outro', durationHours: 1 });
    expect(admins.body.replaced).toBeNull();
    const open = await call<Page<Session>>('GET', `/remote-access/session?status=open&machine=${target.id}`, { as: leitura });
    expect(open.body.data.map((session) => session.id).sort()).toEqual([second.body.session.id, admins.body.session.id].sort());
  });
});

describe('the profile and the node', () => {
  it('answers what the file needs; the window starts then; the node lists the peer until it ends', async () => {
    const { machine: target, deviceId } = await insertMachine(owner);
    const session = (await ask(tecnico, target.id, { reason: 'Ajuste de receita no CLP', durationHours: 4, services: [443, 102] })).body.session;
    const before = Date.now();
    const key = publicKey();
    const profile = await post<Profile>(tecnico, `/remote-access/session/${session.id}/profile`, { publicKey: key });
    expect(profile.status).toBe(200);
    expect(profile.headers.get('Cache-Control')).toBe('no-store');
    expect(profile.body).toMatchObject({
      interface: { address: `${session.tunnelAddress}/32` },
      peer: { endpointHost: 'vpn.ponteiiot.com.br', endpointPort: 51820, allowedIps: ['192.168.10.0/24'], persistentKeepalive: 25 },
      services: [{ port: 443 }, { port: 102 }],
      fileName: `${target.name.replace(/ /g, '-')}.conf`,
    });
    expect(profile.body.peer.publicKey).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(profile.body.peer.allowedIps).not.toContain('0.0.0.0/0');
    const start = (profile.body.session.windowStartsAt?.seconds ?? 0) * 1000;
    expect(start).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(profile.body.validUntil.seconds - (profile.body.session.windowStartsAt?.seconds ?? 0)).toBe(4 * 3600);
    expect(profile.body.session.status).toBe('active');

    const peers = await peersOf(owner, deviceId);
    expect(peers.peers.find((peer) => peer.kind === 'remote-access')).toEqual({
      kind: 'remote-access',
      id: session.id,
      publicKey: key,
      allowedIps: [`${session.tunnelAddress}/32`],
      destinations: [{ network: '192.168.10.0/24', protocol: 'tcp', ports: [443, 102] }],
      expiresAt: profile.body.validUntil.seconds * 1000 + Math.floor(profile.body.validUntil.nanos / 1e6),
    });
    // Not on another gateway's node, nor another owner's.
    expect((await peersOf(owner, 'device-other')).peers.some((peer) => peer.kind === 'remote-access')).toBe(false);
    expect((await peersOf(freshUid(), deviceId)).peers.some((peer) => peer.kind === 'remote-access')).toBe(false);

    const active = await call<Page<Session>>('GET', '/remote-access/session?status=active', { as: leitura });
    expect(active.body.data.map((row) => row.id)).toEqual([session.id]);

    // Downloaded again (a lost file): a new key, the same window.
    const newKey2 = publicKey();
    const again = await post<Profile>(tecnico, `/remote-access/session/${session.id}/profile`, { publicKey: newKey2 });
    expect(again.body.validUntil).toEqual(profile.body.validUntil);
    // A key another open session holds is refused.
    const other = await insertMachine(owner);
    const otherSession = (await ask(tecnico, other.machine.id, { reason: 'Outra', durationHours: 1 })).body.session;
    expect(await post(tecnico, `/remote-access/session/${otherSession.id}/profile`, { publicKey: newKey2 })).toMatchObject({
      status: 409,
      body: { error: { code: 'key-in-use' } },
    });

    // Ending removes the peer at once.
    expect((await post(owner, `/remote-access/session/${session.id}/end`, { reason: 'Fim do atendimento' })).status).toBe(200);
    expect((await peersOf(owner, deviceId)).peers.some((peer) => peer.kind === 'remote-access')).toBe(false);

    const history = await events(owner, `&machine=${target.id}`);
    expect(history.map((event) => event.kind)).toEqual(['ended', 'profile-downloaded', 'profile-downloaded', 'approved', 'requested']);
    expect(history[0]).toMatchObject({ actorUid: owner, reason: 'Fim do atendimento' });
    expect(history.at(-1)).toMatchObject({ actorUid: tecnico, reason: 'Ajuste de receita no CLP' });
    expect((await events(owner, `&person=${tecnico}&kind=requested`)).length).toBe(2);
  });

  it('expiry drops the peer at the window’s end and is written as an event', async () => {
    const { machine: target, deviceId } = await insertMachine(owner);
    const session = (await ask(owner, target.id, { reason: 'Ajuste', durationHours: 1 })).body.session;
    const profile = await post<Profile>(owner, `/remote-access/session/${session.id}/profile`, { publicKey: publicKey() });
    const end = profile.body.validUntil.seconds * 1000 + Math.floor(profile.body.validUntil.nanos / 1e6);
    expect((await peersOf(owner, deviceId, end - 1)).peers.some((peer) => peer.id === session.id)).toBe(true);
    expect((await peersOf(owner, deviceId, end)).peers.some((peer) => peer.id === session.id)).toBe(false);

    // Time passes: the window is moved back in the database, then read.
    await env.DB.prepare('UPDATE remote_access_session SET window_start = window_start - 7200000, window_end = window_end - 7200000 WHERE id = ?').bind(session.id).run();
    const read = await call<Session>('GET', `/remote-access/session/${session.id}`, { as: leitura });
    expect(read.body.status).toBe('expired');
    expect((await peersOf(owner, deviceId)).peers.some((peer) => peer.id === session.id)).toBe(false);
    const expired = (await events(owner, '&kind=expired')).filter((event) => event.sessionId === session.id);
    expect(expired).toHaveLength(1);
    expect(expired[0]).toMatchObject({ actorUid: null });
    expect(await post(owner, `/remote-access/session/${session.id}/end`)).toMatchObject({ status: 409, body: { error: { code: 'session-closed' } } });
    // Settled once: reading again writes nothing more.
    await call('GET', '/remote-access/session', { as: owner });
    expect((await events(owner, '&kind=expired')).length).toBe(1);
  });

  it('a request never decided expires after 24 hours', async () => {
    await setPolicy(owner, true);
    const { machine: target } = await insertMachine(owner);
    const session = (await ask(tecnico, target.id, { reason: 'Ajuste', durationHours: 1 })).body.session;
    await env.DB.prepare('UPDATE remote_access_session SET created_at = created_at - 90000000 WHERE id = ?').bind(session.id).run();
    expect(await post(owner, `/remote-access/session/${session.id}/approve`)).toMatchObject({ status: 409, body: { error: { code: 'not-pending' } } });
    expect((await call<Session>('GET', `/remote-access/session/${session.id}`, { as: owner })).body.status).toBe('expired');
  });
});

describe('demo mode', () => {
  it('the simulated node reports a handshake for a freshly issued profile', async () => {
    const { machine: target } = await insertMachine(owner);
    const demoCall = async (method: string, path: string, body?: unknown) => {
      const response = await app.request(
        path,
        {
          method,
          headers: { Authorization: `Bearer ${emulatorToken({ uid: owner })}`, 'Content-Type': 'application/json', 'Idempotency-Key': newKey() },
          body: body === undefined ? undefined : JSON.stringify(body),
        },
        { ...env, DEMO: 'true' },
      );
      return (await response.json()) as Record<string, unknown>;
    };
    const answer = (await demoCall('POST', `/machine/${target.id}/remote-access`, { reason: 'Ajuste', durationHours: 1 })) as unknown as RequestAnswer;
    await demoCall('POST', `/remote-access/session/${answer.session.id}/profile`, { publicKey: publicKey() });
    const due = await env.DB.prepare('SELECT handshake_due_at AS due FROM remote_access_session WHERE id = ?').bind(answer.session.id).first<{ due: number }>();
    expect(due?.due).toBeGreaterThan(Date.now());
    await env.DB.prepare('UPDATE remote_access_session SET handshake_due_at = ? WHERE id = ?').bind(Date.now() - 1000, answer.session.id).run();
    const read = (await demoCall('GET', `/remote-access/session/${answer.session.id}`)) as unknown as Session;
    expect(read.lastHandshakeAt).not.toBeNull();
    const connected = (await events(owner, '&kind=connected')).filter((event) => event.sessionId === answer.session.id);
    expect(connected).toHaveLength(1);
    // Outside demo mode nothing is simulated.
    const { machine: plain } = await insertMachine(owner);
    const real = (await ask(owner, plain.id, { reason: 'Ajuste', durationHours: 1 })).body.session;
    await post(owner, `/remote-access/session/${real.id}/profile`, { publicKey: publicKey() });
    const none = await env.DB.prepare('SELECT handshake_due_at AS due FROM remote_access_session WHERE id = ?').bind(real.id).first<{ due: number | null }>();
    expect(none?.due).toBeNull();
  });
});
