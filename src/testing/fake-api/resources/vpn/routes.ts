/**
 * `/vpn-route` on the VPN backend (staff only): the networks behind each node. List (by node, by status, search by
 * network, description or node name; sorts), get, create (`Idempotency-Key`), update (`If-Match`), enable /
 * disable and delete. The network is a valid IPv4 CIDR without host bits (400 "Rede inválida.") and never
 * overlaps another route of the same node, enabled or not (409 `route-overlap` on `network`).
 */
import { http } from 'msw';
import {
  overlappingNetwork,
  VPN_NODE_GONE_MESSAGE,
  VPN_ROUTE_OVERLAP,
  VPN_ROUTE_OVERLAP_CODE,
  vpnRouteInputSchema,
  vpnRouteListQuery,
  type VpnRouteInput,
} from '@/contracts/vpn';
import { list } from '@/testing/fake-api/collection';
import type { DemoDb } from '@/testing/fake-api/db';
import { adminOnly, apiError, validationError, type HandlerContext } from '@/testing/fake-api/http';
import {
  createManaged,
  deleteManaged,
  enabledSwitch,
  getManaged,
  switchManaged,
  updateManaged,
  type ManagedSpec,
} from '@/testing/fake-api/managed-collection';
import { networkSortValue, type VpnRouteRecord } from '@/seed/vpn/records';

export const VPN_ROUTE_NOT_FOUND = 'Rota VPN não encontrada.';

/** The routes as the API sends them, with their node's name. */
export function vpnRouteJson(db: DemoDb) {
  const names = new Map(db.data.vpnNodes.map((node) => [node.id, node.name]));
  return (route: VpnRouteRecord) => ({ ...route, nodeName: names.get(route.nodeId) ?? '' });
}

/** The route of `nodeId` (other than `exceptId`) that `network` overlaps, if any. */
export function overlappingRoute(db: DemoDb, nodeId: string, network: string, exceptId?: string): VpnRouteRecord | null {
  const siblings = db.data.vpnRoutes.filter((route) => route.nodeId === nodeId && route.id !== exceptId);
  const hit = overlappingNetwork(network, siblings.map((route) => route.network));
  return hit === null ? null : (siblings.find((route) => route.network === hit) ?? null);
}

export function vpnRouteHandlers(ctx: HandlerContext) {
  const { db, vpnApiUrl } = ctx;
  const base = `${vpnApiUrl}/vpn-route`;
  const spec: ManagedSpec<VpnRouteRecord> = {
    kind: 'vpn-route',
    notFoundMessage: VPN_ROUTE_NOT_FOUND,
    records: (current) => current.data.vpnRoutes,
    toJson: (record) => vpnRouteJson(db)(record),
  };

  const check = (input: VpnRouteInput, current: VpnRouteRecord | null) => {
    if (!db.data.vpnNodes.some((node) => node.id === input.nodeId)) return validationError(VPN_NODE_GONE_MESSAGE, 'nodeId');
    const other = overlappingRoute(db, input.nodeId, input.network, current?.id);
    return other
      ? apiError(409, VPN_ROUTE_OVERLAP_CODE, VPN_ROUTE_OVERLAP, { field: 'network', overlaps: { id: other.id, network: other.network } })
      : null;
  };

  return [
    http.get(base, adminOnly(ctx, ({ request }) => {
      const toJson = vpnRouteJson(db);
      return list(db.data.vpnRoutes, {
        query: vpnRouteListQuery.parse(new URL(request.url).searchParams),
        where: () => true,
        searchFields: ['network', 'description', (route) => toJson(route).nodeName],
        filters: {
          node: (route, nodeId) => route.nodeId === nodeId,
          status: (route, status) => route.enabled === (status === 'ativa'),
        },
        sorts: {
          network: (route) => networkSortValue(route.network),
          nodeName: (route) => toJson(route).nodeName,
          description: (route) => route.description,
        },
        toJson,
      });
    })),

    http.post(base, adminOnly(ctx, ({ request, principal }) => {
      return createManaged(request, ctx, principal, {
        ...spec,
        schema: vpnRouteInputSchema,
        check,
        build(input) {
          const node = db.data.vpnNodes.find((candidate) => candidate.id === input.nodeId);
          return {
            ownerUid: node?.ownerUid ?? '',
            nodeId: input.nodeId,
            network: input.network,
            description: input.description,
            enabled: true,
          };
        },
      });
    })),

    http.post(
      `${base}/:id/enable`,
      adminOnly(ctx, ({ request, params }) => switchManaged(request, ctx, String(params.id), { ...spec, ...enabledSwitch(true) })),
    ),

    http.post(
      `${base}/:id/disable`,
      adminOnly(ctx, ({ request, params }) => switchManaged(request, ctx, String(params.id), { ...spec, ...enabledSwitch(false) })),
    ),

    http.get(`${base}/:id`, adminOnly(ctx, ({ params }) => getManaged(ctx, String(params.id), spec))),

    http.put(`${base}/:id`, adminOnly(ctx, ({ request, params }) => {
      return updateManaged(request, ctx, String(params.id), {
        ...spec,
        schema: vpnRouteInputSchema,
        check,
        apply(record, input) {
          const node = db.data.vpnNodes.find((candidate) => candidate.id === input.nodeId);
          record.nodeId = input.nodeId;
          record.network = input.network;
          record.description = input.description;
          if (node) record.ownerUid = node.ownerUid;
        },
      });
    })),

    http.delete(
      `${base}/:id`,
      adminOnly(ctx, ({ request, params }) => deleteManaged(request, ctx, String(params.id), spec)),
    ),
  ];
}
