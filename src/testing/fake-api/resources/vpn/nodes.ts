/**
 * `/vpn-node` on the VPN backend (staff only): the gateways the VPN reaches — name, gateway (device id and serial
 * number), VPN address, online, last handshake and how many routes it has. Nodes come from gateways connecting,
 * so the API only reads them: list (search by name, VPN address or serial number; filter online / offline; sorts)
 * and get.
 */
import { http } from 'msw';
import { vpnNodeListQuery } from '@/contracts/vpn';
import { list } from '@/testing/fake-api/collection';
import type { DemoDb } from '@/testing/fake-api/db';
import { adminOnly, type HandlerContext } from '@/testing/fake-api/http';
import { getManaged, type ManagedSpec } from '@/testing/fake-api/managed-collection';
import { networkSortValue, type VpnNodeRecord } from '@/seed/vpn/records';

export const VPN_NODE_NOT_FOUND = 'Nó VPN não encontrado.';

/** The nodes as the API sends them: the gateway's serial number, the route count and the builder's name joined. */
export function vpnNodeJson(db: DemoDb) {
  const serials = new Map<string, string>();
  const owners = new Map(db.data.assemblers.map((assembler) => [assembler.uid, assembler.name]));
  const routeCounts = new Map<string, number>();
  for (const route of db.data.vpnRoutes) routeCounts.set(route.nodeId, (routeCounts.get(route.nodeId) ?? 0) + 1);
  const serialOf = (deviceId: string) => {
    if (serials.size === 0) for (const device of db.data.devices) serials.set(device.id, device.serialNumber);
    return serials.get(deviceId) ?? '';
  };
  return (node: VpnNodeRecord) => ({
    ...node,
    deviceSerialNumber: serialOf(node.deviceId),
    routeCount: routeCounts.get(node.id) ?? 0,
    ownerName: owners.get(node.ownerUid) ?? null,
  });
}

export function vpnNodeHandlers(ctx: HandlerContext) {
  const { db, vpnApiUrl } = ctx;
  const base = `${vpnApiUrl}/vpn-node`;
  const spec: ManagedSpec<VpnNodeRecord> = {
    kind: 'vpn-node',
    notFoundMessage: VPN_NODE_NOT_FOUND,
    records: (current) => current.data.vpnNodes,
    toJson: (record) => vpnNodeJson(db)(record),
  };

  return [
    http.get(base, adminOnly(ctx, ({ request }) => {
      const toJson = vpnNodeJson(db);
      return list(db.data.vpnNodes, {
        query: vpnNodeListQuery.parse(new URL(request.url).searchParams),
        where: () => true,
        searchFields: ['name', 'vpnAddress', (node) => toJson(node).deviceSerialNumber],
        filters: { status: (node, status) => node.online === (status === 'online') },
        sorts: {
          name: (node) => node.name,
          vpnAddress: (node) => networkSortValue(`${node.vpnAddress}/32`),
          lastHandshakeAt: (node) => node.lastHandshakeAt,
        },
        toJson,
      });
    })),

    http.get(`${base}/:id`, adminOnly(ctx, ({ params }) => getManaged(ctx, String(params.id), spec))),
  ];
}
