/** /vpn-user's SQL. VPN users belong to the platform (staff manage them all): no statement is scoped by an owner. */
import { and, asc, count, desc, eq, gt, isNotNull, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { vpnUserStatus, type VpnUserInput, type VpnUserListQuery } from '@/contracts/vpn';
import type { Db } from '../../../shared/app-env';
import { offsetOf, sortOrder } from '../../../shared/list';
import { searchColumns, searchCondition, sortKey } from '../../../shared/search';
import { vpnUser } from '../../db/vpn-schema';
import { assemblerNames, machinesByIds, type MachineRef } from '../lookups';
import { vpnUserAddress } from '../network';

export type VpnUserRow = typeof vpnUser.$inferSelect;

/** The user as the API answers it: status, VPN address, its machines by name and its builder's name. */
export function vpnUserJson(row: VpnUserRow, machines: Map<string, MachineRef>, owners: Map<string, string>, now: number) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    enabled: row.enabled,
    expiresAt: row.expiresAt,
    // A machine deleted since is no longer listed (as the demo drops it from its users).
    machineIds: row.machineIds.filter((id) => machines.has(id)),
    createdAt: row.createdAt,
    version: row.version,
    updatedAt: row.updatedAt,
    status: vpnUserStatus(row, now),
    vpnAddress: vpnUserAddress(row.id),
    machines: row.machineIds.flatMap((id) => {
      const found = machines.get(id);
      return found ? [{ id: found.id, name: found.name, serialNumber: found.serialNumber, ownerName: found.ownerName }] : [];
    }),
    ownerName: row.ownerUid ? (owners.get(row.ownerUid) ?? null) : null,
    lastHandshakeAt: row.lastHandshakeAt,
  };
}

export type VpnUserJson = ReturnType<typeof vpnUserJson>;

/** Rows as answers, with their machines and builders looked up in two statements. */
export async function toJson(db: Db, rows: readonly VpnUserRow[], now = Date.now()): Promise<VpnUserJson[]> {
  const [machines, owners] = await Promise.all([
    machinesByIds(db, rows.flatMap((row) => row.machineIds)),
    assemblerNames(db, rows.flatMap((row) => (row.ownerUid ? [row.ownerUid] : []))),
  ]);
  return rows.map((row) => vpnUserJson(row, machines, owners, now));
}

/** Sort keys and search text (name, e-mail). */
export function derivedColumns(input: Pick<VpnUserInput, 'name' | 'email'>) {
  return { nameKey: sortKey(input.name), ...searchColumns([input.name, input.email]) };
}

export function statusCondition(status: string | undefined, now: number): SQL | undefined {
  switch (status) {
    case 'desativado':
      return eq(vpnUser.enabled, false);
    case 'expirado':
      return and(eq(vpnUser.enabled, true), isNotNull(vpnUser.expiresAt), lte(vpnUser.expiresAt, now));
    case 'ativo':
      return and(eq(vpnUser.enabled, true), or(isNull(vpnUser.expiresAt), gt(vpnUser.expiresAt, now)));
    default:
      return undefined;
  }
}

const SORTS = { name: vpnUser.nameKey, email: vpnUser.email, createdAt: vpnUser.createdAt };

/** No expiry sorts last, ascending or descending (as the demo's lists put missing values). */
function orderOf(sort: string): SQL[] {
  if (sort === 'expiresAt' || sort === '-expiresAt') {
    const column = vpnUser.expiresAt;
    return [sql`${column} IS NULL`, sort.startsWith('-') ? desc(column) : asc(column), asc(vpnUser.id)];
  }
  return sortOrder(sort, SORTS, vpnUser.id);
}

export async function listVpnUsers(db: Db, query: VpnUserListQuery, now: number) {
  const where = and(
    statusCondition(query.filters.status, now),
    searchCondition(query.q, vpnUser.search, vpnUser.searchCompact) ?? undefined,
  );
  const [rows, totals] = await db.batch([
    db.select().from(vpnUser).where(where).orderBy(...orderOf(query.sort)).limit(query.perPage).offset(offsetOf(query)),
    db.select({ total: count() }).from(vpnUser).where(where),
  ]);
  return { rows: await toJson(db, rows, now), total: totals[0]?.total ?? 0 };
}

export async function findVpnUserRow(db: Db, id: string): Promise<VpnUserRow | null> {
  const [row] = await db.select().from(vpnUser).where(eq(vpnUser.id, id)).limit(1);
  return row ?? null;
}

export async function findVpnUser(db: Db, id: string, now = Date.now()): Promise<VpnUserJson | null> {
  const row = await findVpnUserRow(db, id);
  if (!row) return null;
  const [json] = await toJson(db, [row], now);
  return json ?? null;
}

export async function emailTaken(db: Db, email: string, exceptId: string | null): Promise<boolean> {
  const [found] = await db
    .select({ id: vpnUser.id })
    .from(vpnUser)
    .where(and(eq(vpnUser.email, email), exceptId ? ne(vpnUser.id, exceptId) : undefined))
    .limit(1);
  return found !== undefined;
}

/** Demo only: the simulated handshakes (src/server/demo/simulation.ts). */
export { settleHandshakes } from '../../../demo/simulation';
