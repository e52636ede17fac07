/**
 * What a node needs to configure its WireGuard interface: its peers. Authenticated with the node's OWN credential
 * (`Authorization: Node <token>`, issued by staff with `POST /vpn-node/{id}/credential` and kept only as a SHA-256
 * hash), never a Firebase token. Peers: the active VPN users (with a downloaded configuration) that reach a machine
 * of the node's gateway — their public key and tunnel address — and the gateway itself, its public key from the
 * device table's `wg_public_key` and its address plus the node's enabled routes — and the remote-access sessions
 * (issue 25) active now on a machine of the node's gateway: the requester's public key and tunnel address, and the
 * only destination the node forwards (the machine's LAN, the chosen services' TCP ports) until `expiresAt`. An ended
 * or expired session is dropped at once (its window is checked here, not only when it is settled).
 */
import { and, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../../shared/app-env';
import { ApiError } from '../../../shared/errors';
import { device } from '../../../main/db/device-schema';
import { machine } from '../../../main/db/fleet-schema';
import { remoteAccessSession } from '../../../main/db/remote-access-schema';
import { vpnNode, vpnRoute, vpnUser } from '../../db/vpn-schema';
import { vpnUserAddress } from '../network';
import { sha256Hex } from '../wireguard';

export const NODE_CREDENTIAL_INVALID = 'Credencial do nó ausente ou inválida.';
const invalidCredential = () => new ApiError(401, 'node-unauthenticated', NODE_CREDENTIAL_INVALID);

/** The node the request's `Authorization: Node <token>` names (same answer for an unknown node and a bad token). */
export async function authenticateNode(db: Db, request: Request, id: string) {
  const match = /^Node\s+(\S+)$/i.exec(request.headers.get('Authorization') ?? '');
  if (!match?.[1]) throw invalidCredential();
  const hash = await sha256Hex(match[1]);
  const [node] = await db
    .select({ id: vpnNode.id, ownerUid: vpnNode.ownerUid, deviceId: vpnNode.deviceId, vpnAddress: vpnNode.vpnAddress, tokenHash: vpnNode.tokenHash })
    .from(vpnNode)
    .where(eq(vpnNode.id, id))
    .limit(1);
  if (!node?.tokenHash || node.tokenHash !== hash) throw invalidCredential();
  return node;
}

/** The gateway's WireGuard public key (the device table's `wg_public_key`; null until it has one). */
async function gatewayPublicKey(db: Db, deviceId: string): Promise<string | null> {
  const [row] = await db.select({ key: device.wgPublicKey }).from(device).where(eq(device.id, deviceId)).limit(1);
  return row?.key ?? null;
}

/** Remote-access sessions active now on a machine whose gateway is the node's (the machine joined on its owner). */
async function remoteAccessPeers(db: Db, node: { ownerUid: string; deviceId: string }, now: number) {
  return db
    .select({
      id: remoteAccessSession.id,
      publicKey: remoteAccessSession.wgPublicKey,
      tunnelAddress: remoteAccessSession.tunnelAddress,
      lanSubnet: remoteAccessSession.lanSubnet,
      services: remoteAccessSession.services,
      windowEnd: remoteAccessSession.windowEnd,
    })
    .from(remoteAccessSession)
    .innerJoin(machine, and(eq(machine.ownerUid, remoteAccessSession.ownerUid), eq(machine.id, remoteAccessSession.machineId)))
    .where(
      and(
        eq(remoteAccessSession.ownerUid, node.ownerUid),
        eq(remoteAccessSession.status, 'active'),
        gt(remoteAccessSession.windowEnd, now),
        isNotNull(remoteAccessSession.wgPublicKey),
        eq(machine.deviceId, node.deviceId),
      ),
    )
    .orderBy(remoteAccessSession.id);
}

export async function nodePeers(db: Db, node: { id: string; ownerUid: string; deviceId: string; vpnAddress: string }, now: number) {
  const reachesGateway = sql`EXISTS (SELECT 1 FROM json_each(${vpnUser.machineIds}) AS chosen
    JOIN ${machine} ON ${machine.id} = chosen.value WHERE ${machine.deviceId} = ${node.deviceId})`;
  const [users, routes, gatewayKey, sessions] = await Promise.all([
    db
      .select({ id: vpnUser.id, publicKey: vpnUser.wgPublicKey })
      .from(vpnUser)
      .where(
        and(
          eq(vpnUser.enabled, true),
          or(isNull(vpnUser.expiresAt), gt(vpnUser.expiresAt, now)),
          isNotNull(vpnUser.wgPublicKey),
          reachesGateway,
        ),
      )
      .orderBy(vpnUser.id),
    db
      .select({ network: vpnRoute.network })
      .from(vpnRoute)
      .where(and(eq(vpnRoute.nodeId, node.id), eq(vpnRoute.enabled, true)))
      .orderBy(vpnRoute.id),
    gatewayPublicKey(db, node.deviceId),
    remoteAccessPeers(db, node, now),
  ]);
  return {
    node: { id: node.id, vpnAddress: node.vpnAddress },
    peers: [
      ...users.map((user) => ({
        kind: 'user' as const,
        id: user.id,
        publicKey: user.publicKey ?? '',
        allowedIps: [`${vpnUserAddress(user.id)}/32`],
      })),
      ...sessions.map((session) => ({
        kind: 'remote-access' as const,
        id: session.id,
        publicKey: session.publicKey ?? '',
        allowedIps: [`${session.tunnelAddress}/32`],
        destinations: [{ network: session.lanSubnet, protocol: 'tcp' as const, ports: session.services.map((service) => service.port) }],
        expiresAt: session.windowEnd ?? now,
      })),
      {
        kind: 'gateway' as const,
        id: node.deviceId,
        publicKey: gatewayKey,
        allowedIps: [`${node.vpnAddress}/32`, ...routes.map((route) => route.network)],
      },
    ],
    generatedAt: now,
  };
}
