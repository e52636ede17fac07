/** The dashboard's VPN figures: active users (enabled, not expired) and those whose access ends within 7 days. */
import { and, count, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { VPN_EXPIRING_SOON_DAYS } from '@/contracts/vpn';
import type { Db } from '../../../shared/app-env';
import { vpnUser } from '../../../vpn/db/vpn-schema';
import { DAY_MS } from '../../../shared/days';

/** The statement (for the dashboard's batch): `vpnUserStatus` is 'ativo' — enabled, no expiry or one after `now`. */
export function vpnUserFiguresQuery(db: Db, now: number) {
  const soon = now + VPN_EXPIRING_SOON_DAYS * DAY_MS;
  return db
    .select({
      active: count(),
      expiringSoon: sql<number>`coalesce(sum(${vpnUser.expiresAt} IS NOT NULL AND ${vpnUser.expiresAt} <= ${soon}), 0)`,
    })
    .from(vpnUser)
    .where(and(eq(vpnUser.enabled, true), or(isNull(vpnUser.expiresAt), gt(vpnUser.expiresAt, now))));
}
