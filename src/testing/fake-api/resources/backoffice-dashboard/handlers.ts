/**
 * GET /backoffice/dashboard?tz=America/Sao_Paulo (staff only): orders per status, this month's revenue (the totals
 * of orders paid this month, in the staff member's time zone), builders, gateways online, active VPN users and those
 * whose access ends within 7 days, and orders placed per day over the last 14 days.
 */
import { HttpResponse, http } from 'msw';
import { BACKOFFICE_DASHBOARD_DAYS, type BackofficeDashboard } from '@/contracts/backoffice-dashboard';
import { ORDER_STATUSES, type OrderStatus } from '@/contracts/commerce';
import { DEFAULT_TIME_ZONE, isTimeZone } from '@/contracts/dashboard';
import { VPN_EXPIRING_SOON_DAYS, vpnUserStatus } from '@/contracts/vpn';
import type { DemoData } from '@/testing/fake-api/db';
import { authenticateAdmin, serialize, validationError, type HandlerContext } from '@/testing/fake-api/http';
import { dayKeyFormatter, lastDays } from '../dashboard/handlers';

const DAY_MS = 24 * 60 * 60 * 1000;
const PAID: ReadonlySet<OrderStatus> = new Set<OrderStatus>(['pago', 'em-separacao', 'enviado', 'entregue']);

export function backofficeDashboard(data: DemoData, timeZone: string, now = Date.now()): BackofficeDashboard<number> {
  const dayOf = dayKeyFormatter(timeZone);
  const today = dayOf(now);
  const month = today.slice(0, 7);

  const ordersByStatus = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<OrderStatus, number>;
  const days = lastDays(today, BACKOFFICE_DASHBOARD_DAYS);
  const perDay = new Map(days.map((date) => [date, 0]));
  const revenue = { month, total: 0, orders: 0 };
  for (const order of data.orders) {
    ordersByStatus[order.status] += 1;
    const placed = perDay.get(dayOf(order.createdAt));
    if (placed !== undefined) perDay.set(dayOf(order.createdAt), placed + 1);
    const paidAt = order.payment.paidAt;
    if (PAID.has(order.status) && paidAt !== null && dayOf(paidAt).startsWith(month)) {
      revenue.total += order.total;
      revenue.orders += 1;
    }
  }

  let active = 0;
  let expiringSoon = 0;
  for (const user of data.vpnUsers) {
    if (vpnUserStatus(user, now) !== 'ativo') continue;
    active += 1;
    if (user.expiresAt !== null && user.expiresAt - now <= VPN_EXPIRING_SOON_DAYS * DAY_MS) expiringSoon += 1;
  }

  return {
    timeZone,
    ordersByStatus,
    revenue,
    assemblers: data.assemblers.length,
    gateways: {
      total: data.devices.filter((device) => device.ownerUid !== null).length,
      online: data.devices.filter((device) => device.ownerUid !== null && device.status === 'online').length,
    },
    vpnUsers: { active, expiringSoon },
    ordersPerDay: days.map((date) => ({ date, count: perDay.get(date) ?? 0 })),
    generatedAt: now,
  };
}

export function backofficeDashboardHandlers(ctx: HandlerContext) {
  const { db, apiUrl } = ctx;
  return [
    http.get(`${apiUrl}/backoffice/dashboard`, ({ request }) => {
      const auth = authenticateAdmin(request, ctx);
      if ('response' in auth) return auth.response;
      const timeZone = new URL(request.url).searchParams.get('tz') ?? DEFAULT_TIME_ZONE;
      if (!isTimeZone(timeZone)) return validationError('Fuso horário desconhecido.', 'tz');
      return HttpResponse.json(serialize(backofficeDashboard(db.data, timeZone)) as Record<string, unknown>);
    }),
  ];
}
