/**
 * The node's peer list and remote access (issue 25), read as a node reads it (`Authorization: Node <token>`): an
 * active session on a machine of the node's gateway is a peer with its only destination; ended, expired, not yet
 * downloaded or another gateway's sessions are not.
 */
import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildSeed } from '@/seed';
import { call } from '../../../testing/api';
import { seedWorld } from '../../testing/seed-world';

const staff = { as: 'staff-rafael', admin: true };
interface Peer {
  kind: string;
  id: string;
  publicKey: string | null;
  allowedIps: string[];
  destinations?: Array<{ network: string; protocol: string; ports: number[] }>;
  expiresAt?: { seconds: number; nanos: number };
}

let data: ReturnType<typeof buildSeed>;
beforeEach(async () => {
  data = buildSeed({ now: Date.now() });
  await seedWorld(data);
  await env.DB.prepare('DELETE FROM remote_access_session').run();
});

async function insertSession(id: string, fields: { status: string; windowEnd: number | null; key: string | null; machineId?: string; deviceId?: string }) {
  const owner = data.machines.find((m) => m.id === (fields.machineId ?? 'machine-1001'))?.ownerUid ?? '';
  await env.DB.prepare(
    `INSERT INTO remote_access_session (id, owner_uid, machine_id, machine_name, device_id, requester_uid, requester_name,
      requester_email, reason, duration_hours, services, lan_subnet, status, window_start, window_end, wg_public_key,
      tunnel_address, version, created_at, updated_at)
     VALUES (?, ?, ?, 'Máquina', ?, ?, 'Engenheiro', 'eng@example.com', 'Ajuste', 1, ?, '192.168.50.0/24', ?, ?, ?, ?, ?, 1, ?, ?)`,
  )
    .bind(
      id,
      owner,
      fields.machineId ?? 'machine-1001',
      fields.deviceId ?? 'device-1001',
      // One open window per person and machine: each session its own person.
      `eng-${id}`,
      JSON.stringify([{ name: 'IHM', protocol: 'https', port: 443 }, { name: 'CLP', protocol: 's7', port: 102 }]),
      fields.status,
      fields.windowEnd === null ? null : fields.windowEnd - 3_600_000,
      fields.windowEnd,
      fields.key,
      `10.86.0.${id.length}`,
      Date.now(),
      Date.now(),
    )
    .run();
}

describe('GET /vpn-node/{id}/peers: remote access', () => {
  it('lists the active, unexpired sessions of the node’s gateway with their only destination', async () => {
    const later = Date.now() + 3_600_000;
    const key = btoa(String.fromCharCode(...new Uint8Array(32).fill(7)));
    await insertSession('remote-access-1', { status: 'active', windowEnd: later, key });
    await insertSession('remote-access-2', { status: 'ended', windowEnd: later, key: 'ended' });
    await insertSession('remote-access-3', { status: 'active', windowEnd: Date.now() - 1, key: 'expired' });
    await insertSession('remote-access-4', { status: 'approved', windowEnd: null, key: null });
    const elsewhere = data.machines.find((m) => m.deviceId && m.deviceId !== 'device-1001' && m.ownerUid === data.machines.find((x) => x.id === 'machine-1001')?.ownerUid);
    if (elsewhere) await insertSession('remote-access-5', { status: 'active', windowEnd: later, key: 'other', machineId: elsewhere.id, deviceId: elsewhere.deviceId ?? '' });

    const issued = await call<{ token: string }>('POST', '/vpn-node/vpn-node-1001/credential', staff);
    const peers = await call<{ peers: Peer[] }>('GET', '/vpn-node/vpn-node-1001/peers', { headers: { Authorization: `Node ${issued.body.token}` } });
    expect(peers.status).toBe(200);
    const remote = peers.body.peers.filter((peer) => peer.kind === 'remote-access');
    expect(remote).toEqual([
      {
        kind: 'remote-access',
        id: 'remote-access-1',
        publicKey: key,
        allowedIps: ['10.86.0.15/32'],
        destinations: [{ network: '192.168.50.0/24', protocol: 'tcp', ports: [443, 102] }],
        expiresAt: { seconds: Math.floor(later / 1000), nanos: (later % 1000) * 1_000_000 },
      },
    ]);
    // Ended by someone: gone at the next read.
    await env.DB.prepare("UPDATE remote_access_session SET status = 'ended' WHERE id = 'remote-access-1'").run();
    const after = await call<{ peers: Peer[] }>('GET', '/vpn-node/vpn-node-1001/peers', { headers: { Authorization: `Node ${issued.body.token}` } });
    expect(after.body.peers.some((peer) => peer.kind === 'remote-access')).toBe(false);
  });
});
