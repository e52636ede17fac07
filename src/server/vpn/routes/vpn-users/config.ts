/**
 * A VPN user's WireGuard client configuration (the file "Baixar configuração" saves): a NEW key pair each time —
 * the private key goes only into the file, the public key is kept on the user (the nodes learn it from
 * `GET /vpn-node/{id}/peers`). In demo mode the simulated node reports the handshake ~8 s later.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../shared/app-env';
import { vpnNode, vpnRoute, vpnUser } from '../../db/vpn-schema';
import { inJson, machinesByIds } from '../lookups';
import { formatDay, VPN_ENDPOINT, VPN_SERVER_ADDRESS, vpnUserAddress } from '../network';
import { wireguardKeyPair } from '../wireguard';
import type { VpnUserRow } from './queries';

/** How long after its configuration is downloaded the demo's simulated node reports a handshake. */
export const DEMO_HANDSHAKE_DELAY_MS = 8000;

/** The networks the user's client routes through the VPN: the server, its machines' nodes and their enabled routes. */
export async function allowedIps(db: Db, machineDeviceIds: readonly string[]): Promise<string[]> {
  const nodes =
    machineDeviceIds.length === 0
      ? []
      : await db.select({ id: vpnNode.id, vpnAddress: vpnNode.vpnAddress }).from(vpnNode).where(inJson(vpnNode.deviceId, machineDeviceIds)).orderBy(vpnNode.id);
  const routes =
    nodes.length === 0
      ? []
      : await db
          .select({ network: vpnRoute.network, nodeId: vpnRoute.nodeId })
          .from(vpnRoute)
          .where(and(eq(vpnRoute.enabled, true), inJson(vpnRoute.nodeId, nodes.map((node) => node.id))))
          .orderBy(vpnRoute.id);
  // The demo's order: nodes as stored, each node's routes in the order they were made.
  const networks = nodes.flatMap((node) => routes.filter((route) => route.nodeId === node.id).map((route) => route.network));
  return [...new Set([`${VPN_SERVER_ADDRESS}/32`, ...nodes.map((node) => `${node.vpnAddress}/32`), ...networks])];
}

/** Makes the file (and keeps the new public key). */
export async function issueConfiguration(
  db: Db,
  user: VpnUserRow,
  options: { now: number; demo: boolean; serverPublicKey: string },
): Promise<string> {
  const machines = await machinesByIds(db, user.machineIds);
  const chosen = user.machineIds.flatMap((id) => machines.get(id) ?? []);
  const deviceIds = [...new Set(chosen.flatMap((machine) => (machine.deviceId ? [machine.deviceId] : [])))];
  const [allowed, keys] = await Promise.all([allowedIps(db, deviceIds), wireguardKeyPair()]);
  await db
    .update(vpnUser)
    .set({
      wgPublicKey: keys.publicKey,
      configIssuedAt: options.now,
      ...(options.demo ? { handshakeDueAt: options.now + DEMO_HANDSHAKE_DELAY_MS } : {}),
    })
    .where(eq(vpnUser.id, user.id));
  const lines = [
    `# Ponte IIoT — configuração VPN de ${user.name} <${user.email}>`,
    `# Válida até: ${user.expiresAt === null ? 'sem expiração (até ser desativada)' : formatDay(user.expiresAt)}`,
    `# Máquinas: ${chosen.length > 0 ? chosen.map((machine) => machine.name).join(', ') : 'nenhuma'}`,
    `# Gerada em: ${new Date(options.now).toISOString()}`,
    '# Importe este arquivo no cliente WireGuard. Não compartilhe: contém a chave privada.',
    '',
    '[Interface]',
    `PrivateKey = ${keys.privateKey}`,
    `Address = ${vpnUserAddress(user.id)}/32`,
    `DNS = ${VPN_SERVER_ADDRESS}`,
    '',
    '[Peer]',
    `PublicKey = ${options.serverPublicKey}`,
    `Endpoint = ${VPN_ENDPOINT}`,
    `AllowedIPs = ${allowed.join(', ')}`,
    'PersistentKeepalive = 25',
    '',
  ];
  return lines.join('\n');
}

/** `attachment` with the file name in ASCII and, for any other character, in RFC 5987 form. */
export function attachment(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
