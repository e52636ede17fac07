/**
 * /dashboard, read-only figures of the caller's records (src/contracts/dashboard.ts):
 *
 * - `GET /dashboard/summary`: customers, machine models, machines, gateways per status, open orders.
 * - `GET /dashboard/connections?tz=America/Sao_Paulo`: connections started on each of the last 7 calendar days
 *   of that time zone (400 for an unknown zone), and the 5 latest connections with device and machine names.
 */
import { HttpResponse, http } from 'msw';
import {
  CLOSED_ORDER_STATUSES,
  DASHBOARD_DAYS,
  DASHBOARD_LATEST,
  DEFAULT_TIME_ZONE,
  isTimeZone,
  type DashboardConnection,
  type DashboardConnections,
  type DashboardSummary,
} from '@/contracts/dashboard';
import { owned } from '@/testing/fake-api/collection';
import type { DemoData } from '@/testing/fake-api/db';
import { authenticate, serialize, validationError, type HandlerContext } from '@/testing/fake-api/http';
import type { Principal } from '@/testing/fake-api/token';

const DAY_MS = 24 * 60 * 60 * 1000;
const CLOSED = new Set<string>(CLOSED_ORDER_STATUSES);

export function dashboardSummary(data: DemoData, principal: Principal): DashboardSummary {
  const devices = owned(data.devices, principal);
  const count = (status: string) => devices.filter((device) => device.status === status).length;
  return {
    customers: owned(data.customers, principal).length,
    machineModels: owned(data.machineModels, principal).length,
    machines: owned(data.machines, principal).length,
    devices: {
      total: devices.length,
      online: count('online'),
      offline: count('offline'),
      neverConnected: count('never-connected'),
    },
    openOrders: data.orders.filter((order) => order.ownerUid === principal.uid && !CLOSED.has(order.status)).length,
  };
}

/** `YYYY-MM-DD` of an instant in a time zone. */
export function dayKeyFormatter(timeZone: string): (ms: number) => string {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return (ms) => {
    const parts = Object.fromEntries(format.formatToParts(ms).map((part) => [part.type, part.value]));
    return `${parts.year}-${parts.month}-${parts.day}`;
  };
}

/** The last `count` calendar days ending with today's `YYYY-MM-DD`, oldest first. */
export function lastDays(today: string, count: number): string[] {
  const [year, month, day] = today.split('-').map(Number);
  const base = Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1);
  return Array.from({ length: count }, (_, i) => new Date(base - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

export function dashboardConnections(
  data: DemoData,
  principal: Principal,
  timeZone: string,
  now = Date.now(),
): DashboardConnections<number> {
  const dayOf = dayKeyFormatter(timeZone);
  const days = lastDays(dayOf(now), DASHBOARD_DAYS);
  const counts = new Map(days.map((date) => [date, 0]));
  // Anything older than the first day (plus a day of time-zone slack) cannot fall in the window.
  const since = now - (DASHBOARD_DAYS + 1) * DAY_MS;
  const connections = data.deviceConnections.filter((connection) => connection.ownerUid === principal.uid);
  for (const connection of connections) {
    if (connection.startedAt < since) continue;
    const key = dayOf(connection.startedAt);
    const current = counts.get(key);
    if (current !== undefined) counts.set(key, current + 1);
  }
  const devices = new Map(data.devices.map((device) => [device.id, device.name]));
  const machines = new Map(data.machines.map((machine) => [machine.id, machine.name]));
  const latest: DashboardConnection<number>[] = [...connections]
    .sort((a, b) => b.startedAt - a.startedAt || a.id.localeCompare(b.id))
    .slice(0, DASHBOARD_LATEST)
    .map((connection) => ({
      id: connection.id,
      deviceId: connection.deviceId,
      deviceName: devices.get(connection.deviceId) ?? '',
      machineId: connection.machineId,
      machineName: connection.machineId ? (machines.get(connection.machineId) ?? null) : null,
      userName: connection.userName,
      startedAt: connection.startedAt,
      endedAt: connection.endedAt,
    }));
  return { timeZone, days: days.map((date) => ({ date, count: counts.get(date) ?? 0 })), latest };
}

export function dashboardHandlers(ctx: HandlerContext) {
  const { db, apiUrl } = ctx;
  return [
    http.get(`${apiUrl}/dashboard/summary`, ({ request }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      return HttpResponse.json(dashboardSummary(db.data, auth.principal));
    }),

    http.get(`${apiUrl}/dashboard/connections`, ({ request }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      const timeZone = new URL(request.url).searchParams.get('tz') ?? DEFAULT_TIME_ZONE;
      if (!isTimeZone(timeZone)) return validationError('Fuso horário desconhecido.', 'tz');
      return HttpResponse.json(serialize(dashboardConnections(db.data, auth.principal, timeZone)) as Record<string, unknown>);
    }),
  ];
}
