/**
 * How an order moves, as statements for one batch: a timeline entry with who and when, the order's row (status,
 * version bumped), and — becoming paid — its devices. Statements on an existing order are guarded by a condition
 * on the order's row (e.g. "still awaiting payment"): D1 runs a batch as one transaction, so either the whole
 * change applies or nothing does, whatever came in between the read and the write.
 */
import { and, eq, getTableColumns, sql, type Column, type SQL } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { BatchItem } from 'drizzle-orm/batch';
import type { OrderStatus } from '@/contracts/commerce';
import type { OrderActor } from '@/contracts/order';
import type { Db } from '../../../shared/app-env';
import { orderTimeline, purchaseOrder } from '../../db/commerce-schema';
import { device } from '../../db/device-schema';
import type { DeviceInsert } from './provision';

export type Statement = BatchItem<'sqlite'>;

/** Rows per guarded INSERT: every column is a bound value, under D1's 100 parameters with the guard's. */
const MAX_GUARDED_PARAMETERS = 90;

/** Device rows per unguarded INSERT (Drizzle binds every column). */
const DEVICES_PER_STATEMENT = 4;

/** "The order is as we read it": `owner`'s order `id` with `status` (the guard of a move). */
export function orderIs(owner: string, id: string, status: OrderStatus): SQL {
  return sql`EXISTS (SELECT 1 FROM ${purchaseOrder} AS g WHERE g.owner_uid = ${owner} AND g.id = ${id} AND g.status = ${status})`;
}

/**
 * INSERTs of `rows` that apply only while `guard` holds (`INSERT … SELECT * FROM (VALUES …) WHERE guard`): a
 * Drizzle insert builder, so it can go in a batch (a raw statement with parameters cannot). Every insertable
 * column of the table, in its order, as Drizzle maps it.
 */
export function guardedInserts<T extends SQLiteTable>(db: Db, table: T, rows: readonly T['$inferInsert'][], guard: SQL): Statement[] {
  // These tables have no generated columns: Drizzle inserts every column, in this order.
  const columns = Object.entries(getTableColumns(table) as Record<string, Column>);
  const perStatement = Math.max(1, Math.floor(MAX_GUARDED_PARAMETERS / columns.length));
  const tuple = (row: Record<string, unknown>) =>
    sql`(${sql.join(
      columns.map(([key, column]) => {
        const value = row[key] ?? column.default;
        return value === undefined || value === null ? sql`NULL` : sql`${column.mapToDriverValue(value)}`;
      }),
      sql`, `,
    )})`;
  const statements: Statement[] = [];
  for (let index = 0; index < rows.length; index += perStatement) {
    const chunk = rows.slice(index, index + perStatement) as Array<Record<string, unknown>>;
    const values = sql.join(chunk.map(tuple), sql`, `);
    statements.push(db.insert(table).select(sql`SELECT * FROM (VALUES ${values}) WHERE ${guard}`) as unknown as Statement);
  }
  return statements;
}

/** A timeline entry; with a guard, inserted only while it holds. */
export function timelineInsert(
  db: Db,
  entry: { orderId: string; ownerUid: string; status: OrderStatus; at: number; actor: OrderActor; note: string | null },
  guard?: SQL,
): Statement {
  const row = {
    orderId: entry.orderId,
    ownerUid: entry.ownerUid,
    status: entry.status,
    at: entry.at,
    actorKind: entry.actor.kind,
    actorName: entry.actor.name,
    note: entry.note?.trim() || null,
  };
  if (!guard) return db.insert(orderTimeline).values(row);
  const [statement] = guardedInserts(db, orderTimeline, [row], guard);
  if (!statement) throw new Error('timelineInsert: no statement');
  return statement;
}

/** The devices' INSERTs (chunked); with a guard, inserted only while it holds. */
export function deviceInserts(db: Db, rows: readonly DeviceInsert[], guard?: SQL): Statement[] {
  if (guard) return guardedInserts(db, device, rows, guard);
  const statements: Statement[] = [];
  for (let index = 0; index < rows.length; index += DEVICES_PER_STATEMENT) {
    statements.push(db.insert(device).values(rows.slice(index, index + DEVICES_PER_STATEMENT)));
  }
  return statements;
}

/** The new version and a later updatedAt of a change at `at`. */
export function touched(at: number) {
  return { version: sql`${purchaseOrder.version} + 1`, updatedAt: sql`max(${at}, ${purchaseOrder.updatedAt} + 1)` };
}

/**
 * An order awaiting payment becomes paid at `at` (by the platform): its timeline entry, its devices and its row,
 * each guarded by "still awaiting payment". The last statement returns the order's id when it applied.
 */
export function payStatements(
  db: Db,
  order: { id: string; ownerUid: string },
  at: number,
  actor: OrderActor,
  note: string,
  devices: readonly DeviceInsert[],
  /** More statements guarded by "still awaiting payment" (they must run before the row changes). */
  guarded: (guard: SQL) => Statement[] = () => [],
): Statement[] {
  const guard = orderIs(order.ownerUid, order.id, 'aguardando-pagamento');
  return [
    timelineInsert(db, { orderId: order.id, ownerUid: order.ownerUid, status: 'pago', at, actor, note }, guard),
    ...deviceInserts(db, devices, guard),
    ...guarded(guard),
    db
      .update(purchaseOrder)
      .set({ status: 'pago', paidAt: sql`coalesce(${purchaseOrder.paidAt}, ${at})`, confirmingSince: null, paysAt: null, ...touched(at) })
      .where(
        and(eq(purchaseOrder.ownerUid, order.ownerUid), eq(purchaseOrder.id, order.id), eq(purchaseOrder.status, 'aguardando-pagamento')),
      )
      .returning({ id: purchaseOrder.id }),
  ];
}
