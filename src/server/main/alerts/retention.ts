/**
 * The alerts' rows past their use, purged by the daily cron (purge.ts): portal notifications older than
 * NOTIFICATION_RETENTION_MS (the bell lists the 50 newest), and quiet-period marks older than the longest quiet
 * period (a rule's `quiet_minutes` is at most 1 440).
 */
import { lt } from 'drizzle-orm';
import type { Db } from '../../shared/app-env';
import { DAY_MS } from '../../shared/days';
import { alertSent, portalNotification } from '../db/alert-schema';

export const NOTIFICATION_RETENTION_MS = 90 * DAY_MS;
const QUIET_MARK_RETENTION_MS = 2 * DAY_MS;

export async function purgeAlerts(db: Db, now = Date.now()): Promise<void> {
  await db.batch([
    db.delete(portalNotification).where(lt(portalNotification.createdAt, now - NOTIFICATION_RETENTION_MS)),
    db.delete(alertSent).where(lt(alertSent.sentAt, now - QUIET_MARK_RETENTION_MS)),
  ]);
}
