/** The portal's notifications: one row per person (`member_uid`) of an account (`owner_uid`), both in every WHERE. */
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { PortalNotification } from '@/contracts/alerts';
import type { Db } from '../../../shared/app-env';
import { timestamp } from '../../../shared/time';
import { portalNotification } from '../../db/alert-schema';

/** The bell lists this many. */
export const PORTAL_NOTIFICATIONS_LISTED = 50;

type Row = typeof portalNotification.$inferSelect;

export function portalNotificationJson(row: Row): PortalNotification {
  return {
    id: row.id,
    event: row.event,
    title: row.title,
    message: row.message,
    subject: row.subjectKind && row.subjectId ? { kind: row.subjectKind, id: row.subjectId } : null,
    read: row.readAt !== null,
    createdAt: timestamp(row.createdAt),
  };
}

const mine = (owner: string, member: string) => and(eq(portalNotification.ownerUid, owner), eq(portalNotification.memberUid, member));

/** The person's newest notifications and how many of all theirs are unread. */
export async function personNotifications(db: Db, owner: string, member: string) {
  const [rows, [unread]] = await db.batch([
    db
      .select()
      .from(portalNotification)
      .where(mine(owner, member))
      .orderBy(desc(portalNotification.createdAt), desc(portalNotification.id))
      .limit(PORTAL_NOTIFICATIONS_LISTED),
    db.select({ n: count() }).from(portalNotification).where(and(mine(owner, member), isNull(portalNotification.readAt))),
  ]);
  return { data: rows.map(portalNotificationJson), unread: unread?.n ?? 0 };
}

/** Marks the person's unread notifications read (all, or one); answers how many changed. */
export async function markPersonNotificationsRead(db: Db, owner: string, member: string, id?: string, now = Date.now()): Promise<number> {
  const changed = await db
    .update(portalNotification)
    .set({ readAt: now })
    .where(and(mine(owner, member), isNull(portalNotification.readAt), id === undefined ? undefined : eq(portalNotification.id, id)))
    .returning({ id: portalNotification.id });
  return changed.length;
}
