/**
 * Demo mode: a never-connected gateway whose configuration was downloaded comes online once its time has come
 * (`comes_online_at`) — status online, last seen then. Telemetry, not an edit: the version stays, so no form open
 * on the device gets a conflict because the gateway connected. Every read of devices (and the dashboard) settles
 * the due ones first, as the demo does.
 */
import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../shared/app-env';
import type { Env } from '../../../shared/env';
import { isDemo } from '../../../shared/env';
import { device } from '../../db/device-schema';

/** How long after its first configuration download a never-connected gateway of the demo comes online. */
export const DEVICE_ONLINE_DELAY_MS = 8000;

/** Brings the due gateways online (of `owner`, or of every account); returns how many. */
export async function settleDueDevices(db: Db, owner?: string, now = Date.now()): Promise<number> {
  const settled = await db
    .update(device)
    .set({ status: 'online', lastSeenAt: sql`${device.comesOnlineAt}`, comesOnlineAt: null })
    .where(
      and(
        owner === undefined ? undefined : eq(device.ownerUid, owner),
        isNotNull(device.comesOnlineAt),
        lte(device.comesOnlineAt, now),
      ),
    )
    .returning({ id: device.id });
  return settled.length;
}

/** `settleDueDevices` for the caller's account, in demo mode only (outside it nothing is ever due). */
export async function settleInDemo(env: Env, db: Db, owner: string): Promise<void> {
  if (isDemo(env)) await settleDueDevices(db, owner);
}
