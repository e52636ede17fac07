/**
 * /machine's reads: every statement names the owner. A machine is answered with its model's and customer's names
 * and its gateway's summary, joined (each join on the owner's rows too) for the rows of one page only.
 */
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { MachineInput, MachineListQuery } from '@/contracts/machine';
import type { MachineService } from '@/contracts/machine-model';
import type { Db } from '../../../shared/app-env';
import { listWhere, offsetOf, onPage, ownedBy, rowidOf } from '../../../shared/list';
import { searchColumns, searchIndexOf, searchTerms, sortKey } from '../../../shared/search';
import { device } from '../../db/device-schema';
import { customer, machine, machineModel } from '../../db/fleet-schema';
import { parseServices, servicesText } from '../machine-models/queries';
import { sortMissingLast } from './sort';

export type MachineRow = typeof machine.$inferSelect;

export interface DeviceSummary {
  id: string;
  name: string;
  serialNumber: string;
  status: (typeof device.$inferSelect)['status'];
  lastSeenAt: number | null;
}

/** What a machine's answer takes from other tables. */
export interface MachineJoin {
  modelName: string | null;
  modelServices: string | null;
  customerName: string | null;
  device: DeviceSummary | null;
}

/** The machine as the API answers it (before times are serialised). */
export function machineJson(row: MachineRow, join: MachineJoin) {
  return {
    id: row.id,
    name: row.name,
    serialNumber: row.serialNumber,
    modelId: row.modelId,
    modelName: join.modelName ?? '',
    customerId: row.customerId,
    customerName: row.customerId ? join.customerName : null,
    deviceId: row.deviceId,
    device: row.deviceId ? join.device : null,
    site: row.site,
    lanSubnet: row.lanSubnet,
    tunnelSubnet: row.tunnelSubnet ?? null,
    // Rows stored without services show the model's.
    services: row.services === null ? parseServices(join.modelServices) : parseServices(row.services),
    version: row.version,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export type MachineJson = ReturnType<typeof machineJson>;

/** A machine's own fields (an input, or a demo seed record: services null there means the model's). */
export type MachineFields = Pick<MachineInput, 'name' | 'serialNumber' | 'modelId' | 'site' | 'lanSubnet'> & {
  customerId: string | null;
  services: readonly MachineService[] | null;
};

/** The fields as stored (the gateway is set by the write itself), with sort keys and the search text. */
export function machineColumns(input: MachineFields) {
  return {
    name: input.name,
    serialNumber: input.serialNumber,
    modelId: input.modelId,
    customerId: input.customerId,
    site: input.site,
    lanSubnet: input.lanSubnet,
    services: input.services === null ? null : servicesText(input.services),
    nameKey: sortKey(input.name),
    serialNumberKey: sortKey(input.serialNumber),
    siteKey: sortKey(input.site),
    ...searchColumns([input.name, input.serialNumber, input.site]),
  };
}

/**
 * Joined columns under names of their own: D1 answers rows keyed by column name, so a joined `name` or `id` would
 * overwrite the machine's.
 */
const joined = <T>(column: Parameters<typeof sql>[1], alias: string) => sql<T>`${column}`.as(alias);

/** The select of machines joined with their model, customer and gateway (all the owner's). */
function joinedSelect(db: Db, owner: string) {
  return db
    .select({
      row: machine,
      modelName: joined<string | null>(machineModel.name, 'j_model_name'),
      modelServices: joined<string | null>(machineModel.services, 'j_model_services'),
      customerName: joined<string | null>(customer.name, 'j_customer_name'),
      deviceId: joined<string | null>(device.id, 'j_device_id'),
      deviceName: joined<string | null>(device.name, 'j_device_name'),
      deviceSerialNumber: joined<string | null>(device.serialNumber, 'j_device_serial_number'),
      deviceStatus: joined<DeviceSummary['status'] | null>(device.status, 'j_device_status'),
      deviceLastSeenAt: joined<number | null>(device.lastSeenAt, 'j_device_last_seen_at'),
    })
    .from(machine)
    .leftJoin(machineModel, and(eq(machineModel.ownerUid, owner), eq(machineModel.id, machine.modelId)))
    .leftJoin(customer, and(eq(customer.ownerUid, owner), eq(customer.id, machine.customerId)))
    .leftJoin(device, and(eq(device.ownerUid, owner), eq(device.id, machine.deviceId)));
}

type JoinedRow = Awaited<ReturnType<ReturnType<typeof joinedSelect>['all']>>[number];

function fromJoined(found: JoinedRow) {
  const summary =
    found.deviceId !== null && found.deviceName !== null && found.deviceSerialNumber !== null && found.deviceStatus !== null
      ? {
          id: found.deviceId,
          name: found.deviceName,
          serialNumber: found.deviceSerialNumber,
          status: found.deviceStatus,
          lastSeenAt: found.deviceLastSeenAt,
        }
      : null;
  return machineJson(found.row, {
    modelName: found.modelName,
    modelServices: found.modelServices,
    customerName: found.customerName,
    device: summary,
  });
}

const SORTS = {
  name: machine.nameKey,
  serialNumber: machine.serialNumberKey,
  modelName: machineModel.nameKey,
  customerName: customer.nameKey,
  site: machine.siteKey,
  createdAt: machine.createdAt,
};
const OPTIONAL_SORTS = new Set(['serialNumber', 'modelName', 'customerName', 'site']);

export async function listMachines(db: Db, owner: string, query: MachineListQuery) {
  const search = searchTerms(query.q, machine.search, machine.searchCompact, searchIndexOf(machine));
  const filters: (SQL | undefined)[] = [];
  if (query.filters.customer !== undefined) filters.push(eq(machine.customerId, query.filters.customer));
  if (query.filters.model !== undefined) filters.push(eq(machine.modelId, query.filters.model));
  const where = listWhere(machine.ownerUid, owner, filters, search);
  const order = sortMissingLast(query.sort, SORTS, OPTIONAL_SORTS, machine.id);
  // The page's rowids first (shared/list.ts, pageRowids): on the owner's index of the sort; the model's or the
  // customer's name, when sorted by, joined there by primary key (no gateway, no services read).
  const rowid = rowidOf(machine);
  let page = db.select({ rowid }).from(machine).$dynamic();
  if (query.sort.endsWith('modelName')) page = page.leftJoin(machineModel, and(eq(machineModel.ownerUid, owner), eq(machineModel.id, machine.modelId)));
  if (query.sort.endsWith('customerName')) page = page.leftJoin(customer, and(eq(customer.ownerUid, owner), eq(customer.id, machine.customerId)));
  const [rows, totals] = await db.batch([
    joinedSelect(db, owner)
      .where(and(ownedBy(machine.ownerUid, owner, true), onPage(rowid, page.where(where.page).orderBy(...order).limit(query.perPage).offset(offsetOf(query)))))
      .orderBy(...order),
    db.select({ total: count() }).from(machine).where(where.total),
  ]);
  return { rows: rows.map(fromJoined), total: totals[0]?.total ?? 0 };
}

export async function findMachine(db: Db, owner: string, id: string): Promise<MachineJson | null> {
  const [found] = await joinedSelect(db, owner)
    .where(and(eq(machine.ownerUid, owner), eq(machine.id, id)))
    .limit(1);
  return found ? fromJoined(found) : null;
}
