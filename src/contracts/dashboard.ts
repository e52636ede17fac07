/**
 * The portal dashboard's read models: what `GET /dashboard/summary` and `GET /dashboard/connections` answer for
 * the signed-in builder (every figure is scoped to its own records). Two endpoints, so one failing panel never
 * takes the other down. The main Worker (src/server/main/routes/dashboard) and the dashboard feature share them.
 */

/** Order statuses that are finished: every other status counts as an open order. */
export const CLOSED_ORDER_STATUSES = ['entregue', 'cancelado'] as const;

/** How many calendar days `GET /dashboard/connections` counts, today included. */
export const DASHBOARD_DAYS = 7;
/** How many of the latest connections it lists. */
export const DASHBOARD_LATEST = 5;
/** The time zone the days are counted in when the request names none (or an unknown one is refused: 400). */
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

/** `GET /dashboard/summary`: counts of the caller's records. */
export interface DashboardSummary {
  customers: number;
  machineModels: number;
  machines: number;
  devices: {
    total: number;
    online: number;
    offline: number;
    neverConnected: number;
  };
  /** Orders whose status is not entregue or cancelado. */
  openOrders: number;
}

/** One calendar day of the connections chart: `date` is `YYYY-MM-DD` in the request's time zone. */
export interface DashboardDay {
  date: string;
  count: number;
}

/** One of the latest connections (access history), device and machine names joined. */
export interface DashboardConnection<Time = Date> {
  id: string;
  deviceId: string;
  deviceName: string;
  machineId: string | null;
  machineName: string | null;
  userName: string;
  startedAt: Time;
  /** null while the session is still open. */
  endedAt: Time | null;
}

/**
 * `GET /dashboard/connections?tz=<IANA zone>`: connections started on each of the last {@link DASHBOARD_DAYS}
 * calendar days (oldest first, today last) and the {@link DASHBOARD_LATEST} most recent ones (newest first).
 */
export interface DashboardConnections<Time = Date> {
  timeZone: string;
  days: DashboardDay[];
  latest: DashboardConnection<Time>[];
}

/** Whether `zone` is a time zone this runtime knows (`America/Sao_Paulo`, `UTC`). */
export function isTimeZone(zone: string): boolean {
  if (zone.trim() === '' || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
