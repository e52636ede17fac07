/**
 * The VPN's seed rows (vpn_hub, vpn_user, vpn_node, vpn_route) from the demo's seed: one hub (DEMO_HUB — every
 * gateway with an owner is on it, see ./devices.ts; its public key the demo's stand-in until a real hub reports its
 * own, so the demo's downloads work; no credential: staff issue it, "Nova credencial"), a node per connected gateway of the
 * demo builder, each with the LAN of its machine as a route (plus the extra routes), and four VPN users (valid,
 * no expiry, expired, disabled). Sort keys and search texts computed as the VPN routes compute them. No WireGuard
 * key and no node credential: those are made when a configuration is downloaded / a credential issued.
 */
import { nodeDerivedColumns } from '../../vpn/routes/vpn-nodes/queries';
import { routeDerivedColumns } from '../../vpn/routes/vpn-routes/queries';
import { derivedColumns as userDerivedColumns } from '../../vpn/routes/vpn-users/queries';
import { vpnHub, vpnNode, vpnRoute, vpnUser } from '../../vpn/db/vpn-schema';
import { seedTable, type SeedSource } from './types';

/** The demo's hub (issue 34): a hub on this machine, as the lab runs it. */
export const DEMO_HUB = {
  id: 'hub-1001',
  name: 'São Paulo 1',
  region: 'sa-east-1',
  endpointHost: '127.0.0.1',
  endpointPort: 51820,
  /** The demo's stand-in server key (a fixed X25519 public key: the demo's files name a hub that never reports). */
  publicKey: 'HG7cXbE3togXgynzrbeMzxaQrqp53KCxTlCpSTywoaM=',
} as const;

export const vpnSeed: SeedSource = (data) => {
  const serials = new Map(data.devices.map((device) => [device.id, device.serialNumber]));
  const nodeNames = new Map(data.vpnNodes.map((node) => [node.id, node.name]));
  // As old as the oldest account.
  const hubCreatedAt = data.assemblers.reduce((oldest, account) => Math.min(oldest, account.createdAt), Number.MAX_SAFE_INTEGER);
  return [
    seedTable(vpnHub, [
      {
        ...DEMO_HUB,
        tokenHash: null,
        tokenIssuedAt: null,
        // Never reported: the offline sweep leaves its gateways' seeded status alone.
        lastReportAt: null,
        appliedVersion: null,
        health: null,
        peerCount: 0,
        version: 1,
        createdAt: hubCreatedAt,
        updatedAt: hubCreatedAt,
      },
    ]),
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
