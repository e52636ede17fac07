/**
 * Remote access (issue 25), server side: one open window per person and machine, the profile and the node's peer
 * list (ended and expired sessions dropped), expiry, the demo's handshake, and the events every step writes.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { REMOTE_ACCESS_MESSAGES as M } from '@/contracts/remote-access';
import { call, makeUid, makeIdempotencyKey } from '../../../testing/api';
import { makeEmulatorToken } from '../../../testing/tokens';
import { app } from '../../index';
import { insertSharedHub, insertMachine, makePublicKey } from './fixtures';
import { seedTeam, type Session, type RequestAnswer, type Profile, type Page, callAsk, callPost, storedEvents, arrangePolicy, storedPeers, owner, tecnico, leitura } from './test-world';

seedTeam();

describe('one open window per person and machine', () => {
  it('a second request replaces the open one and says so', async () => {
    const { machine: target, deviceId } = await insertMachine(owner);
    const first = (await callAsk(tecnico, target.id, { reason: 'Primeiro', durationHours: 1 })).body.session;
    const key = makePublicKey();
    expect((await callPost<Profile>(tecnico, `/remote-access/session/${first.id}/profile`, { publicKey: key })).status).toBe(200);
    expect((await storedPeers(owner, deviceId)).peers.filter((peer) => peer.kind === 'remote-access').map((peer) => peer.id)).toEqual([first.id]);

    const second = await callAsk(tecnico, target.id, { reason: 'Segundo', durationHours: 4 });
    expect(second.status).toBe(201);
    expect(second.body.replaced).toEqual({ id: first.id, status: 'active' });
    expect(second.body.message).toContain(M.replaced);
    const old = await call<Session>('GET', `/remote-access/session/${first.id}`, { as: tecnico });
    expect(old.body).toMatchObject({ status: 'ended', endReason: M.replacedReason(second.body.session.id) });
    // The replaced peer left the node at once; the new one has no profile yet.
    expect((await storedPeers(owner, deviceId)).peers.some((peer) => peer.kind === 'remote-access')).toBe(false);
    // Another person's window on the same machine is not touched.
    const admins = await callAsk(owner, target.id, { reason: 'Outro', durationHours: 1 });
    expect(admins.body.replaced).toBeNull();
    const open = await call<Page<Session>>('GET', `/remote-access/session?status=open&machine=${target.id}`, { as: leitura });
    expect(open.body.data.map((session) => session.id).sort()).toEqual([second.body.session.id, admins.body.session.id].sort());
  });
});

describe('the profile and the node', () => {
  it('answers what the file needs; the window starts then; the node lists the peer until it ends', async () => {
    const { machine: target, deviceId } = await insertMachine(owner);
    const session = (await callAsk(tecnico, target.id, { reason: 'Ajuste de receita no CLP', durationHours: 4, services: [443, 102] })).body.session;
    const before = Date.now();
    const key = makePublicKey();
    const profile = await callPost<Profile>(tecnico, `/remote-access/session/${session.id}/profile`, { publicKey: key });
    expect(profile.status).toBe(200);
    expect(profile.headers.get('Cache-Control')).toBe('no-store');
    const hub = await insertSharedHub();
    expect(profile.body).toMatchObject({
      tunnelSubnet: target.tunnelSubnet,
      lanSubnet: '192.168.10.0/24',
      interface: { address: `${session.tunnelAddress}/32` },
      // The peer: the hub of the machine's gateway; AllowedIPs: the machine's tunnel subnet only.
      peer: { publicKey: hub.publicKey, endpointHost: hub.endpointHost, endpointPort: hub.endpointPort, allowedIps: [target.tunnelSubnet], persistentKeepalive: 25 },
      services: [{ port: 443 }, { port: 102 }],
      fileName: `${target.name.replace(/ /g, '-')}.conf`,
    });
    expect(profile.body.session).toMatchObject({ tunnelSubnet: target.tunnelSubnet, lanSubnet: '192.168.10.0/24' });
    expect(profile.body.peer.allowedIps).not.toContain('0.0.0.0/0');
    const start = (profile.body.session.windowStartsAt?.seconds ?? 0) * 1000;
    expect(start).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(profile.body.validUntil.seconds - (profile.body.session.windowStartsAt?.seconds ?? 0)).toBe(4 * 3600);
    expect(profile.body.session.status).toBe('active');

    const peers = await storedPeers(owner, deviceId);
    expect(peers.peers.find((peer) => peer.kind === 'remote-access')).toEqual({
      kind: 'remote-access',
      id: session.id,
      publicKey: key,
      allowedIps: [`${session.tunnelAddress}/32`],
      destinations: [{ network: '192.168.10.0/24', protocol: 'tcp', ports: [443, 102] }],
      expiresAt: profile.body.validUntil.seconds * 1000 + Math.floor(profile.body.validUntil.nanos / 1e6),
    });
    // Not on another gateway's node, nor another owner's.
    expect((await storedPeers(owner, 'device-other')).peers.some((peer) => peer.kind === 'remote-access')).toBe(false);
    expect((await storedPeers(makeUid(), deviceId)).peers.some((peer) => peer.kind === 'remote-access')).toBe(false);

    const active = await call<Page<Session>>('GET', '/remote-access/session?status=active', { as: leitura });
    expect(active.body.data.map((row) => row.id)).toEqual([session.id]);

    // Downloaded again (a lost file): a new key, the same window.
    const newKey2 = makePublicKey();
    const again = await callPost<Profile>(tecnico, `/remote-access/session/${session.id}/profile`, { publicKey: newKey2 });
    expect(again.body.validUntil).toEqual(profile.body.validUntil);
    // A key another open session holds is refused.
    const other = await insertMachine(owner);
    const otherSession = (await callAsk(tecnico, other.machine.id, { reason: 'Outra', durationHours: 1 })).body.session;
    expect(await callPost(tecnico, `/remote-access/session/${otherSession.id}/profile`, { publicKey: newKey2 })).toMatchObject({
      status: 409,
      body: { error: { code: 'key-in-use' } },
    });

    // Ending removes the peer at once.
    expect((await callPost(owner, `/remote-access/session/${session.id}/end`, { reason: 'Fim do atendimento' })).status).toBe(200);
    expect((await storedPeers(owner, deviceId)).peers.some((peer) => peer.kind === 'remote-access')).toBe(false);

    const history = await storedEvents(owner, `&machine=${target.id}`);
    expect(history.map((event) => event.kind)).toEqual(['ended', 'profile-downloaded', 'profile-downloaded', 'approved', 'requested']);
    expect(history[0]).toMatchObject({ actorUid: owner, reason: 'Fim do atendimento' });
    expect(history.at(-1)).toMatchObject({ actorUid: tecnico, reason: 'Ajuste de receita no CLP' });
    expect((await storedEvents(owner, `&person=${tecnico}&kind=requested`)).length).toBe(2);
  });

  it('expiry drops the peer at the window’s end and is written as an event', async () => {
    const { machine: target, deviceId } = await insertMachine(owner);
    const session = (await callAsk(owner, target.id, { reason: 'Ajuste', durationHours: 1 })).body.session;
    const profile = await callPost<Profile>(owner, `/remote-access/session/${session.id}/profile`, { publicKey: makePublicKey() });
    const end = profile.body.validUntil.seconds * 1000 + Math.floor(profile.body.validUntil.nanos / 1e6);
    expect((await storedPeers(owner, deviceId, end - 1)).peers.some((peer) => peer.id === session.id)).toBe(true);
    expect((await storedPeers(owner, deviceId, end)).peers.some((peer) => peer.id === session.id)).toBe(false);

    // Time passes: the window is moved back in the database, then read.
    await env.DB.prepare('UPDATE remote_access_session SET window_start = window_start - 7200000, window_end = window_end - 7200000 WHERE id = ?').bind(session.id).run();
    const read = await call<Session>('GET', `/remote-access/session/${session.id}`, { as: leitura });
    expect(read.body.status).toBe('expired');
    expect((await storedPeers(owner, deviceId)).peers.some((peer) => peer.id === session.id)).toBe(false);
    const expired = (await storedEvents(owner, '&kind=expired')).filter((event) => event.sessionId === session.id);
    expect(expired).toHaveLength(1);
    expect(expired[0]).toMatchObject({ actorUid: null });
    expect(await callPost(owner, `/remote-access/session/${session.id}/end`)).toMatchObject({ status: 409, body: { error: { code: 'session-closed' } } });
    // Settled once: reading again writes nothing more.
    await call('GET', '/remote-access/session', { as: owner });
    expect((await storedEvents(owner, '&kind=expired')).length).toBe(1);
  });

  it('a request never decided expires after 24 hours', async () => {
    await arrangePolicy(owner, true);
    const { machine: target } = await insertMachine(owner);
    const session = (await callAsk(tecnico, target.id, { reason: 'Ajuste', durationHours: 1 })).body.session;
    await env.DB.prepare('UPDATE remote_access_session SET created_at = created_at - 90000000 WHERE id = ?').bind(session.id).run();
    expect(await callPost(owner, `/remote-access/session/${session.id}/approve`)).toMatchObject({ status: 409, body: { error: { code: 'not-pending' } } });
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
          headers: { Authorization: `Bearer ${makeEmulatorToken({ uid: owner })}`, 'Content-Type': 'application/json', 'Idempotency-Key': makeIdempotencyKey() },
          body: body === undefined ? undefined : JSON.stringify(body),
        },
        { ...env, DEMO: 'true' },
      );
      return (await response.json()) as Record<string, unknown>;
    };
    const answer = (await demoCall('POST', `/machine/${target.id}/remote-access`, { reason: 'Ajuste', durationHours: 1 })) as unknown as RequestAnswer;
    await demoCall('POST', `/remote-access/session/${answer.session.id}/profile`, { publicKey: makePublicKey() });
    const due = await env.DB.prepare('SELECT handshake_due_at AS due FROM remote_access_session WHERE id = ?').bind(answer.session.id).first<{ due: number }>();
    expect(due?.due).toBeGreaterThan(Date.now());
    await env.DB.prepare('UPDATE remote_access_session SET handshake_due_at = ? WHERE id = ?').bind(Date.now() - 1000, answer.session.id).run();
    const read = (await demoCall('GET', `/remote-access/session/${answer.session.id}`)) as unknown as Session;
    expect(read.lastHandshakeAt).not.toBeNull();
    const connected = (await storedEvents(owner, '&kind=connected')).filter((event) => event.sessionId === answer.session.id);
    expect(connected).toHaveLength(1);
    // Outside demo mode nothing is simulated.
    const { machine: plain } = await insertMachine(owner);
    const real = (await callAsk(owner, plain.id, { reason: 'Ajuste', durationHours: 1 })).body.session;
    await callPost(owner, `/remote-access/session/${real.id}/profile`, { publicKey: makePublicKey() });
    const none = await env.DB.prepare('SELECT handshake_due_at AS due FROM remote_access_session WHERE id = ?').bind(real.id).first<{ due: number | null }>();
    expect(none?.due).toBeNull();
  });
});
