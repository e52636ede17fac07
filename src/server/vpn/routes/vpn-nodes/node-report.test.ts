/**
 * POST /vpn-node/{id}/report: a node says what `wg show dump` says of its peers; the sessions of its gateway get
 * their handshake (the first one a `connected` event, once) and their traffic; the VPN users that reach it their
 * handshake; the node its own. Another gateway's session, an ended one, or a key the node should not have is left
 * alone; a bad credential is 401 before the body is read; a bad body 400 in pt-BR.
 */
import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildSeed } from '@/seed';
import { PUBLIC_KEY_MESSAGE } from '@/contracts/remote-access';
import { call } from '../../../testing/api';
import { seedWorld } from '../../testing/seed-world';

const staff = { as: 'staff-rafael', admin: true };
const key = (fill: number) => btoa(String.fromCharCode(...new Uint8Array(32).fill(fill)));

let data: ReturnType<typeof buildSeed>;
let credential: string;
beforeEach(async () => {
  data = buildSeed({ now: Date.now() });
  await seedWorld(data);
  await env.DB.prepare('DELETE FROM remote_access_session').run();
  await env.DB.prepare('DELETE FROM remote_access_event').run();
  const issued = await call<{ token: string }>('POST', '/vpn-node/vpn-node-1001/credential', staff);
  credential = issued.body.token;
});

async function insertSession(id: string, status: string, publicKey: string, deviceId = 'device-1001') {
  const owner = data.machines.find((m) => m.id === 'machine-1001')?.ownerUid ?? '';
  const now = Date.now();
  await env.DB.prepare(
    `INSERT INTO remote_access_session (id, owner_uid, machine_id, machine_name, device_id, requester_uid, requester_name,
      requester_email, reason, duration_hours, services, lan_subnet, status, window_start, window_end, wg_public_key,
      tunnel_address, version, created_at, updated_at)
     VALUES (?, ?, 'machine-1001', 'Máquina', ?, ?, 'Engenheiro', 'eng@example.com', 'Ajuste', 1, '[]', '192.168.50.0/24', ?, ?, ?, ?, '10.86.0.9', 1, ?, ?)`,
  )
    .bind(id, owner, deviceId, `eng-${id}`, status, now - 60_000, now + 3_600_000, publicKey, now, now)
    .run();
}

const report = (body: unknown, token = credential) =>
  call<{ sessions: number; users: number; error?: { message: string; field?: string } }>('POST', '/vpn-node/vpn-node-1001/report', {
    headers: { Authorization: `Node ${token}` },
    body,
  });

const session = (id: string) =>
  env.DB.prepare('SELECT last_handshake_at, bytes_in, bytes_out, bytes_at FROM remote_access_session WHERE id = ?')
    .bind(id)
    .first<{ last_handshake_at: number | null; bytes_in: number; bytes_out: number; bytes_at: number | null }>();

describe('POST /vpn-node/{id}/report', () => {
  it('gives the gateway’s active sessions their handshake and traffic; the first handshake is one `connected` event', async () => {
    await insertSession('remote-access-1', 'active', key(1));
    await insertSession('remote-access-2', 'ended', key(2));
    const seconds = Math.floor(Date.now() / 1000) - 5;
    const first = await report({
      peers: [
        { publicKey: key(1), latestHandshake: seconds, rxBytes: 1200, txBytes: 98_000 },
        { publicKey: key(2), latestHandshake: seconds, rxBytes: 1, txBytes: 1 },
        { publicKey: key(3), latestHandshake: seconds, rxBytes: 5, txBytes: 5 },
      ],
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ sessions: 1, users: 0 });
    expect(await session('remote-access-1')).toMatchObject({ last_handshake_at: seconds * 1000, bytes_in: 1200, bytes_out: 98_000 });
    expect(await session('remote-access-2')).toMatchObject({ last_handshake_at: null, bytes_in: 0 });

    // Counted again later: the counters follow the node, the event is not repeated.
    await report({ peers: [{ publicKey: key(1), latestHandshake: seconds + 2, rxBytes: 2400, txBytes: 150_000 }] });
    expect(await session('remote-access-1')).toMatchObject({ last_handshake_at: (seconds + 2) * 1000, bytes_in: 2400, bytes_out: 150_000 });
    const events = await env.DB.prepare("SELECT session_id, at FROM remote_access_event WHERE kind = 'connected'").all();
    expect(events.results).toEqual([{ session_id: 'remote-access-1', at: seconds * 1000 }]);
    const node = await env.DB.prepare("SELECT last_handshake_at FROM vpn_node WHERE id = 'vpn-node-1001'").first<{ last_handshake_at: number }>();
    expect(node?.last_handshake_at).toBeGreaterThanOrEqual((seconds + 2) * 1000);
  });

  it('leaves another gateway’s session alone, and a handshake from the node’s future is taken as now', async () => {
    await insertSession('remote-access-1', 'active', key(1), 'device-elsewhere');
    await insertSession('remote-access-2', 'active', key(2));
    const before = Date.now();
    const answer = await report({
      peers: [
        { publicKey: key(1), latestHandshake: Math.floor(before / 1000), rxBytes: 1, txBytes: 1 },
        { publicKey: key(2), latestHandshake: Math.floor(before / 1000) + 3600, rxBytes: 1, txBytes: 1 },
      ],
    });
    expect(answer.body).toEqual({ sessions: 1, users: 0 });
    expect((await session('remote-access-1'))?.last_handshake_at).toBeNull();
    const handshake = (await session('remote-access-2'))?.last_handshake_at ?? 0;
    expect(handshake).toBeGreaterThanOrEqual(before);
    expect(handshake).toBeLessThanOrEqual(Date.now());
  });

  it('a VPN user that reaches the gateway gets its handshake', async () => {
    const user = await env.DB.prepare(
      `SELECT u.id FROM vpn_user u WHERE u.enabled = 1 AND EXISTS (SELECT 1 FROM json_each(u.machine_ids) c JOIN machine m ON m.id = c.value WHERE m.device_id = 'device-1001') LIMIT 1`,
    ).first<{ id: string }>();
    if (!user) throw new Error('the seed gives device-1001 no VPN user');
    await env.DB.prepare('UPDATE vpn_user SET wg_public_key = ?, last_handshake_at = NULL WHERE id = ?').bind(key(9), user.id).run();
    const seconds = Math.floor(Date.now() / 1000) - 1;
    const answer = await report({ peers: [{ publicKey: key(9), latestHandshake: seconds, rxBytes: 0, txBytes: 0 }] });
    expect(answer.body).toEqual({ sessions: 0, users: 1 });
    const row = await env.DB.prepare('SELECT last_handshake_at FROM vpn_user WHERE id = ?').bind(user.id).first<{ last_handshake_at: number }>();
    expect(row?.last_handshake_at).toBe(seconds * 1000);
  });

  it('401 without the node’s credential (before the body is read); 400 in pt-BR for a bad body', async () => {
    expect((await report({ peers: 'nada' }, 'wrong')).status).toBe(401);
    const bad = await report({ peers: [{ publicKey: 'abc', latestHandshake: 0, rxBytes: 0, txBytes: 0 }] });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.message).toBe(PUBLIC_KEY_MESSAGE);
    const negative = await report({ peers: [{ publicKey: key(1), latestHandshake: -1, rxBytes: 0, txBytes: 0 }] });
    expect(negative.status).toBe(400);
    expect(negative.body.error?.message).toBe('O último handshake não pode ser negativo.');
    expect((await report({ peers: [] })).body).toEqual({ sessions: 0, users: 0 });
  });
});
