/**
 * The back office's notifications (staff's: no owner). Raised by what happens elsewhere (`notificationInsert`: a new
 * order, a payment confirmed or refused — other resources batch it with their write) and, when the back office
 * asks, the VPN accesses entering their last VPN_EXPIRING_SOON_DAYS days (once per user and expiry date: `key`).
 */
import { and, desc, eq, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { NotificationSubject } from '@/contracts/backoffice-search';
import { VPN_EXPIRING_SOON_DAYS } from '@/contracts/vpn';
import type { Db } from '../../../shared/app-env';
import { nextId } from '../../../shared/ids';
import { vpnUser } from '../../../vpn/db/vpn-schema';
import { notification } from '../../db/account-schema';
import { DAY_MS } from '../../../shared/days';

/** D1's bound-parameter limit, with room for the statement's own. */
const IDS_PER_STATEMENT = 90;

export type NotificationRow = typeof notification.$inferSelect;

export interface NotificationInput {
  title: string;
  message: string;
  subject: NotificationSubject | null;
  /** Raised once per key (a condition's notification). */
  key?: string;
}

/** A notification's row (`id` from `nextNotificationId`, taken before the batch). */
export function notificationRow(id: string, input: NotificationInput, now = Date.now()): typeof notification.$inferInsert {
  return {
    id,
    title: input.title,
    message: input.message,
    subjectKind: input.subject?.kind ?? null,
    subjectId: input.subject?.id ?? null,
    subjectLabel: input.subject?.label ?? null,
    key: input.key ?? null,
    read: false,
    createdAt: now,
    version: 1,
    updatedAt: now,
  };
}

export const nextNotificationId = (db: Db): Promise<string> => nextId(db, 'notification');

/** The INSERT of a notification, not run (batch it with the write it tells of); a repeated `key` is skipped. */
export function notificationInsert(db: Db, id: string, input: NotificationInput, now = Date.now()) {
  return db.insert(notification).values(notificationRow(id, input, now)).onConflictDoNothing();
}

/** A notification as the back office receives it (before times are serialised). */
export function notificationJson(row: NotificationRow) {
  const subject: NotificationSubject | null =
    row.subjectKind && row.subjectId
      ? { kind: row.subjectKind, id: row.subjectId, ...(row.subjectLabel === null ? {} : { label: row.subjectLabel }) }
      : null;
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    subject,
    createdAt: row.createdAt,
    read: row.read,
    version: row.version,
    updatedAt: row.updatedAt,
  };
}

function daysLeft(expiresAt: number, now: number): number {
  return Math.max(1, Math.ceil((expiresAt - now) / DAY_MS));
}

/** Raises the due VPN-expiry notifications not raised yet; returns how many. */
export async function raiseVpnExpiryNotifications(db: Db, now = Date.now()): Promise<number> {
  const due = await db
    .select({ id: vpnUser.id, name: vpnUser.name, email: vpnUser.email, expiresAt: vpnUser.expiresAt })
    .from(vpnUser)
    .where(
      and(
        eq(vpnUser.enabled, true),
        isNotNull(vpnUser.expiresAt),
        gt(vpnUser.expiresAt, now),
        lte(vpnUser.expiresAt, now + VPN_EXPIRING_SOON_DAYS * DAY_MS),
      ),
    );
  const wanted = due.map((user) => ({ user, key: `vpn-expiring:${user.id}:${user.expiresAt ?? 0}` }));
  if (wanted.length === 0) return 0;
  const raised = new Set<string>();
  for (let start = 0; start < wanted.length; start += IDS_PER_STATEMENT) {
    const keys = wanted.slice(start, start + IDS_PER_STATEMENT).map((item) => item.key);
    const rows = await db.select({ key: notification.key }).from(notification).where(inArray(notification.key, keys));
    for (const row of rows) if (row.key) raised.add(row.key);
  }
  const missing = wanted.filter((item) => !raised.has(item.key));
  const inserts = [];
  for (const { user, key } of missing) {
    const days = daysLeft(user.expiresAt ?? now, now);
    const input: NotificationInput = {
      title: 'Acesso VPN perto de expirar',
      message: `O acesso de "${user.name}" expira em ${days === 1 ? '1 dia' : `${days} dias`}.`,
      subject: { kind: 'vpn-user', id: user.id, label: user.email },
      key,
    };
    inserts.push(notificationInsert(db, await nextNotificationId(db), input, now));
  }
  const [first, ...rest] = inserts;
  if (first) await db.batch([first, ...rest]);
  return inserts.length;
}

export async function unreadNotifications(db: Db) {
  const rows = await db
    .select()
    .from(notification)
    .where(eq(notification.read, false))
    .orderBy(desc(notification.createdAt), desc(notification.id));
  return rows.map(notificationJson);
}

/** Marks these unread notifications read; returns how many changed. */
export async function markRead(db: Db, ids: readonly string[], now = Date.now()): Promise<number> {
  const unique = [...new Set(ids)];
  const statements = [];
  for (let start = 0; start < unique.length; start += IDS_PER_STATEMENT) {
    const chunk = unique.slice(start, start + IDS_PER_STATEMENT);
    statements.push(
      db
        .update(notification)
        .set({ read: true, version: sql`${notification.version} + 1`, updatedAt: now })
        .where(and(inArray(notification.id, chunk), eq(notification.read, false)))
        .returning({ id: notification.id }),
    );
  }
  const [first, ...rest] = statements;
  if (!first) return 0;
  const results = await db.batch([first, ...rest]);
  return results.reduce((sum, rows) => sum + rows.length, 0);
}
