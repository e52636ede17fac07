/**
 * Staff notifications, raised by what happens in the demo backend: a new order, a payment confirmed or refused
 * (the orders resource calls `pushNotification`), and a VPN access about to expire (raised here, once per user and
 * expiry date, the first time the back office asks after it enters its last 7 days).
 */
import type { NotificationSubject } from '@/contracts/backoffice-search';
import { VPN_EXPIRING_SOON_DAYS } from '@/contracts/vpn';
import type { DemoDb, NotificationRecord } from '@/testing/fake-api/db';

const DAY = 24 * 60 * 60 * 1000;

/** Adds an unread notification (not twice for the same `key`); the caller saves. */
export function pushNotification(
  db: DemoDb,
  input: { title: string; message: string; subject: NotificationSubject | null; key?: string },
  now = Date.now(),
): NotificationRecord | null {
  if (input.key && db.data.notifications.some((notification) => notification.key === input.key)) return null;
  const record: NotificationRecord = {
    id: db.nextId('notification'),
    title: input.title,
    message: input.message,
    subject: input.subject,
    ...(input.key ? { key: input.key } : {}),
    createdAt: now,
    read: false,
    version: 1,
    updatedAt: now,
  };
  db.data.notifications.push(record);
  return record;
}

function daysLeft(expiresAt: number, now: number): number {
  return Math.max(1, Math.ceil((expiresAt - now) / DAY));
}

/** One notification per enabled VPN user whose access ends within 7 days (per expiry date). Returns how many. */
export function raiseVpnExpiryNotifications(db: DemoDb, now = Date.now()): number {
  let raised = 0;
  for (const user of db.data.vpnUsers) {
    const { expiresAt } = user;
    if (!user.enabled || expiresAt === null || expiresAt <= now || expiresAt - now > VPN_EXPIRING_SOON_DAYS * DAY) continue;
    const days = daysLeft(expiresAt, now);
    const pushed = pushNotification(
      db,
      {
        title: 'Acesso VPN perto de expirar',
        message: `O acesso de "${user.name}" expira em ${days === 1 ? '1 dia' : `${days} dias`}.`,
        subject: { kind: 'vpn-user', id: user.id, label: user.email },
        key: `vpn-expiring:${user.id}:${expiresAt}`,
      },
      now,
    );
    if (pushed) raised += 1;
  }
  return raised;
}
