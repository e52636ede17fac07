/**
 * The back office's dashboard (`GET /backoffice/dashboard?tz=`): the platform at a glance, each figure the count of
 * a list staff can open.
 */
import type { OrderStatus } from './commerce';

/** Days of the orders-per-day chart, ending today (in the staff member's time zone). */
export const BACKOFFICE_DASHBOARD_DAYS = 14;

export interface BackofficeDashboard<Time = Date> {
  timeZone: string;
  /** Orders of every builder, per status (every status present, 0 included). */
  ordersByStatus: Record<OrderStatus, number>;
  /** Paid orders' totals in centavos, counted in the month of their payment (`month`: `YYYY-MM`, the current one). */
  revenue: { month: string; total: number; orders: number };
  assemblers: number;
  gateways: { total: number; online: number };
  vpnUsers: { active: number; expiringSoon: number };
  /** Orders placed per calendar day, oldest first (`YYYY-MM-DD`). */
  ordersPerDay: Array<{ date: string; count: number }>;
  generatedAt: Time;
}
