/**
 * `GET /hub/{id}/state`: every peer the hub must hold (src/contracts/hub.ts `HubDesiredState`) —
 * - the gateways assigned to it with a key: their address and their machines' tunnel subnets;
 * - the VPN users enabled, unexpired, with a key, that reach a machine whose gateway is on this hub: their address,
 *   and those machines' tunnel subnets as what they may reach;
 * - the remote-access sessions active now, with a key, whose gateway is on this hub: their address, and the grant
 *   fixed at approval (the tunnel subnet then — the machine's current one only for a session approved before
 *   tunnel subnets existed — and the chosen services' TCP ports) until the window's end.
 * A peer that may reach nothing is left out. `version` is a hash of the content: it changes only when it does.
 */
import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { HUB_INTERFACE_ADDRESS, HUB_NETWORKS, type HubDesiredState, type HubPeer } from '@/contracts/hub';
import type { Db } from '../../../shared/app-env';
import { device } from '../../../main/db/device-schema';
import { machine } from '../../../main/db/fleet-schema';
import { remoteAccessSession } from '../../../main/db/remote-access-schema';
import { vpnUserAddress } from '../network';
import { sha256Hex } from '../wireguard';

type GatewayPeer = Extract<HubPeer, { kind: 'gateway' }>;
type UserPeer = Extract<HubPeer, { kind: 'user' }>;
type SessionPeer = Extract<HubPeer, { kind: 'session' }>;

async function gatewayPeers(db: Db, hubId: string): Promise<GatewayPeer[]> {
  const [gateways, subnets] = await db.batch([
    db
      .select({ id: device.id, publicKey: device.wgPublicKey, vpnAddress: device.vpnAddress })
      .from(device)
      .where(and(eq(device.hubId, hubId), isNotNull(device.wgPublicKey)))
      .orderBy(asc(device.id)),
    db
      .select({ deviceId: device.id, subnet: machine.tunnelSubnet })
      .from(machine)
      .innerJoin(device, eq(device.id, machine.deviceId))
      .where(and(eq(device.hubId, hubId), isNotNull(machine.tunnelSubnet)))
      .orderBy(asc(machine.tunnelStart), asc(machine.id)),
  ]);
  const byGateway = new Map<string, string[]>();
  for (const row of subnets) if (row.subnet) byGateway.set(row.deviceId, [...(byGateway.get(row.deviceId) ?? []), row.subnet]);
  return gateways.flatMap((gateway) => {
    const allowedIps = [...(gateway.vpnAddress ? [`${gateway.vpnAddress}/32`] : []), ...(byGateway.get(gateway.id) ?? [])];
    return gateway.publicKey && allowedIps.length > 0
      ? [{ kind: 'gateway' as const, id: gateway.id, publicKey: gateway.publicKey, allowedIps }]
      : [];
  });
}

async function userPeers(db: Db, hubId: string, now: number): Promise<UserPeer[]> {
  // One row per (user, reachable machine on this hub); a user whose machines reach nothing here has no row.
  const rows = await db.all<{ id: string; publicKey: string; expiresAt: number | null; subnet: string }>(sql`
    SELECT u.id AS id, u.wg_public_key AS publicKey, u.expires_at AS expiresAt, m.tunnel_subnet AS subnet
    FROM vpn_user u, json_each(u.machine_ids) AS chosen
    JOIN ${machine} m ON m.id = chosen.value
    JOIN ${device} d ON d.id = m.device_id
    WHERE d.hub_id = ${hubId} AND u.enabled = 1 AND (u.expires_at IS NULL OR u.expires_at > ${now})
      AND u.wg_public_key IS NOT NULL AND m.tunnel_subnet IS NOT NULL
    ORDER BY u.id, m.tunnel_start, m.id`);
  const users = new Map<string, UserPeer>();
  for (const row of rows) {
    const user = users.get(row.id);
    if (user) {
      if (!user.reach.includes(row.subnet)) user.reach.push(row.subnet);
      continue;
    }
    users.set(row.id, {
      kind: 'user',
      id: row.id,
      publicKey: row.publicKey,
      allowedIps: [`${vpnUserAddress(row.id)}/32`],
      reach: [row.subnet],
      expiresAt: row.expiresAt,
    });
  }
  return [...users.values()];
}

async function sessionPeers(db: Db, hubId: string, now: number): Promise<SessionPeer[]> {
  const s = remoteAccessSession;
  const rows = await db
    .select({
      id: s.id,
      publicKey: s.wgPublicKey,
      tunnelAddress: s.tunnelAddress,
      network: sql<string | null>`coalesce(${s.tunnelSubnet}, ${machine.tunnelSubnet})`,
      services: s.services,
      windowEnd: s.windowEnd,
    })
    .from(s)
    .innerJoin(device, eq(device.id, s.deviceId))
    .leftJoin(machine, and(eq(machine.id, s.machineId), eq(machine.ownerUid, s.ownerUid)))
    .where(and(eq(device.hubId, hubId), eq(s.status, 'active'), gt(s.windowEnd, now), isNotNull(s.wgPublicKey)))
    .orderBy(asc(s.id));
  return rows.flatMap((row) => {
    const tcp = [...new Set(row.services.map((service) => service.port))].sort((a, b) => a - b);
    if (!row.network || !row.publicKey || row.windowEnd === null || tcp.length === 0) return [];
    return [
      {
        kind: 'session' as const,
        id: row.id,
        publicKey: row.publicKey,
        allowedIps: [`${row.tunnelAddress}/32`],
        reach: { network: row.network, tcp, udp: [] },
        expiresAt: row.windowEnd,
      },
    ];
  });
}

export async function hubDesiredState(db: Db, hub: { id: string; endpointPort: number }, now: number): Promise<HubDesiredState> {
  const [gateways, users, sessions] = await Promise.all([gatewayPeers(db, hub.id), userPeers(db, hub.id, now), sessionPeers(db, hub.id, now)]);
  const state = {
    hub: { id: hub.id, address: HUB_INTERFACE_ADDRESS, listenPort: hub.endpointPort, networks: [...HUB_NETWORKS] },
    peers: [...gateways, ...users, ...sessions],
  };
  const version = (await sha256Hex(JSON.stringify(state))).slice(0, 16);
  return { hub: state.hub, version, generatedAt: now, peers: state.peers };
}
