/**
 * A VPN user's WireGuard client configuration (the file "Baixar configuração" saves): a NEW key pair each time —
 * the private key goes only into the file, the public key is kept on the user (its hub learns it from
 * `GET /hub/{id}/state`). The peer is the hub of the gateway of the user's first machine (its endpoint and public
 * key, issue 34); the routes are the hub's address and the tunnel subnets of the user's machines. In demo mode the
 * simulated node reports the handshake ~8 s later.
 */
import { eq } from 'drizzle-orm';
import { HUB_ADDRESS } from '@/contracts/hub';
import type { Db } from '../../../shared/app-env';
import { conflict } from '../../../shared/errors';
import { vpnUser } from '../../db/vpn-schema';
import { gatewayHub } from '../hubs/assign';
import { machinesByIds, type MachineRef } from '../lookups';
import { formatDay, vpnUserAddress } from '../network';
import { wireguardKeyPair } from '../wireguard';
import type { VpnUserRow } from './queries';

/** How long after its configuration is downloaded the demo's simulated node reports a handshake. */
export const DEMO_HANDSHAKE_DELAY_MS = 8000;

export const VPN_USER_NO_GATEWAY_CODE = 'no-gateway';
export const VPN_USER_NO_GATEWAY_MESSAGE =
  'Nenhuma máquina deste usuário tem gateway: associe um gateway a uma das máquinas antes de baixar a configuração.';

/** What the user's client routes through the tunnel: the hub, and each machine's tunnel subnet (its LAN until it has one). */
export function allowedIps(machines: readonly Pick<MachineRef, 'tunnelSubnet' | 'lanSubnet'>[]): string[] {
  return [...new Set([`${HUB_ADDRESS}/32`, ...machines.map((machine) => machine.tunnelSubnet ?? machine.lanSubnet)])];
}

/** Makes the file (and keeps the new public key). 409 when no machine has a gateway, or no hub can carry it. */
export async function issueConfiguration(db: Db, user: VpnUserRow, options: { now: number; demo: boolean }): Promise<string> {
  const machines = await machinesByIds(db, user.machineIds);
  const chosen = user.machineIds.flatMap((id) => machines.get(id) ?? []);
  const gatewayId = chosen.find((machine) => machine.deviceId !== null)?.deviceId;
  if (!gatewayId) throw conflict(VPN_USER_NO_GATEWAY_CODE, VPN_USER_NO_GATEWAY_MESSAGE);
  const [hub, keys] = await Promise.all([gatewayHub(db, gatewayId), wireguardKeyPair()]);
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
    `# Máquinas: ${chosen.map((machine) => machine.name).join(', ')}`,
    `# Hub: ${hub.name}`,
    `# Gerada em: ${new Date(options.now).toISOString()}`,
    '# Importe este arquivo no cliente WireGuard. Não compartilhe: contém a chave privada.',
    '',
    '[Interface]',
    `PrivateKey = ${keys.privateKey}`,
    `Address = ${vpnUserAddress(user.id)}/32`,
    '',
    '[Peer]',
    `PublicKey = ${hub.publicKey}`,
    `Endpoint = ${hub.endpointHost}:${hub.endpointPort}`,
    `AllowedIPs = ${allowedIps(chosen).join(', ')}`,
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
