/** /dashboard's figures: counts of the caller's records, and its connections by day and latest. */
import { and, count, desc, asc, eq, gte, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import { CLOSED_ORDER_STATUSES, DASHBOARD_DAYS, DASHBOARD_LATEST, type DashboardSummary } from '@/contracts/dashboard';
import type { Db } from '../../../shared/app-env';
import { purchaseOrder } from '../../db/commerce-schema';
import { device, deviceConnection } from '../../db/device-schema';
import { customer, machine, machineModel } from '../../db/fleet-schema';
import { dayKeyFormatter, lastDays, nextDay, startOfDay } from '../../../shared/days';

export async function dashboardSummary(db: Db, owner: string): Promise<DashboardSummary> {
  const [customers, models, machines, devices, orders] = await db.batch([
    db.select({ n: count() }).from(customer).where(eq(customer.ownerUid, owner)),
    db.select({ n: count() }).from(machineModel).where(eq(machineModel.ownerUid, owner)),
    db.select({ n: count() }).from(machine).where(eq(machine.ownerUid, owner)),
    db.select({ status: device.status, n: count() }).from(device).where(eq(device.ownerUid, owner)).groupBy(device.status),
    db
      .select({ n: count() })
      .from(purchaseOrder)
      .where(and(eq(purchaseOrder.ownerUid, owner), notInArray(purchaseOrder.status, [...CLOSED_ORDER_STATUSES]))),
  ]);
  const byStatus = (status: string) => devices.find((row) => row.status === status)?.n ?? 0;
  return {
    customers: customers[0]?.n ?? 0,
    machineModels: models[0]?.n ?? 0,
    machines: machines[0]?.n ?? 0,
    devices: {
      total: devices.reduce((sum, row) => sum + row.n, 0),
      online: byStatus('online'),
      offline: byStatus('offline'),
      neverConnected: byStatus('never-connected'),
    },
    openOrders: orders[0]?.n ?? 0,
  };
}

/**
 * Connections started on each of the last {@link DASHBOARD_DAYS} calendar days of `timeZone` (oldest first, today
 * last) — counted in SQL between the days' midnights there — and the {@link DASHBOARD_LATEST} latest ones with
 * their gateway's and machine's names.
 */
export async function dashboardConnections(db: Db, owner: string, timeZone: string, now: number) {
  const dayOf = dayKeyFormatter(timeZone);
  const days = lastDays(dayOf(now), DASHBOARD_DAYS);
  const bounds = [...days, nextDay(days.at(-1) ?? '')].map((date) => startOfDay(date, dayOf));
  const startedAt = deviceConnection.startedAt;
  const cases = bounds.slice(1, -1).map((bound, index) => sql`WHEN ${startedAt} < ${bound} THEN ${index}`);
  const dayIndex = sql<number>`CASE ${sql.join(cases, sql` `)} ELSE ${days.length - 1} END`.as('day_index');
  const mine: SQL | undefined = and(
    eq(deviceConnection.ownerUid, owner),
    gte(startedAt, bounds[0] ?? now),
    lt(startedAt, bounds.at(-1) ?? now),
  );
  const [perDay, latest] = await db.batch([
    db.select({ day: dayIndex, n: count() }).from(deviceConnection).where(mine).groupBy(sql`day_index`),
    db
      .select({
        id: deviceConnection.id,
        deviceId: deviceConnection.deviceId,
        machineId: deviceConnection.machineId,
        userName: deviceConnection.userName,
        startedAt,
        endedAt: deviceConnection.endedAt,
        // Aliased: D1 answers rows keyed by column name, and both joined tables have a `name`.
        deviceName: sql<string | null>`${device.name}`.as('j_device_name'),
        machineName: sql<string | null>`${machine.name}`.as('j_machine_name'),
      })
      .from(deviceConnection)
      .leftJoin(device, and(eq(device.ownerUid, owner), eq(device.id, deviceConnection.deviceId)))
      .leftJoin(machine, and(eq(machine.ownerUid, owner), eq(machine.id, deviceConnection.machineId)))
      .where(eq(deviceConnection.ownerUid, owner))
      .orderBy(desc(startedAt), asc(deviceConnection.id))
      .limit(DASHBOARD_LATEST),
  ]);
  const counts = new Map(perDay.map((row) => [Number(row.day), row.n]));
  return {
    timeZone,
    days: days.map((date, index) => ({ date, count: counts.get(index) ?? 0 })),
    latest: latest.map((row) => ({
      id: row.id,
      deviceId: row.deviceId,
      deviceName: row.deviceName ?? '',
      machineId: row.machineId,
      machineName: row.machineId ? row.machineName : null,
      userName: row.userName,
      startedAt: row.startedAt,
      endedAt: row.endedAt,
    })),
  };
}
