/** /vpn-route's SQL: the networks behind each node (platform records: not scoped by an owner). */
import { and, asc, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { overlappingNetwork, type VpnRouteInput, type VpnRouteListQuery } from '@/contracts/vpn';
import type { Db } from '../../../shared/app-env';
import { offsetOf } from '../../../shared/list';
import { searchColumns, searchCondition, sortKey } from '../../../shared/search';
import { vpnNode, vpnRoute } from '../../db/vpn-schema';
import { networkRange, networkSortValue } from '../network';

const columns = {
  id: vpnRoute.id,
  nodeId: vpnRoute.nodeId,
  network: vpnRoute.network,
  description: vpnRoute.description,
  enabled: vpnRoute.enabled,
  version: vpnRoute.version,
  updatedAt: vpnRoute.updatedAt,
  nodeName: sql<string | null>`${vpnNode.name}`.as('node_name'),
};

function routeJson<T extends { nodeName: string | null }>(row: T) {
  return { ...row, nodeName: row.nodeName ?? '' };
}

/** Sort keys and search text (network, description and the node's name). */
export function routeDerivedColumns(input: Pick<VpnRouteInput, 'network' | 'description'>, nodeName: string) {
  return {
    networkSort: networkSortValue(input.network),
    descriptionKey: sortKey(input.description),
    ...searchColumns([input.network, input.description, nodeName]),
  };
}

const joined = (db: Db) => db.select(columns).from(vpnRoute).leftJoin(vpnNode, eq(vpnNode.id, vpnRoute.nodeId));

function orderOf(sort: string): SQL[] {
  const descending = sort.startsWith('-');
  const key = descending ? sort.slice(1) : sort;
  const column: SQLiteColumn =
    key === 'network' ? vpnRoute.networkSort : key === 'description' ? vpnRoute.descriptionKey : vpnNode.nameKey;
  return [descending ? desc(column) : asc(column), asc(vpnRoute.networkSort), asc(vpnRoute.id)];
}

export async function listVpnRoutes(db: Db, query: VpnRouteListQuery) {
  const { node, status } = query.filters;
  const where = and(
    node ? eq(vpnRoute.nodeId, node) : undefined,
    status ? eq(vpnRoute.enabled, status === 'ativa') : undefined,
    searchCondition(query.q, vpnRoute.search, vpnRoute.searchCompact) ?? undefined,
  );
  const [rows, totals] = await db.batch([
    joined(db).where(where).orderBy(...orderOf(query.sort)).limit(query.perPage).offset(offsetOf(query)),
    db.select({ total: count() }).from(vpnRoute).where(where),
  ]);
  return { rows: rows.map(routeJson), total: totals[0]?.total ?? 0 };
}

export async function findVpnRoute(db: Db, id: string) {
  const [row] = await joined(db).where(eq(vpnRoute.id, id)).limit(1);
  return row ? routeJson(row) : null;
}

export type VpnRouteJson = NonNullable<Awaited<ReturnType<typeof findVpnRoute>>>;

export async function findNode(db: Db, id: string) {
  const [node] = await db.select({ id: vpnNode.id, name: vpnNode.name, ownerUid: vpnNode.ownerUid }).from(vpnNode).where(eq(vpnNode.id, id)).limit(1);
  return node ?? null;
}

/** The route of `nodeId` (other than `exceptId`) that `network` overlaps, enabled or not. */
export async function overlappingRoute(db: Db, nodeId: string, network: string, exceptId: string | null) {
  const siblings = await db
    .select({ id: vpnRoute.id, network: vpnRoute.network })
    .from(vpnRoute)
    .where(and(eq(vpnRoute.nodeId, nodeId), exceptId ? ne(vpnRoute.id, exceptId) : undefined))
    .orderBy(vpnRoute.id);
  const hit = overlappingNetwork(network, siblings.map((route) => route.network));
  return hit === null ? null : (siblings.find((route) => route.network === hit) ?? null);
}

/**
 * The same rule as SQL, for the guard of the write itself (`WHERE NOT …`): a route of `nodeId` other than
 * `exceptId`, enabled or not, sharing an address with `network`. Its range comes from `network_sort` (first address
 * × 64 + prefix): first = sort >> 6, last = first + 2^(32 − prefix) − 1. `overlappingRoute` names the route; this
 * makes two concurrent writes unable to both pass it.
 */
export function overlapExists(nodeId: string, network: string, exceptId: string | null): SQL {
  const [first, last] = networkRange(network);
  return sql`EXISTS (SELECT 1 FROM ${vpnRoute} AS other WHERE other.node_id = ${nodeId} AND other.id <> ${exceptId ?? ''}
    AND (other.network_sort >> 6) <= ${last}
    AND (other.network_sort >> 6) + (1 << (32 - (other.network_sort & 63))) - 1 >= ${first})`;
}
