/**
 * Remote access (issue 25), the rest of items 3, 5 and 6 on the server: Histórico's filters (kind, machine, person,
 * period), the back office's "Sessões" (staff only: every builder's active sessions; "Encerrar" with a reason, the
 * staff member as the event's actor, the peer dropped at once) and the demo node's growing traffic.
 */
import { env } from 'cloudflare:test';
import { drizzle } from 'drizzle-orm/d1';
import { beforeEach, describe, expect, it } from 'vitest';
import { arrangeMember, call, makeUid, makeIdempotencyKey } from '../../../testing/api';
import { nodePeers } from '../../../vpn/routes/vpn-nodes/peers';
import { insertMachine, makePublicKey } from './fixtures';
import { DEMO_BYTES_IN_PER_SECOND, settleSessions } from './queries';

type Ts = { seconds: number; nanos: number };
interface Session {
  id: string;
  status: string;
  requesterUid: string;
  endedByName: string | null;
  endReason: string | null;
  bytesIn: number;
  bytesOut: number;
  lastHandshakeAt: Ts | null;
  ownerName?: string;
}
interface Page<T> {
  data: T[];
  meta: { total: number };
}
interface Event {
  kind: string;
  sessionId: string;
  machineId: string;
  requesterUid: string;
  actorUid: string | null;
  actorName: string | null;
  reason: string;
}
type ApiError = { error: { code: string; message: string; field?: string } };

/** An active session of `as` on a fresh machine of `owner`. */
async function activeSession(owner: string, as = owner) {
  const { machine: target, deviceId } = await insertMachine(owner);
  const machineId = target.id;
  const asked = await call<{ session: Session }>('POST', `/machine/${machineId}/remote-access`, {
    as,
    body: { reason: 'Ajuste de receita no CLP', durationHours: 1 },
    headers: { 'Idempotency-Key': makeIdempotencyKey() },
  });
  expect(asked.status).toBe(201);
  const issued = await call<{ session: Session }>('POST', `/remote-access/session/${asked.body.session.id}/profile`, { as, body: { publicKey: makePublicKey() } });
  expect(issued.status).toBe(200);
  return { session: issued.body.session, machineId, deviceId };
}

const events = async (as: string, query = '') => (await call<Page<Event>>('GET', `/remote-access/event?perPage=100${query}`, { as })).body;

let owner: string;
let tecnico: string;
beforeEach(async () => {
  owner = makeUid();
  tecnico = makeUid('tecnico');
  await arrangeMember(owner, tecnico, 'tecnico');
});

describe('Histórico: filters served by the server', () => {
  it('by kind, machine, person and period (days), each counted', async () => {
    const mine = await activeSession(owner);
    const theirs = await activeSession(owner, tecnico);
    // 6 events: requested, approved and profile-downloaded for each.
    expect((await events(owner)).meta.total).toBe(6);
    expect((await events(owner, '&kind=profile-downloaded')).data.map((event) => event.sessionId).sort()).toEqual([mine.session.id, theirs.session.id].sort());
    expect((await events(owner, `&machine=${theirs.machineId}`)).data.every((event) => event.machineId === theirs.machineId)).toBe(true);
    expect((await events(owner, `&person=${tecnico}`)).meta.total).toBe(3);
    expect((await events(owner, `&person=${tecnico}&kind=requested`)).meta.total).toBe(1);
    // The period: an event of 10 days ago is out of the last 7 days, in the last 30.
    await env.DB.prepare("UPDATE remote_access_event SET at = at - 864000000 WHERE session_id = ? AND kind = 'requested'").bind(mine.session.id).run();
    expect((await events(owner, '&days=7')).meta.total).toBe(5);
    expect((await events(owner, '&days=30')).meta.total).toBe(6);
    expect((await events(owner, '&days=1&kind=requested')).data.map((event) => event.sessionId)).toEqual([theirs.session.id]);
    // A period not offered is ignored (every event), as the list's other filters.
    expect((await events(owner, '&days=3')).meta.total).toBe(6);
  });
});

describe('back office: Sessões (staff)', () => {
  it('lists every builder’s active sessions with the builder, for staff only (403 otherwise)', async () => {
    const other = makeUid();
    const a = await activeSession(owner);
    const b = await activeSession(other);
    const staff = makeUid('staff');
    const list = await call<Page<Session>>('GET', '/backoffice/remote-access/session?perPage=100', { as: staff, admin: true });
    expect(list.status).toBe(200);
    const ids = list.body.data.map((session) => session.id);
    expect(ids).toEqual(expect.arrayContaining([a.session.id, b.session.id]));
    expect(list.body.data.find((session) => session.id === a.session.id)).toMatchObject({ status: 'active', ownerName: expect.any(String) });
    // A window that ended is settled by the staff's read too: gone from the list, expired in the builder's Histórico.
    await env.DB.prepare('UPDATE remote_access_session SET window_end = ? WHERE id = ?').bind(Date.now() - 1000, a.session.id).run();
    const after = await call<Page<Session>>('GET', '/backoffice/remote-access/session?perPage=100', { as: staff, admin: true });
    expect(after.body.data.some((session) => session.id === a.session.id)).toBe(false);
    expect((await events(owner, '&kind=expired')).data.map((event) => event.sessionId)).toEqual([a.session.id]);
    for (const as of [owner, tecnico]) {
      const refused = await call<ApiError>('GET', '/backoffice/remote-access/session', { as });
      expect(refused.status).toBe(403);
      const ending = await call<ApiError>('POST', `/backoffice/remote-access/session/${b.session.id}/end`, { as, body: { reason: 'Teste' } });
      expect(ending.status).toBe(403);
    }
  });

  it('"Encerrar": a reason is required, the staff member is the actor, the peer is dropped at once', async () => {
    const { session, deviceId } = await activeSession(owner, tecnico);
    const node = { id: 'vpn-node-test', ownerUid: owner, deviceId, vpnAddress: '10.88.9.9' };
    expect((await nodePeers(drizzle(env.DB), node, Date.now())).peers.some((peer) => peer.id === session.id)).toBe(true);
    const staff = makeUid('staff');
    const path = `/backoffice/remote-access/session/${session.id}/end`;
    expect(await call<ApiError>('POST', path, { as: staff, admin: true, body: { reason: ' ' } })).toMatchObject({
      status: 400,
      body: { error: { field: 'reason', message: 'Informe o motivo do encerramento.' } },
    });
    const ended = await call<Session>('POST', path, { as: staff, admin: true, body: { reason: 'Acesso fora do contrato' } });
    expect(ended).toMatchObject({ status: 200, body: { status: 'ended', endReason: 'Acesso fora do contrato' } });
    expect(ended.body.endedByName).toMatch(/\(suporte Ponte IIoT\)$/);
    expect((await nodePeers(drizzle(env.DB), node, Date.now())).peers.some((peer) => peer.id === session.id)).toBe(false);
    const last = (await events(owner, '&kind=ended')).data.find((event) => event.sessionId === session.id);
    expect(last).toMatchObject({ actorUid: staff, reason: 'Acesso fora do contrato', requesterUid: tecnico });
    expect(last?.actorName).toMatch(/\(suporte Ponte IIoT\)$/);
    // Gone from the back office's list; ending again is a conflict; an unknown id is 404.
    const list = await call<Page<Session>>('GET', '/backoffice/remote-access/session?perPage=100', { as: staff, admin: true });
    expect(list.body.data.some((row) => row.id === session.id)).toBe(false);
    expect((await call<ApiError>('POST', path, { as: staff, admin: true, body: { reason: 'De novo' } })).body.error.code).toBe('session-closed');
    expect((await call<ApiError>('POST', '/backoffice/remote-access/session/nao-existe/end', { as: staff, admin: true, body: { reason: 'x' } })).status).toBe(404);
  });
});

describe('demo: the simulated node’s traffic', () => {
  it('grows with the seconds a connected session is active, and only in demo mode', async () => {
    const { session } = await activeSession(owner);
    const db = drizzle(env.DB);
    const since = Date.now() - 10_000;
    await env.DB.prepare('UPDATE remote_access_session SET last_handshake_at = ?, handshake_due_at = NULL WHERE id = ?').bind(since, session.id).run();
    await settleSessions(db, owner, since + 10_000, false);
    const bytes = () => env.DB.prepare('SELECT bytes_in AS bytesIn, bytes_out AS bytesOut FROM remote_access_session WHERE id = ?').bind(session.id).first<{ bytesIn: number; bytesOut: number }>();
    expect(await bytes()).toEqual({ bytesIn: 0, bytesOut: 0 });
    await settleSessions(db, owner, since + 10_000, true);
    const first = await bytes();
    expect(first?.bytesIn).toBe(10 * DEMO_BYTES_IN_PER_SECOND);
    await settleSessions(db, owner, since + 15_000, true);
    const second = await bytes();
    expect(second?.bytesIn).toBe(15 * DEMO_BYTES_IN_PER_SECOND);
    expect(second?.bytesOut).toBeGreaterThan(first?.bytesOut ?? 0);
    const read = await call<Session>('GET', `/remote-access/session/${session.id}`, { as: owner });
    expect(read.body.bytesIn).toBe(15 * DEMO_BYTES_IN_PER_SECOND);
  });
});

describe('Histórico: the filters’ options', () => {
  it('the people who asked and the machines asked for, each once, by name; another account’s none', async () => {
    const a = await activeSession(owner);
    const b = await activeSession(owner, tecnico);
    const options = await call<{ people: { value: string; label: string }[]; machines: { value: string; label: string }[] }>(
      'GET',
      '/remote-access/filter-options',
      { as: tecnico },
    );
    expect(options.status).toBe(200);
    expect(options.body.people.map((person) => person.value).sort()).toEqual([owner, tecnico].sort());
    expect(options.body.machines.map((item) => item.value).sort()).toEqual([a.machineId, b.machineId].sort());
    expect((await call<{ people: unknown[] }>('GET', '/remote-access/filter-options', { as: makeUid() })).body.people).toEqual([]);
  });
});
