/** /device's SQL: every statement on an owned device names the owner (an unclaimed one is found by its code only). */
import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DeviceConnectionListQuery, DeviceListQuery } from '@/contracts/device';
import type { Db } from '../../../shared/app-env';
import { listWhere, offsetOf, ownedBy, pageRowids, rowidOf } from '../../../shared/list';
import { searchColumns, searchIndexOf, searchTerms, sortKey } from '../../../shared/search';
import { device, deviceConnection, deviceStatusEvent } from '../../db/device-schema';
import { machine } from '../../db/fleet-schema';

export type DeviceRow = typeof device.$inferSelect;

/** The device as the API answers it (before times are serialised): its machine's name and its order's number. */
export function deviceJson(row: DeviceRow, machineName: string | null, orderNumber: number | null) {
  return {
    id: row.id,
    serialNumber: row.serialNumber,
    setupCode: row.setupCode,
    name: row.name,
    hardwareModel: row.hardwareModel,
    firmware: row.firmware,
    status: row.status,
    lastSeenAt: row.lastSeenAt,
    vpnAddress: row.vpnAddress,
    machineId: row.machineId,
    machineName: row.machineId ? machineName : null,
    orderId: row.orderId,
    orderNumber: row.orderId ? orderNumber : null,
    version: row.version,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export type DeviceJson = ReturnType<typeof deviceJson>;

/** The columns worked out from a device's fields: its name's sort key and the search texts (serial, name, code). */
export function deviceDerivedColumns(fields: { serialNumber: string; name: string; setupCode: string }) {
  return { nameKey: sortKey(fields.name), ...searchColumns([fields.serialNumber, fields.name, fields.setupCode]) };
}

// Subqueries, not joins (D1 answers rows keyed by column name: a join's `name` would shadow the device's), written
// out: drizzle leaves a single-table select's columns unqualified, and `owner_uid = owner_uid` would compare the
// subquery's table with itself.
const machineName = sql<string | null>`(SELECT m.name FROM machine AS m WHERE m.owner_uid = "device"."owner_uid" AND m.id = "device"."machine_id")`;
const orderNumber = sql<number | null>`(SELECT o.number FROM purchase_order AS o WHERE o.owner_uid = "device"."owner_uid" AND o.id = "device"."order_id")`;

/** The device with its machine's name and its order's number (both the device owner's). */
function selectDevices(db: Db) {
  return db.select({ row: device, machineName, orderNumber }).from(device);
}

type Joined = { row: DeviceRow; machineName: string | null; orderNumber: number | null };
const toJson = ({ row, machineName, orderNumber }: Joined) => deviceJson(row, machineName, orderNumber);

/** The list's order: the demo's (status online → offline → never connected; never-seen last both ways), ties by id. */
function deviceOrder(sort: DeviceListQuery['sort']): SQL[] {
  const descending = sort.startsWith('-');
  const key = descending ? sort.slice(1) : sort;
  let first: SQL;
  switch (key) {
    case 'serialNumber':
      first = descending ? desc(device.serialNumber) : asc(device.serialNumber);
      break;
    case 'status':
      // 'online' > 'offline' > 'never-connected' as text: the rank order is the text's descending one.
      first = descending ? asc(device.status) : desc(device.status);
      break;
    case 'lastSeenAt':
      first = descending ? sql`${device.lastSeenAt} DESC NULLS LAST` : sql`${device.lastSeenAt} ASC NULLS LAST`;
      break;
    default:
      first = descending ? desc(device.nameKey) : asc(device.nameKey);
  }
  return [first, asc(device.id)];
}

export async function listDevices(db: Db, owner: string, query: DeviceListQuery) {
  const own = searchTerms(query.q, device.search, device.searchCompact, searchIndexOf(device));
  // The machine's name is searched too (as it is now: it is the machine's, not copied into the device).
  const byMachineName = searchTerms(query.q, machine.nameKey, machine.nameKey, searchIndexOf(machine));
  const filters: (SQL | undefined)[] = [];
  if (query.filters.status) filters.push(eq(device.status, query.filters.status));
  let search: SQL | undefined;
  if (own && byMachineName) {
    // The matching machines once (an uncorrelated subquery), not a look-up per device: 10 000 gateways searched in
    // about a third of the time on the large seed.
    const machineMatches = db
      .select({ id: machine.id })
      .from(machine)
      .where(and(ownedBy(machine.ownerUid, owner, byMachineName.candidates !== null), byMachineName.condition));
    if (own.candidates && byMachineName.candidates) {
      // The candidates: the device index's, or the gateways of the matching machines (the owner's index on
      // machine_id) — rowids both, so the total looks them up (SQLite's MULTI-INDEX OR) and the page's walk tests each
      // index entry, neither reading every gateway to test its machine. A row the exact test keeps is among them, so
      // the answer is the scan's.
      const ofMatchingMachines = db
        .select({ rowid: rowidOf(device) })
        .from(device)
        .where(and(eq(device.ownerUid, owner), inArray(device.machineId, machineMatches)));
      search = and(or(own.candidates, inArray(rowidOf(device), ofMatchingMachines)), or(own.exact, inArray(device.machineId, machineMatches)));
    } else {
      search = or(own.condition, inArray(device.machineId, machineMatches));
    }
  }
  // The total reads the candidates by rowid when both indexes serve the needle (shared/list.ts, listWhere).
  const byRowid = own?.candidates != null && byMachineName?.candidates != null;
  const where = listWhere(device.ownerUid, owner, filters, search ? { condition: search, counted: search, byRowid } : null);
  const [rows, totals] = await db.batch([
    // The page's rowids first, then its rows with their machine and order (shared/list.ts, pageRowids).
    selectDevices(db)
      .where(and(ownedBy(device.ownerUid, owner, true), pageRowids(db, device, where.page, deviceOrder(query.sort), query)))
      .orderBy(...deviceOrder(query.sort)),
    db.select({ total: count() }).from(device).where(where.total),
  ]);
  return { rows: rows.map(toJson), total: totals[0]?.total ?? 0 };
}

export async function findDevice(db: Db, owner: string, id: string): Promise<DeviceJson | null> {
  const [found] = await selectDevices(db)
    .where(and(eq(device.ownerUid, owner), eq(device.id, id)))
    .limit(1);
  return found ? toJson(found) : null;
}

/** The device's last status changes (online/offline, from the hubs), newest first. */
export async function statusHistory(db: Db, owner: string, deviceId: string, limit: number) {
  return db
    .select({ status: deviceStatusEvent.status, changedAt: deviceStatusEvent.at })
    .from(deviceStatusEvent)
    .where(and(eq(deviceStatusEvent.ownerUid, owner), eq(deviceStatusEvent.deviceId, deviceId)))
    .orderBy(desc(deviceStatusEvent.at), desc(deviceStatusEvent.id))
    .limit(limit);
}

/** The gateway a (normalised) setup code names, whoever owns it: the claim's and the look-up's question. */
export async function findBySetupCode(db: Db, code: string): Promise<(DeviceJson & { ownerUid: string | null }) | null> {
  const [found] = await selectDevices(db).where(eq(device.setupCode, code)).limit(1);
  return found ? { ...toJson(found), ownerUid: found.row.ownerUid } : null;
}

export async function listConnections(db: Db, owner: string, deviceId: string, query: DeviceConnectionListQuery) {
  const where = and(eq(deviceConnection.ownerUid, owner), eq(deviceConnection.deviceId, deviceId));
  const first = query.sort === 'startedAt' ? asc(deviceConnection.startedAt) : desc(deviceConnection.startedAt);
  const [rows, totals] = await db.batch([
    db
      .select()
      .from(deviceConnection)
      .where(where)
      .orderBy(first, asc(deviceConnection.id))
      .limit(query.perPage)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(deviceConnection).where(where),
  ]);
  return { rows: rows.map(({ ownerUid: _owner, ...connection }) => connection), total: totals[0]?.total ?? 0 };
}
