/** The audit log's retention: 5 years (AUDIT_RETENTION_DAYS); the daily cron deletes older entries (purge.ts). */
import { lt } from 'drizzle-orm';
import { AUDIT_RETENTION_DAYS } from '@/contracts/audit';
import type { Db } from '../../shared/app-env';
import { DAY_MS } from '../../shared/days';
import { auditLog } from '../db/audit-schema';

export const AUDIT_RETENTION_MS = AUDIT_RETENTION_DAYS * DAY_MS;

/** Deletes the entries older than AUDIT_RETENTION_MS (served by the `audit_log_created` index). */
export async function purgeAuditLog(db: Db, now = Date.now()): Promise<void> {
  await db.delete(auditLog).where(lt(auditLog.createdAt, now - AUDIT_RETENTION_MS));
}
