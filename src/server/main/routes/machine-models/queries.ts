/** /machine-model's SQL: every statement names the owner. */
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { MachineModelInput, MachineModelListQuery, MachineService } from '@/contracts/machine-model';
import type { Db } from '../../../shared/app-env';
import { offsetOf } from '../../../shared/list';
import { foldText, searchColumns, searchCondition, sortKey } from '../../../shared/search';
import { machine, machineModel } from '../../db/fleet-schema';
import { sortMissingLast } from '../machines/sort';

export type MachineModelRow = typeof machineModel.$inferSelect;

/** A services column (JSON text) as the list of services; anything unreadable is none. */
export function parseServices(text: string | null): MachineService[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as MachineService[]) : [];
  } catch {
    return [];
  }
}

export const servicesText = (services: readonly MachineService[]) =>
  JSON.stringify(services.map(({ name, protocol, port }) => ({ name, protocol, port })));

/** The model as the API answers it (before times are serialised). */
export function machineModelJson(row: MachineModelRow, machineCount: number) {
  return {
    id: row.id,
    name: row.name,
    manufacturer: row.manufacturer,
    category: row.category,
    description: row.description,
    services: parseServices(row.services),
    machineCount,
    version: row.version,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The stored columns of an input: services as JSON, sort keys and the search text (name, manufacturer, category). */
export function modelColumns(input: MachineModelInput) {
  return {
    name: input.name,
    manufacturer: input.manufacturer,
    category: input.category,
    description: input.description,
    services: servicesText(input.services),
    nameKey: sortKey(input.name),
    manufacturerKey: sortKey(input.manufacturer),
    categoryKey: sortKey(input.category),
    ...searchColumns([input.name, input.manufacturer, input.category]),
  };
}

// Written out with its own alias: drizzle leaves columns unqualified in a single-table select, which would make
// `model_id = id` compare the machine with itself.
const machineCount = sql<number>`(SELECT count(*) FROM "machine" AS "m" WHERE "m"."owner_uid" = "machine_model"."owner_uid" AND "m"."model_id" = "machine_model"."id")`;

const SORTS = {
  name: machineModel.nameKey,
  manufacturer: machineModel.manufacturerKey,
  category: machineModel.categoryKey,
  createdAt: machineModel.createdAt,
};
const OPTIONAL_SORTS = new Set(['manufacturer', 'category']);

export async function listMachineModels(db: Db, owner: string, query: MachineModelListQuery) {
  const conditions: (SQL | undefined)[] = [eq(machineModel.ownerUid, owner)];
  if (query.filters.category !== undefined) conditions.push(eq(machineModel.categoryKey, foldText(query.filters.category.trim())));
  conditions.push(searchCondition(query.q, machineModel.search, machineModel.searchCompact) ?? undefined);
  const where = and(...conditions);
  const [rows, totals] = await db.batch([
    db
      .select({ row: machineModel, machineCount })
      .from(machineModel)
      .where(where)
      .orderBy(...sortMissingLast(query.sort, SORTS, OPTIONAL_SORTS, machineModel.id))
      .limit(query.perPage)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(machineModel).where(where),
  ]);
  return { rows: rows.map(({ row, machineCount: n }) => machineModelJson(row, n)), total: totals[0]?.total ?? 0 };
}

export async function findMachineModel(db: Db, owner: string, id: string) {
  const [found] = await db
    .select({ row: machineModel, machineCount })
    .from(machineModel)
    .where(and(eq(machineModel.ownerUid, owner), eq(machineModel.id, id)))
    .limit(1);
  return found ? machineModelJson(found.row, found.machineCount) : null;
}

export async function machinesOfModel(db: Db, owner: string, id: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(machine)
    .where(and(eq(machine.ownerUid, owner), eq(machine.modelId, id)));
  return row?.n ?? 0;
}
