/**
 * The back office dashboard's SQL: platform-wide figures for the staff (no owner in these WHEREs on purpose — the
 * route is 'staff' and counts every builder). One batch; the day and month boundaries are the staff member's
 * time zone's (`days.ts`).
 */
import { and, count, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { BACKOFFICE_DASHBOARD_DAYS, type BackofficeDashboard } from '@/contracts/backoffice-dashboard';
import { ORDER_STATUSES, type OrderStatus } from '@/contracts/commerce';
import { ORDER_FLOW } from '@/contracts/order';
import type { Db } from '../../../shared/app-env';
import { assembler } from '../../../shared/db/core-schema';
import { purchaseOrder } from '../../db/commerce-schema';
import { device } from '../../db/device-schema';
import { dayKeyFormatter, lastDays, nextDay, nextMonthStart, startOfDay } from '../../../shared/days';
import { vpnUserFiguresQuery } from './vpn-users';

/** Statuses of an order that was paid (whatever happened after, cancellation aside). */
const PAID: OrderStatus[] = ORDER_FLOW.filter((status) => status !== 'aguardando-pagamento');

export async function backofficeDashboard(db: Db, timeZone: string, now = Date.now()): Promise<BackofficeDashboard<number>> {
  const dayOf = dayKeyFormatter(timeZone);
  const today = dayOf(now);
  const month = today.slice(0, 7);
  const days = lastDays(today, BACKOFFICE_DASHBOARD_DAYS);
  const monthFrom = startOfDay(`${month}-01`, timeZone);
  const monthTo = startOfDay(nextMonthStart(month), timeZone);
  const daysFrom = startOfDay(days[0] ?? today, timeZone);
  const daysTo = startOfDay(nextDay(today), timeZone);

  const [statuses, revenue, placed, assemblers, gateways, vpnUsers] = await db.batch([
    db.select({ status: purchaseOrder.status, n: count() }).from(purchaseOrder).groupBy(purchaseOrder.status),
    db
      .select({ total: sql<number>`coalesce(sum(${purchaseOrder.total}), 0)`, orders: count() })
      .from(purchaseOrder)
      .where(and(inArray(purchaseOrder.status, PAID), gte(purchaseOrder.paidAt, monthFrom), lt(purchaseOrder.paidAt, monthTo))),
    db
      .select({ createdAt: purchaseOrder.createdAt })
      .from(purchaseOrder)
      .where(and(gte(purchaseOrder.createdAt, daysFrom), lt(purchaseOrder.createdAt, daysTo))),
    db.select({ n: count() }).from(assembler),
    db
      .select({ total: count(), online: sql<number>`coalesce(sum(${device.status} = 'online'), 0)` })
      .from(device)
      .where(isNotNull(device.ownerUid)),
    vpnUserFiguresQuery(db, now),
  ]);

  const ordersByStatus = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<OrderStatus, number>;
  for (const { status, n } of statuses) ordersByStatus[status] = n;
  const perDay = new Map(days.map((date) => [date, 0]));
  for (const { createdAt } of placed) {
    const key = dayOf(createdAt);
    const current = perDay.get(key);
    if (current !== undefined) perDay.set(key, current + 1);
  }

  return {
    timeZone,
    ordersByStatus,
    revenue: { month, total: revenue[0]?.total ?? 0, orders: revenue[0]?.orders ?? 0 },
    assemblers: assemblers[0]?.n ?? 0,
    gateways: { total: gateways[0]?.total ?? 0, online: gateways[0]?.online ?? 0 },
    vpnUsers: { active: vpnUsers[0]?.active ?? 0, expiringSoon: vpnUsers[0]?.expiringSoon ?? 0 },
    ordersPerDay: days.map((date) => ({ date, count: perDay.get(date) ?? 0 })),
    generatedAt: now,
  };
}
