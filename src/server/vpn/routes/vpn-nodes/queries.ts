/**
 * /vpn-node's SQL. A node is a gateway the VPN reaches (one per connected gateway): its name and address are kept
 * on the node, whether it is online and its serial number are read from the gateway (`device`), its last handshake
 * is the later of the node's own report and the gateway's last contact.
 */
import { and, asc, count, desc, eq, ne, or, isNull, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { VpnNodeListQuery } from '@/contracts/vpn';
import type { Db } from '../../../shared/app-env';
import { assembler } from '../../../shared/db/core-schema';
import { offsetOf } from '../../../shared/list';
import { searchColumns, searchCondition, sortKey } from '../../../shared/search';
import { device } from '../../../main/db/device-schema';
import { vpnNode, vpnRoute } from '../../db/vpn-schema';
import { networkSortValue } from '../network';

const lastHandshakeAt = sql<number | null>`CASE
  WHEN ${vpnNode.lastHandshakeAt} IS NULL THEN ${device.lastSeenAt}
  WHEN ${device.lastSeenAt} IS NULL THEN ${vpnNode.lastHandshakeAt}
  ELSE max(${vpnNode.lastHandshakeAt}, ${device.lastSeenAt}) END`;
const online = sql<number>`coalesce(${device.status} = 'online', 0)`;
const routeCount = sql<number>`(SELECT count(*) FROM ${vpnRoute} WHERE ${vpnRoute.nodeId} = ${vpnNode.id})`;

const columns = {
  id: vpnNode.id,
  name: vpnNode.name,
  deviceId: vpnNode.deviceId,
  vpnAddress: vpnNode.vpnAddress,
  online,
  lastHandshakeAt,
  version: vpnNode.version,
  updatedAt: vpnNode.updatedAt,
  deviceSerialNumber: sql<string>`coalesce(${device.serialNumber}, '')`,
  routeCount,
  // The gateway's hub (issue 34; null: none yet).
  hubId: device.hubId,
  hubName: sql<string | null>`(SELECT h.name FROM vpn_hub AS h WHERE h.id = ${device.hubId})`.as('hub_name'),
  // Aliased: D1's batch answers rows by column name, and `name` is the node's too.
  ownerName: sql<string | null>`${assembler.name}`.as('owner_name'),
};

/** The node as the API answers it. */
function nodeJson<T extends { online: number }>(row: T) {
  return { ...row, online: Boolean(row.online) };
}

export type VpnNodeJson = Awaited<ReturnType<typeof findVpnNode>>;

/** A node's sort key and search text (name, VPN address, the gateway's serial number). */
export function nodeDerivedColumns(name: string, vpnAddress: string, serialNumber: string) {
  return { nameKey: sortKey(name), addressSort: networkSortValue(`${vpnAddress}/32`), ...searchColumns([name, vpnAddress, serialNumber]) };
}

function statusCondition(status: string | undefined): SQL | undefined {
  if (status === 'online') return eq(device.status, 'online');
  if (status === 'offline') return or(isNull(device.status), ne(device.status, 'online'));
  return undefined;
}

function orderOf(sort: string): SQL[] {
  const descending = sort.startsWith('-');
  const key = descending ? sort.slice(1) : sort;
  const dir = (column: SQL | SQLiteColumn) => (descending ? desc(column) : asc(column));
  if (key === 'vpnAddress') return [dir(vpnNode.addressSort), asc(vpnNode.id)];
  // Never handshaken: last, either way.
  if (key === 'lastHandshakeAt') return [sql`${lastHandshakeAt} IS NULL`, dir(lastHandshakeAt), asc(vpnNode.id)];
  return [dir(vpnNode.nameKey), asc(vpnNode.id)];
}

const joined = (db: Db) =>
  db
    .select(columns)
    .from(vpnNode)
    .leftJoin(device, eq(device.id, vpnNode.deviceId))
    .leftJoin(assembler, eq(assembler.uid, vpnNode.ownerUid));

export async function listVpnNodes(db: Db, query: VpnNodeListQuery) {
  const where = and(statusCondition(query.filters.status), searchCondition(query.q, vpnNode.search, vpnNode.searchCompact) ?? undefined);
  const [rows, totals] = await db.batch([
    joined(db).where(where).orderBy(...orderOf(query.sort)).limit(query.perPage).offset(offsetOf(query)),
    db.select({ total: count() }).from(vpnNode).leftJoin(device, eq(device.id, vpnNode.deviceId)).where(where),
  ]);
  return { rows: rows.map(nodeJson), total: totals[0]?.total ?? 0 };
}

export async function findVpnNode(db: Db, id: string) {
  const [row] = await joined(db).where(eq(vpnNode.id, id)).limit(1);
  return row ? nodeJson(row) : null;
}
