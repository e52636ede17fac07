/** /customer's SQL: every statement names the owner. */
import { and, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { CustomerInput, CustomerListQuery } from '@/contracts/customer';
import type { Db } from '../../../shared/app-env';
import { listWhere, ownedBy, pageRowids, sortOrder } from '../../../shared/list';
import { searchColumns, searchIndexOf, searchTerms, sortKey } from '../../../shared/search';
import { customer, machine } from '../../db/fleet-schema';

export type CustomerRow = typeof customer.$inferSelect;

/** The customer as the API answers it (before times are serialised). */
export function customerJson(row: CustomerRow, machineCount: number) {
  return {
    id: row.id,
    name: row.name,
    tradeName: row.tradeName,
    cnpj: row.cnpj,
    email: row.email,
    phone: row.phone,
    city: row.city,
    uf: row.uf,
    requireFactoryApproval: row.requireFactoryApproval,
    machineCount,
    version: row.version,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The columns worked out from the input: sort keys and search texts (razão social, nome fantasia, CNPJ, city). */
export function derivedColumns(input: CustomerInput) {
  return {
    nameKey: sortKey(input.name),
    tradeNameKey: sortKey(input.tradeName),
    cityKey: sortKey(input.city),
    ...searchColumns([input.name, input.tradeName, input.cnpj, input.city]),
  };
}

// Written out with table names: Drizzle leaves the columns of a single-table select unqualified inside `sql`, so
// `${machine.ownerUid} = ${customer.ownerUid}` would compare the machine's column with itself.
const machineCount = sql<number>`(SELECT count(*) FROM machine AS m WHERE m.owner_uid = "customer"."owner_uid" AND m.customer_id = "customer"."id")`;

const SORTS = {
  name: customer.nameKey,
  tradeName: customer.tradeNameKey,
  city: customer.cityKey,
  createdAt: customer.createdAt,
};

export async function listCustomers(db: Db, owner: string, query: CustomerListQuery) {
  const search = searchTerms(query.q, customer.search, customer.searchCompact, searchIndexOf(customer));
  const filters: (SQL | undefined)[] = [];
  if (query.filters.uf) filters.push(eq(customer.uf, query.filters.uf));
  const where = listWhere(customer.ownerUid, owner, filters, search);
  const [rows, totals] = await db.batch([
    db
      .select({ row: customer, machineCount })
      .from(customer)
      // The page's rowids first, then its rows with their machine counts (shared/list.ts, pageRowids).
      .where(and(ownedBy(customer.ownerUid, owner, true), pageRowids(db, customer, where.page, sortOrder(query.sort, SORTS, customer.id), query)))
      .orderBy(...sortOrder(query.sort, SORTS, customer.id)),
    db.select({ total: count() }).from(customer).where(where.total),
  ]);
  return { rows: rows.map(({ row, machineCount: n }) => customerJson(row, n)), total: totals[0]?.total ?? 0 };
}

export async function findCustomer(db: Db, owner: string, id: string) {
  const [found] = await db
    .select({ row: customer, machineCount })
    .from(customer)
    .where(and(eq(customer.ownerUid, owner), eq(customer.id, id)))
    .limit(1);
  return found ? customerJson(found.row, found.machineCount) : null;
}

export async function cnpjTaken(db: Db, owner: string, cnpj: string, exceptId: string | null): Promise<boolean> {
  const [found] = await db
    .select({ id: customer.id })
    .from(customer)
    .where(and(eq(customer.ownerUid, owner), eq(customer.cnpj, cnpj), exceptId ? ne(customer.id, exceptId) : undefined))
    .limit(1);
  return found !== undefined;
}

export async function machinesAt(db: Db, owner: string, id: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(machine)
    .where(and(eq(machine.ownerUid, owner), eq(machine.customerId, id)));
  return row?.n ?? 0;
}
