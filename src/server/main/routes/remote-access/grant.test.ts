/**
 * A grant is fixed when it is approved (issue 34), server side: the machine's tunnel subnet, LAN and chosen
 * services are copied into the session whenever it becomes approved (at the request, by an Administrador, by the
 * factory's link) and the profile uses those — never the machine's current ones; the profile's peer is the hub of
 * the session's gateway; an edit of the machine's LAN, services or gateway (or its deletion) ends its open sessions
 * with a Histórico event, in the edit's batch; two open sessions never share a tunnel address.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { HUB_MESSAGES } from '@/contracts/hub';
import { REMOTE_ACCESS_MESSAGES as M } from '@/contracts/remote-access';
import { call, makeIdempotencyKey } from '../../../testing/api';
import { remoteAccessAddress } from '../../../vpn/routes/network';
import { tokenHash } from './factory';
import { insertSharedHub, insertHub, insertMachine, makePublicKey } from './fixtures';
import { callAsk, storedEvents, seedTeam, owner, callPost, arrangePolicy, tecnico, type Profile, type Session } from './test-world';

seedTeam();

const session = async (id: string) => (await call<Session>('GET', `/remote-access/session/${id}`, { as: owner })).body;

/** The machine as the form sends it back (for PUT /machine), with `changes`. */
async function editMachine(machineId: string, changes: Record<string, unknown>) {
  const current = (await call<Record<string, unknown> & { version: number; services: unknown[] }>('GET', `/machine/${machineId}`, { as: owner })).body;
  const body = {
    name: current.name,
    serialNumber: current.serialNumber,
    modelId: current.modelId,
    customerId: current.customerId ?? 'customer-x',
    deviceId: current.deviceId ?? '',
    site: current.site,
    lanSubnet: current.lanSubnet,
    services: current.services,
    ...changes,
  };
  return call<{ version: number } & { error?: { message: string } }>('PUT', `/machine/${machineId}`, { as: owner, body, headers: { 'If-Match': String(current.version) } });
}

/** A machine (with its model and customer, so the form can save it) that can be reached. */
async function editableMachine() {
  const model = await call<{ id: string }>('POST', '/machine-model', {
    as: owner,
    body: { name: `Modelo ${makeIdempotencyKey().slice(0, 6)}`, manufacturer: '', category: '', description: '', services: [] },
    headers: { 'Idempotency-Key': makeIdempotencyKey() },
  });
  const client = await call<{ id: string }>('POST', '/customer', {
    as: owner,
    body: { name: `Cliente ${makeIdempotencyKey().slice(0, 6)}`, cnpj: '11.222.333/0001-81' },
    headers: { 'Idempotency-Key': makeIdempotencyKey() },
  });
  expect([model.status, client.status]).toEqual([201, 201]);
  const made = await insertMachine(owner);
  await env.DB.prepare('UPDATE machine SET model_id = ?, customer_id = ? WHERE id = ?').bind(model.body.id, client.body.id, made.machine.id).run();
  return made;
}

describe('the grant, fixed at approval', () => {
  it('is copied when approved at the request, and the profile answers it and the hub of the gateway', async () => {
    const { machine: target } = await insertMachine(owner);
    const asked = await callAsk(owner, target.id, { reason: 'Ajuste', durationHours: 1, services: [443] });
    expect(asked.body.session).toMatchObject({ status: 'approved', tunnelSubnet: target.tunnelSubnet, lanSubnet: '192.168.10.0/24', services: [{ port: 443 }] });

    // The machine drifts afterwards without an edit through the form (written straight to D1): the grant does not.
    await env.DB.prepare("UPDATE machine SET lan_subnet = '172.16.9.0/24', services = '[]', tunnel_subnet = NULL, tunnel_start = NULL, tunnel_end = NULL WHERE id = ?")
      .bind(target.id)
      .run();
    const profile = await callPost<Profile>(owner, `/remote-access/session/${asked.body.session.id}/profile`, { publicKey: makePublicKey() });
    expect(profile.status).toBe(200);
    const hub = await insertSharedHub();
    expect(profile.body).toMatchObject({
      tunnelSubnet: target.tunnelSubnet,
      lanSubnet: '192.168.10.0/24',
      services: [{ port: 443 }],
      peer: { publicKey: hub.publicKey, endpointHost: hub.endpointHost, endpointPort: hub.endpointPort, allowedIps: [target.tunnelSubnet] },
      session: { status: 'active', tunnelSubnet: target.tunnelSubnet, lanSubnet: '192.168.10.0/24' },
    });
  });

  it('is null while pending and copied by the Administrador’s approval as the machine is then', async () => {
    await arrangePolicy(owner, true);
    const { machine: target } = await insertMachine(owner);
    const pending = (await callAsk(tecnico, target.id, { reason: 'Diagnóstico', durationHours: 4, services: [102, 5900] })).body.session;
    expect(pending).toMatchObject({ status: 'pending', tunnelSubnet: null });
    // Renumbered (same size) before the approval, straight in D1: the approval copies the machine as it is then.
    await env.DB.prepare("UPDATE machine SET lan_subnet = '192.168.77.0/24' WHERE id = ?").bind(target.id).run();
    const approved = await callPost(owner, `/remote-access/session/${pending.id}/approve`);
    expect(approved).toMatchObject({
      status: 200,
      body: { status: 'approved', tunnelSubnet: target.tunnelSubnet, lanSubnet: '192.168.77.0/24', services: [{ port: 102 }, { port: 5900 }] },
    });
    expect(await session(pending.id)).toMatchObject({ tunnelSubnet: target.tunnelSubnet });
  });

  it('is copied by the factory’s approval', async () => {
    const client = await call<{ id: string }>('POST', '/customer', {
      as: owner,
      body: { name: 'Fábrica Teste', cnpj: '11.222.333/0001-81', email: 'fabrica@exemplo.com.br', requireFactoryApproval: true },
      headers: { 'Idempotency-Key': makeIdempotencyKey() },
    });
    const { machine: target } = await insertMachine(owner);
    await env.DB.prepare('UPDATE machine SET customer_id = ? WHERE id = ?').bind(client.body.id, target.id).run();
    const pending = (await callAsk(owner, target.id, { reason: 'Troca de receita', durationHours: 1 })).body.session;
    expect(pending).toMatchObject({ status: 'pending', tunnelSubnet: null });
    // The e-mail's row keeps no link outside demo mode: the link gets a token the test knows (only hashes are stored).
    const token = 'token-do-teste-de-aprovacao-da-fabrica';
    await env.DB.prepare('UPDATE remote_access_factory_link SET token_hash = ? WHERE owner_uid = ? AND session_id = ?').bind(await tokenHash(token), owner, pending.id).run();
    expect((await call('POST', '/factory-approval/decision', { body: { token, decision: 'approve', reason: '' } })).status).toBe(200);
    expect(await session(pending.id)).toMatchObject({ status: 'approved', tunnelSubnet: target.tunnelSubnet, lanSubnet: '192.168.10.0/24' });
  });

  it('refuses a machine without a tunnel subnet, and a profile while the gateway’s hub has not registered', async () => {
    const { machine: legacy } = await insertMachine(owner);
    await env.DB.prepare('UPDATE machine SET tunnel_subnet = NULL, tunnel_start = NULL, tunnel_end = NULL WHERE id = ?').bind(legacy.id).run();
    expect(await callAsk(owner, legacy.id, { reason: 'Antiga', durationHours: 1 })).toMatchObject({
      status: 409,
      body: { error: { code: 'no-tunnel', message: M.noTunnel } },
    });

    const { machine: target, deviceId } = await insertMachine(owner);
    const waiting = await insertHub({ registered: false });
    await env.DB.prepare('UPDATE device SET hub_id = ? WHERE id = ?').bind(waiting.id, deviceId).run();
    const approved = (await callAsk(owner, target.id, { reason: 'Ajuste', durationHours: 1 })).body.session;
    const refused = await callPost(owner, `/remote-access/session/${approved.id}/profile`, { publicKey: makePublicKey() });
    expect(refused).toMatchObject({ status: 409, body: { error: { code: 'hub-not-registered', message: HUB_MESSAGES.hubNotRegistered } } });
    // The window did not start.
    expect(await session(approved.id)).toMatchObject({ status: 'approved', windowStartsAt: null });
  });
});

describe('an edit of the machine ends its open sessions', () => {
  it('services changed: the session ends in the edit’s batch, with its Histórico event; a rename does not', async () => {
    const { machine: target } = await editableMachine();
    const open = (await callAsk(tecnico, target.id, { reason: 'Ajuste', durationHours: 1 })).body.session;
    const renamed = await editMachine(target.id, { name: 'Injetora renomeada' });
    expect(renamed.status).toBe(200);
    expect((await session(open.id)).status).toBe('approved');

    const edited = await editMachine(target.id, { services: [{ name: 'IHM web', protocol: 'https', port: '8443' }] });
    expect(edited.status).toBe(200);
    expect(await session(open.id)).toMatchObject({ status: 'ended', endReason: 'A rede, os serviços ou o gateway da máquina mudaram.' });
    const [last] = await storedEvents(owner, `&machine=${target.id}`);
    expect(last).toMatchObject({ kind: 'ended', sessionId: open.id, actorUid: owner, reason: M.machineChanged });
  });

  it('LAN or gateway changed, or the machine deleted: its open sessions end (an active one too)', async () => {
    const { machine: target } = await editableMachine();
    const active = (await callAsk(tecnico, target.id, { reason: 'Ajuste', durationHours: 1 })).body.session;
    expect((await callPost(tecnico, `/remote-access/session/${active.id}/profile`, { publicKey: makePublicKey() })).status).toBe(200);
    expect((await editMachine(target.id, { lanSubnet: '192.168.11.0/24' })).status).toBe(200);
    expect(await session(active.id)).toMatchObject({ status: 'ended', endReason: M.machineChanged });

    const second = (await callAsk(owner, target.id, { reason: 'De novo', durationHours: 1 })).body.session;
    expect((await editMachine(target.id, { deviceId: '' })).status).toBe(200);
    expect(await session(second.id)).toMatchObject({ status: 'ended', endReason: M.machineChanged });

    const other = await insertMachine(owner);
    const third = (await callAsk(owner, other.machine.id, { reason: 'Outra', durationHours: 1 })).body.session;
    expect((await call('DELETE', `/machine/${other.machine.id}`, { as: owner })).status).toBe(204);
    expect(await session(third.id)).toMatchObject({ status: 'ended', endReason: M.machineDeleted });
    expect((await storedEvents(owner, `&machine=${other.machine.id}`))[0]).toMatchObject({ kind: 'ended', reason: M.machineDeleted });
  });

  it('the gateway moved to another machine from its own page (PUT /device/{id}/machine): the old machine’s sessions end', async () => {
    const { machine: from, deviceId } = await insertMachine(owner);
    // Both sides in step, as the routes keep them.
    await env.DB.prepare('UPDATE device SET machine_id = ? WHERE id = ?').bind(from.id, deviceId).run();
    const { machine: to } = await insertMachine(owner, { withGateway: false });
    const open = (await callAsk(owner, from.id, { reason: 'Antes da troca', durationHours: 1 })).body.session;
    const moved = await call('PUT', `/device/${deviceId}/machine`, { as: owner, body: { machineId: to.id } });
    expect(moved.status).toBe(200);
    expect(await session(open.id)).toMatchObject({ status: 'ended', endReason: M.gatewayMoved });
    expect((await storedEvents(owner, `&machine=${from.id}`))[0]).toMatchObject({ kind: 'ended', reason: M.gatewayMoved });
  });
});

describe('tunnel addresses', () => {
  it('are never shared by two open sessions: a request whose derived address is held is refused', async () => {
    const { machine: target } = await insertMachine(owner);
    const seq = await env.DB.prepare("SELECT next FROM id_sequence WHERE kind = 'remote-access'").first<{ next: number }>();
    const nextId = `remote-access-${(seq?.next ?? 1000) + 1}`;
    // An open session of another account already on that address (65 024 requests ago).
    const first = (await callAsk(owner, target.id, { reason: 'Primeira', durationHours: 1 })).body.session;
    const clashing = `remote-access-${(seq?.next ?? 1000) + 2}`;
    await env.DB.prepare('UPDATE remote_access_session SET tunnel_address = ? WHERE id = ?').bind(remoteAccessAddress(clashing), first.id).run();
    expect(first.id).toBe(nextId);
    const other = await insertMachine(owner);
    const refused = await callAsk(owner, other.machine.id, { reason: 'Segunda', durationHours: 1 });
    expect(refused).toMatchObject({ status: 409, body: { error: { code: 'tunnel-address-in-use', message: M.tunnelAddressInUse } } });
    // Asked again: a new id, a new address.
    expect((await callAsk(owner, other.machine.id, { reason: 'Terceira', durationHours: 1 })).status).toBe(201);
  });
});
