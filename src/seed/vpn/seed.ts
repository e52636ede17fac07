/**
 * Seeded VPN data: a node per connected gateway of the demo builder (its VPN address, online or not, last
 * handshake), each node's routes (the LAN of its machine, plus a second, disabled, network on the first node and a
 * plant network on the second: no two routes of a node overlap), and four VPN users — one valid for 60 days, one
 * with no expiry, one already expired, one disabled. Deterministic for a given `now`.
 */
import { overlappingNetwork } from '@/contracts/vpn';
import { DAY, DEMO_CUSTOMER_UID } from '@/seed/utils';
import { stamp } from '@/seed/stored';
import type { MachineRecord } from '../machines/records';
import type { VpnNodeRecord, VpnRouteRecord, VpnUserRecord } from './records';

interface SeedDevice {
  id: string;
  ownerUid: string | null;
  name: string;
  status: string;
  lastSeenAt: number | null;
  vpnAddress: string | null;
}

type New<R> = Omit<R, 'version' | 'updatedAt'>;

/** [name, e-mail, enabled, expires in (days from now; null: never), machines] */
const USERS: Array<[string, string, boolean, number | null, string[]]> = [
  ['Carlos Henrique Prado', 'carlos.prado@oliveira.exemplo.com.br', true, 60, ['machine-1001', 'machine-1002']],
  ['Juliana Nakamura', 'juliana.nakamura@oliveira.exemplo.com.br', true, null, ['machine-1003', 'machine-1004', 'machine-1005']],
  ['Técnico terceirizado — Automax', 'suporte@automax.exemplo.com.br', true, -3, ['machine-1008']],
  ['Estagiário 2025', 'estagio@oliveira.exemplo.com.br', false, 10, []],
];

/** Second routes of the first nodes: [node index, network, description, enabled]. */
const EXTRA_ROUTES: Array<[number, string, string, boolean]> = [
  [0, '172.16.50.0/24', 'Rede de manutenção (desativada até a parada programada)', false],
  [1, '10.30.0.0/16', 'Rede de supervisão da planta', true],
];

export function seedVpn(
  now: number,
  { devices, machines }: { devices: readonly SeedDevice[]; machines: readonly MachineRecord[] },
): { vpnUsers: VpnUserRecord[]; vpnNodes: VpnNodeRecord[]; vpnRoutes: VpnRouteRecord[] } {
  const maria = DEMO_CUSTOMER_UID;
  const nodes: Array<New<VpnNodeRecord>> = devices
    .filter((device) => device.ownerUid === maria && device.vpnAddress)
    .map((device, index) => ({
      id: `vpn-node-${1001 + index}`,
      ownerUid: maria,
      name: device.name.replace('Gateway ', ''),
      deviceId: device.id,
      vpnAddress: device.vpnAddress ?? '',
      online: device.status === 'online',
      lastHandshakeAt: device.lastSeenAt,
    }));

  const routes: Array<New<VpnRouteRecord>> = nodes.map((node, index) => ({
    id: `vpn-route-${1001 + index}`,
    ownerUid: maria,
    nodeId: node.id,
    network: machines.find((machine) => machine.deviceId === node.deviceId)?.lanSubnet || `192.168.${10 + index}.0/24`,
    description: `Rede da máquina ${node.name}`,
    enabled: true,
  }));
  for (const [nodeIndex, network, description, enabled] of EXTRA_ROUTES) {
    const node = nodes[nodeIndex];
    if (!node) continue;
    const taken = routes.filter((route) => route.nodeId === node.id).map((route) => route.network);
    // Never two overlapping routes on a node, whatever the machines' LANs are.
    if (overlappingNetwork(network, taken) !== null) continue;
    routes.push({ id: `vpn-route-${1001 + routes.length}`, ownerUid: maria, nodeId: node.id, network, description, enabled });
  }

  const users: Array<New<VpnUserRecord>> = USERS.map(([name, email, enabled, days, machineIds], index) => ({
    id: `vpn-user-${1001 + index}`,
    ownerUid: maria,
    name,
    email,
    enabled,
    expiresAt: days === null ? null : now + days * DAY,
    machineIds,
    createdAt: now - (60 - index * 10) * DAY,
  }));

  return { vpnUsers: stamp(users, now), vpnNodes: stamp(nodes, now), vpnRoutes: stamp(routes, now) };
}
