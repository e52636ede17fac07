/**
 * /vpn-route (staff): the networks behind each node. List (by node, by status, search by network, description or
 * node name; sorts), get, create (`Idempotency-Key`), update (`If-Match`), enable / disable and delete. The network
 * is a valid IPv4 CIDR without host bits (400 "Rede inválida.") and never overlaps another route of the same node,
 * enabled or not (409 `route-overlap` on `network`, with the route it overlaps). The overlap is checked (to name
 * the route) and then held by the write itself (`overlapExists` in its WHERE): of two concurrent writes that
 * overlap, one is kept and the other, checked again, refused.
 */
import { and, eq, not, sql } from 'drizzle-orm';
import {
  VPN_NODE_GONE_MESSAGE,
  VPN_ROUTE_OVERLAP,
  VPN_ROUTE_OVERLAP_CODE,
  vpnRouteInputSchema,
  vpnRouteListQuery,
  type VpnRouteInput,
} from '@/contracts/vpn';
import type { App } from '../../../shared/app';
import type { Db } from '../../../shared/app-env';
import { insertWhere } from '../../../shared/db/guarded';
import { conflict, notFound, validationError } from '../../../shared/errors';
import { nextId } from '../../../shared/ids';
import { idempotentCreate } from '../../../shared/idempotency';
import { pageAnswer } from '../../../shared/list';
import { createRoute, deleteRoute, getRoute, listRoute, updateRoute } from '../../../shared/resource-routes';
import { serialize } from '../../../shared/time';
import { conflictOrNotFound, deleteVersioned, versionIs } from '../../../shared/versioned';
import { requireVersion, versionConflict } from '../../../shared/versions';
import { vpnRoute } from '../../db/vpn-schema';
import { enabledSwitchRoute } from '../switch';
import { syncNodes } from '../vpn-nodes/sync';
import { findNode, findVpnRoute, listVpnRoutes, overlapExists, overlappingRoute, routeDerivedColumns } from './queries';
import { vpnRoutePageSchema, vpnRouteSchema } from './schemas';

export const VPN_ROUTE_NOT_FOUND = 'Rota VPN não encontrada.';
const TAG = 'Rotas VPN';
/** Updates lost to a concurrent write in a row before giving up (each loss: the route or its node's routes changed). */
const MAX_ATTEMPTS = 3;

/** The node the route goes to (400 when gone) and no overlap with its other routes (409). */
async function check(db: Db, input: VpnRouteInput, exceptId: string | null) {
  const node = await findNode(db, input.nodeId);
  if (!node) throw validationError(VPN_NODE_GONE_MESSAGE, 'nodeId');
  const other = await overlappingRoute(db, input.nodeId, input.network, exceptId);
  if (other) {
    throw conflict(VPN_ROUTE_OVERLAP_CODE, VPN_ROUTE_OVERLAP, { field: 'network', overlaps: { id: other.id, network: other.network } });
  }
  return node;
}

export function vpnRouteRoutes(app: App) {
  app.openapi(
    listRoute({
      path: '/vpn-route', tag: TAG, access: 'staff',
      summary: 'Lista as rotas da VPN',
      page: vpnRoutePageSchema, description: 'Uma página de rotas.', filters: ['node', 'status'], errors: [401, 403],
    }),
    async (c) => {
      await syncNodes(c.var.db);
      const query = vpnRouteListQuery.parse(new URL(c.req.url).searchParams);
      const { rows, total } = await listVpnRoutes(c.var.db, query);
      return c.json(pageAnswer(rows, query, total) as never, 200);
    },
  );

  app.openapi(
    getRoute({
      path: '/vpn-route/{id}', tag: TAG, access: 'staff',
      summary: 'Uma rota da VPN',
      item: vpnRouteSchema, description: 'A rota.', errors: [401, 403, 404],
    }),
    async (c) => {
      const found = await findVpnRoute(c.var.db, c.req.valid('param').id);
      if (!found) throw notFound(VPN_ROUTE_NOT_FOUND);
      return c.json(serialize(found) as never, 200);
    },
  );

  app.openapi(
    createRoute({
      path: '/vpn-route', tag: TAG, access: 'staff',
      summary: 'Cria uma rota (rede atrás de um nó)',
      input: vpnRouteInputSchema, item: vpnRouteSchema, description: 'Criada.',
    }),
    (c) =>
      idempotentCreate(c, async () => {
        const input = c.req.valid('json');
        const { db } = c.var;
        const node = await check(db, input, null);
        const now = Date.now();
        const row = {
          id: await nextId(db, 'vpn-route'),
          ownerUid: node.ownerUid,
          nodeId: input.nodeId,
          network: input.network,
          description: input.description,
          enabled: true,
          ...routeDerivedColumns(input, node.name),
          version: 1,
          createdAt: now,
          updatedAt: now,
        };
        const body = {
          id: row.id,
          nodeId: row.nodeId,
          network: row.network,
          description: row.description,
          enabled: row.enabled,
          version: row.version,
          updatedAt: row.updatedAt,
          nodeName: node.name,
        };
        // Kept only if no overlapping route of the node was written since the check (else checked again: 409).
        const insert = insertWhere(db, vpnRoute, row, sql`NOT ${overlapExists(row.nodeId, row.network, row.id)}`);
        const applied = sql`EXISTS (SELECT 1 FROM ${vpnRoute} WHERE id = ${row.id})`;
        return { status: 201, body: serialize(body), writes: [insert], applied };
      }),
  );

  app.openapi(
    updateRoute({
      path: '/vpn-route/{id}', tag: TAG, access: 'staff',
      summary: 'Altera uma rota (If-Match: versão)',
      input: vpnRouteInputSchema, item: vpnRouteSchema, description: 'Alterada.',
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const { db } = c.var;
      for (let attempt = 1; ; attempt += 1) {
        const current = await findVpnRoute(db, id);
        if (!current) throw notFound(VPN_ROUTE_NOT_FOUND);
        const version = requireVersion(c.req.raw, await c.req.json());
        if (version !== current.version) throw versionConflict(current);
        const node = await check(db, input, id);
        const changed = await db
          .update(vpnRoute)
          .set({
            nodeId: input.nodeId,
            network: input.network,
            description: input.description,
            ownerUid: node.ownerUid,
            ...routeDerivedColumns(input, node.name),
            version: sql`${vpnRoute.version} + 1`,
            updatedAt: Math.max(Date.now(), current.updatedAt + 1),
          })
          .where(and(eq(vpnRoute.id, id), eq(vpnRoute.version, version), not(overlapExists(input.nodeId, input.network, id))))
          .returning({ id: vpnRoute.id });
        const now = await findVpnRoute(db, id);
        if (changed.length === 1) return c.json(serialize(now) as never, 200);
        // Gone, another version, or an overlapping route written since the check: checked again.
        if (attempt >= MAX_ATTEMPTS) throw conflictOrNotFound(now, VPN_ROUTE_NOT_FOUND);
      }
    },
  );

  for (const enabled of [true, false]) {
    enabledSwitchRoute(app, {
      path: '/vpn-route',
      enabled,
      tag: TAG,
      summary: enabled ? 'Ativa uma rota' : 'Desativa uma rota',
      schema: vpnRouteSchema,
      notFoundMessage: VPN_ROUTE_NOT_FOUND,
      answer: (db, id) => findVpnRoute(db, id),
    });
  }

  app.openapi(
    deleteRoute({
      path: '/vpn-route/{id}', tag: TAG, access: 'staff',
      summary: 'Exclui uma rota',
      description: 'Excluída.',
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { db } = c.var;
      const current = await findVpnRoute(db, id);
      if (!current) throw notFound(VPN_ROUTE_NOT_FOUND);
      const version = c.req.header('If-Match') === undefined ? null : requireVersion(c.req.raw, null);
      if (version !== null && version !== current.version) throw versionConflict(current);
      await deleteVersioned(
        db.delete(vpnRoute).where(and(eq(vpnRoute.id, id), versionIs(vpnRoute.version, version))).returning({ id: vpnRoute.id }),
        { current: () => findVpnRoute(db, id), notFound: VPN_ROUTE_NOT_FOUND },
      );
      return c.body(null, 204);
    },
  );
}
