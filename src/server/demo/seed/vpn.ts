/**
 * The VPN's seed rows (vpn_user, vpn_node, vpn_route) from the demo's seed: a node per connected gateway of the
 * demo builder, each with the LAN of its machine as a route (plus the extra routes), and four VPN users (valid,
 * no expiry, expired, disabled). Sort keys and search texts computed as the VPN routes compute them. No WireGuard
 * key and no node credential: those are made when a configuration is downloaded / a credential issued.
 */
import { nodeDerivedColumns } from '../../vpn/routes/vpn-nodes/queries';
import { routeDerivedColumns } from '../../vpn/routes/vpn-routes/queries';
import { derivedColumns as userDerivedColumns } from '../../vpn/routes/vpn-users/queries';
import { vpnNode, vpnRoute, vpnUser } from '../../vpn/db/vpn-schema';
import { seedTable, type SeedSource } from './types';

export const vpnSeed: SeedSource = (data) => {
  const serials = new Map(data.devices.map((device) => [device.id, device.serialNumber]));
  const nodeNames = new Map(data.vpnNodes.map((node) => [node.id, node.name]));
  return [
    seedTable(
      vpnUser,
      data.vpnUsers.map((user) => ({
        id: user.id,
        ownerUid: user.ownerUid,
        name: user.name,
        email: user.email,
        enabled: user.enabled,
        expiresAt: user.expiresAt,
        machineIds: user.machineIds,
        wgPublicKey: null,
        configIssuedAt: null,
        handshakeDueAt: null,
        lastHandshakeAt: null,
        ...userDerivedColumns(user),
        version: user.version,
        createdAt: user.createdAt,
        updatedAt: user.updatedAt,
      })),
    ),
    seedTable(
      vpnNode,
      data.vpnNodes.map((node) => ({
        id: node.id,
        ownerUid: node.ownerUid,
        name: node.name,
        deviceId: node.deviceId,
        vpnAddress: node.vpnAddress,
        lastHandshakeAt: node.lastHandshakeAt,
        tokenHash: null,
        tokenIssuedAt: null,
        ...nodeDerivedColumns(node.name, node.vpnAddress, serials.get(node.deviceId) ?? ''),
        version: node.version,
        createdAt: node.updatedAt,
        updatedAt: node.updatedAt,
      })),
    ),
    seedTable(
      vpnRoute,
      data.vpnRoutes.map((route) => ({
        id: route.id,
        ownerUid: route.ownerUid,
        nodeId: route.nodeId,
        network: route.network,
        description: route.description,
        enabled: route.enabled,
        ...routeDerivedColumns(route, nodeNames.get(route.nodeId) ?? ''),
        version: route.version,
        createdAt: route.updatedAt,
        updatedAt: route.updatedAt,
      })),
    ),
  ];
};
