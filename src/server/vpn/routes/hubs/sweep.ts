/**
 * Gateways' status from the hubs (issue 34): a gateway is online while its hub saw its handshake within the window
 * (GATEWAY_ONLINE_WINDOW_MS, or the `GATEWAY_ONLINE_WINDOW_MS` variable — the network test shortens it); the sweep
 * marks the silent ones offline, each transition a `device_status_event`. It runs at each hub report (that hub's
 * gateways) and every minute from the main Worker's `scheduled` (every hub that reports). Gateways on a hub that
 * never reported — the demo's seeded picture — are left as they are.
 */
import { sql, type SQL } from 'drizzle-orm';
import { GATEWAY_ONLINE_WINDOW_MS } from '@/contracts/hub';
import type { Db } from '../../../shared/app-env';
import type { Env } from '../../../shared/env';
import { rawBatch } from '../peer-report';

/** The online window: `GATEWAY_ONLINE_WINDOW_MS` when set to a positive number of ms, else the contract's 3 min. */
export function gatewayOnlineWindow(env: Env): number {
  const configured = Number((env as Env & { GATEWAY_ONLINE_WINDOW_MS?: string }).GATEWAY_ONLINE_WINDOW_MS);
  return Number.isFinite(configured) && configured > 0 ? configured : GATEWAY_ONLINE_WINDOW_MS;
}

/** A status event's id: unique per gateway, status and moment. */
export const statusEventId = (deviceId: SQL, status: 'online' | 'offline', now: number) =>
  sql`'dse-' || ${deviceId} || '-' || ${now} || '-' || ${status}`;

/**
 * The two statements (event first, then status) that mark offline the online gateways silent for longer than the
 * window: of `hubId`, or of every hub that has reported.
 */
export function offlineSweepStatements(now: number, windowMs: number, hubId?: string) {
  const onHub =
    hubId === undefined
      ? sql`device.hub_id IN (SELECT id FROM vpn_hub WHERE last_report_at IS NOT NULL)`
      : sql`device.hub_id = ${hubId}`;
  const stale = sql`device.status = 'online' AND (device.last_seen_at IS NULL OR device.last_seen_at < ${now - windowMs}) AND ${onHub}`;
  return [
    sql`INSERT INTO device_status_event (id, owner_uid, device_id, status, at)
      SELECT ${statusEventId(sql`device.id`, 'offline', now)}, device.owner_uid, device.id, 'offline', ${now} FROM device WHERE ${stale}
      ON CONFLICT DO NOTHING`,
    sql`UPDATE device SET status = 'offline' WHERE ${stale} RETURNING id`,
  ] as const;
}

/** The scheduled sweep: returns how many gateways went offline. */
export async function sweepOfflineGateways(db: Db, now: number, windowMs: number): Promise<number> {
  const [, gone = []] = await rawBatch(db, offlineSweepStatements(now, windowMs));
  return gone.length;
}
