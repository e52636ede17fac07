/**
 * Remote access (issue 25), server side: the policy table (role × action × approval), another builder's 404 and the
 * bad inputs of the issue that reach the server. The window, the profile and the node: remote-access-window.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { REASON_MISSING, REMOTE_ACCESS_MESSAGES as M, remoteAdminForbiddenMessage } from '@/contracts/remote-access';
import { call, makeUid, makeIdempotencyKey } from '../../../testing/api';
import { insertMachine, makePublicKey } from './fixtures';
import { seedTeam, type Session, type RequestAnswer, type Page, type ApiError, callAsk, callPost, storedEvents, arrangePolicy, owner, tecnico, leitura } from './test-world';

seedTeam();

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
    expect((await call<{ version: number }>('GET', '/remote-access/policy', { as: makeUid() })).body.version).toBe(1);
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
    if (requireApproval) await arrangePolicy(owner, true);
    const { machine: target } = await insertMachine(owner);
    const as = role === 'administrador' ? owner : role === 'tecnico' ? tecnico : leitura;
    const answer = await callAsk(as, target.id, { reason: '  Ajuste de receita no CLP  ', durationHours: 1 });
    if (expected === 403) {
      expect(answer).toMatchObject({ status: 403, body: { error: { code: 'role-forbidden', message: 'Seu perfil (Leitura) não permite alterar dados.' } } });
      return;
    }
    expect(answer.status).toBe(201);
    expect(answer.body.session).toMatchObject({ status: expected, requesterUid: as, machineId: target.id, windowStartsAt: null, version: 1 });
    expect(answer.body.session.services.map((service) => service.port)).toEqual([443, 102, 5900]);
    expect(answer.body.session.tunnelAddress).toMatch(/^10\.86\.\d+\.\d+$/);
    expect(answer.body.message).toBe(expected === 'pending' ? M.pending : M.approved('1 hora'));
    const kinds = (await storedEvents(owner, `&machine=${target.id}`)).map((event) => event.kind);
    expect(kinds.sort()).toEqual(expected === 'pending' ? ['requested'] : ['approved', 'requested']);
  });

  it('approve / refuse: Administrador only; a pending request only once', async () => {
    await arrangePolicy(owner, true);
    const { machine: target } = await insertMachine(owner);
    const first = (await callAsk(tecnico, target.id, { reason: 'Diagnóstico', durationHours: 4 })).body.session;
    for (const [as, role] of [[tecnico, 'tecnico'], [leitura, 'leitura']] as const) {
      expect(await callPost(as, `/remote-access/session/${first.id}/approve`)).toMatchObject({
        status: 403,
        body: { error: { message: remoteAdminForbiddenMessage(role) } },
      });
    }
    const approved = await callPost(owner, `/remote-access/session/${first.id}/approve`);
    expect(approved).toMatchObject({ status: 200, body: { status: 'approved', version: 2 } });
    expect(await callPost(owner, `/remote-access/session/${first.id}/approve`)).toMatchObject({ status: 409, body: { error: { code: 'not-pending' } } });
    expect(await callPost(owner, `/remote-access/session/${first.id}/refuse`, { reason: 'Tarde demais' })).toMatchObject({ status: 409 });

    const other = await insertMachine(owner);
    const second = (await callAsk(tecnico, other.machine.id, { reason: 'Troca de parâmetro', durationHours: 1 })).body.session;
    expect(await callPost(owner, `/remote-access/session/${second.id}/refuse`, { reason: '  ' })).toMatchObject({
      status: 400,
      body: { error: { field: 'reason', message: 'Informe o motivo da recusa.' } },
    });
    const refused = await callPost(owner, `/remote-access/session/${second.id}/refuse`, { reason: 'Máquina em produção' });
    expect(refused).toMatchObject({ status: 200, body: { status: 'refused', refusalReason: 'Máquina em produção' } });
    // A refused request gets no profile.
    expect(await callPost(tecnico, `/remote-access/session/${second.id}/profile`, { publicKey: makePublicKey() })).toMatchObject({
      status: 409,
      body: { error: { code: 'not-approved' } },
    });
    const refusal = (await storedEvents(leitura, `&kind=refused`)).find((event) => event.sessionId === second.id);
    expect(refusal).toMatchObject({ actorUid: owner, reason: 'Máquina em produção' });

    const pendingList = await call<Page<Session>>('GET', '/remote-access/session?status=pending', { as: leitura });
    expect(pendingList.body.data).toEqual([]);
  });

  it('ending: Administrador any, Técnico his own, Leitura none', async () => {
    const { machine: target } = await insertMachine(owner);
    const mine = (await callAsk(owner, target.id, { reason: 'Ajuste', durationHours: 1 })).body.session;
    const his = (await callAsk(tecnico, target.id, { reason: 'Ajuste', durationHours: 1 })).body.session;
    expect(await callPost(tecnico, `/remote-access/session/${mine.id}/end`)).toMatchObject({ status: 403, body: { error: { message: M.endOthersForbidden } } });
    expect(await callPost(leitura, `/remote-access/session/${his.id}/end`)).toMatchObject({ status: 403 });
    expect(await callPost(tecnico, `/remote-access/session/${his.id}/end`, { reason: 'Concluído' })).toMatchObject({
      status: 200,
      body: { status: 'ended', endReason: 'Concluído' },
    });
    expect(await callPost(owner, `/remote-access/session/${mine.id}/end`)).toMatchObject({ status: 200, body: { status: 'ended' } });
    expect(await callPost(owner, `/remote-access/session/${mine.id}/end`)).toMatchObject({ status: 409, body: { error: { code: 'session-closed' } } });
  });
});

describe('another builder', () => {
  it('gets 404 for the machine and for the sessions', async () => {
    const { machine: target } = await insertMachine(owner);
    const session = (await callAsk(owner, target.id, { reason: 'Ajuste', durationHours: 1 })).body.session;
    const stranger = makeUid();
    expect(await callAsk(stranger, target.id, { reason: 'Ajuste', durationHours: 1 })).toMatchObject({ status: 404, body: { error: { message: M.machineNotFound } } });
    expect(await call('GET', `/remote-access/session/${session.id}`, { as: stranger })).toMatchObject({ status: 404 });
    for (const action of ['approve', 'end']) {
      expect(await callPost(stranger, `/remote-access/session/${session.id}/${action}`)).toMatchObject({ status: 404 });
    }
    expect(await callPost(stranger, `/remote-access/session/${session.id}/profile`, { publicKey: makePublicKey() })).toMatchObject({ status: 404 });
    expect((await call<Page<Session>>('GET', '/remote-access/session', { as: stranger })).body.meta.total).toBe(0);
    expect(await storedEvents(stranger)).toEqual([]);
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
      expect(await callAsk(owner, target.id, body), JSON.stringify(body).slice(0, 60)).toMatchObject({ status: 400, body: { error: { field, message } } });
    }
    expect(await callAsk(owner, target.id, { reason: 'Ajuste', durationHours: 1, services: [8080] })).toMatchObject({
      status: 422,
      body: { error: { code: 'unknown-service', field: 'services', message: 'A máquina não tem serviço na porta 8080.' } },
    });
    const chosen = await callAsk(owner, target.id, { reason: 'Só o CLP', durationHours: 1, services: [102] });
    expect(chosen.body.session.services).toEqual([{ name: 'CLP', protocol: 's7', port: 102 }]);
    // Nothing was written by the refused ones: one request, two events.
    expect((await storedEvents(owner)).length).toBe(2);
  });

  it('a duration over the account maximum sent by hand → 422', async () => {
    await arrangePolicy(owner, false, 4);
    const { machine: target } = await insertMachine(owner);
    expect(await callAsk(tecnico, target.id, { reason: 'Ajuste', durationHours: 8 })).toMatchObject({
      status: 422,
      body: { error: { code: 'duration-over-maximum', field: 'durationHours', message: 'A duração máxima permitida pela conta é de 4 horas.' } },
    });
    expect((await callAsk(tecnico, target.id, { reason: 'Ajuste', durationHours: 4 })).status).toBe(201);
  });

  it('a machine without a gateway, without a LAN CIDR or without services → 409 that says why', async () => {
    const noGateway = await insertMachine(owner, { withGateway: false });
    expect(await callAsk(owner, noGateway.machine.id, { reason: 'Ajuste', durationHours: 1 })).toMatchObject({
      status: 409,
      body: { error: { code: 'no-gateway', message: M.noGateway } },
    });
    const noLan = await insertMachine(owner, { lanSubnet: '' });
    expect(await callAsk(owner, noLan.machine.id, { reason: 'Ajuste', durationHours: 1 })).toMatchObject({
      status: 409,
      body: { error: { code: 'no-lan-subnet', message: M.noLanSubnet } },
    });
    const noServices = await insertMachine(owner, { services: [] });
    expect(await callAsk(owner, noServices.machine.id, { reason: 'Ajuste', durationHours: 1 })).toMatchObject({ status: 409, body: { error: { code: 'no-services' } } });
    expect(await storedEvents(owner)).toEqual([]);
  });

  it('a public key that is not 32 bytes of base64; the profile only for the requester', async () => {
    const { machine: target } = await insertMachine(owner);
    const session = (await callAsk(tecnico, target.id, { reason: 'Ajuste', durationHours: 1 })).body.session;
    const shortKey = btoa(String.fromCharCode(...new Uint8Array(31)));
    for (const bad of ['', 'não é base64', shortKey, `${makePublicKey()}AA`, 12]) {
      expect(await callPost(tecnico, `/remote-access/session/${session.id}/profile`, { publicKey: bad })).toMatchObject({
        status: 400,
        body: { error: { field: 'publicKey', message: 'Chave pública inválida: envie a chave WireGuard em base64 (32 bytes).' } },
      });
    }
    expect(await callPost(owner, `/remote-access/session/${session.id}/profile`, { publicKey: makePublicKey() })).toMatchObject({
      status: 403,
      body: { error: { code: 'not-requester', message: M.notRequester } },
    });
    expect(await callPost(leitura, `/remote-access/session/${session.id}/profile`, { publicKey: makePublicKey() })).toMatchObject({ status: 403 });
  });

  it('Idempotency-Key: required; the same key replays the same answer', async () => {
    const { machine: target } = await insertMachine(owner);
    const missing = await call('POST', `/machine/${target.id}/remote-access`, { as: owner, body: { reason: 'Ajuste', durationHours: 1 } });
    expect(missing.status).toBe(400);
    const key = makeIdempotencyKey();
    const once = await call<RequestAnswer>('POST', `/machine/${target.id}/remote-access`, { as: owner, body: { reason: 'Ajuste', durationHours: 1 }, headers: { 'Idempotency-Key': key } });
    const again = await call<RequestAnswer>('POST', `/machine/${target.id}/remote-access`, { as: owner, body: { reason: 'Ajuste', durationHours: 1 }, headers: { 'Idempotency-Key': key } });
    expect(again.body.session.id).toBe(once.body.session.id);
    expect(again.body.replaced).toBeNull();
  });
});
