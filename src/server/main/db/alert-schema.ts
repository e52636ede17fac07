/** Drizzle tables of migrations/0021_alerts.sql (keep the two in step). */
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { AlertChannel, AlertEvent, PortalNotificationEvent, PortalNotificationSubject } from '@/contracts/alerts';
import type { TeamRole } from '@/contracts/team-roles';

export const alertRule = sqliteTable(
  'alert_rule',
  {
    ownerUid: text('owner_uid').notNull(),
    event: text('event').$type<AlertEvent>().notNull(),
    enabled: integer('enabled', { mode: 'boolean' }).notNull(),
    roles: text('roles', { mode: 'json' }).$type<TeamRole[]>().notNull(),
    extraEmails: text('extra_emails', { mode: 'json' }).$type<string[]>().notNull(),
    channels: text('channels', { mode: 'json' }).$type<AlertChannel[]>().notNull(),
    afterMinutes: integer('after_minutes').notNull(),
    quietMinutes: integer('quiet_minutes').notNull(),
    version: integer('version').notNull().default(1),
    updatedAt: integer('updated_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.ownerUid, table.event] })],
);

export const portalNotification = sqliteTable(
  'portal_notification',
  {
    id: text('id').primaryKey(),
    ownerUid: text('owner_uid').notNull(),
    memberUid: text('member_uid').notNull(),
    event: text('event').$type<PortalNotificationEvent>().notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    subjectKind: text('subject_kind').$type<PortalNotificationSubject>(),
    subjectId: text('subject_id'),
    readAt: integer('read_at'),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [
    index('portal_notification_member').on(table.ownerUid, table.memberUid, table.createdAt),
    index('portal_notification_created').on(table.createdAt),
  ],
);

export const alertSent = sqliteTable(
  'alert_sent',
  {
    ownerUid: text('owner_uid').notNull(),
    event: text('event').$type<AlertEvent>().notNull(),
    subjectId: text('subject_id').notNull(),
    sentAt: integer('sent_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.ownerUid, table.event, table.subjectId] })],
);

export const alertCursor = sqliteTable('alert_cursor', {
  name: text('name').primaryKey(),
  position: integer('position').notNull(),
});

export const gatewayOutage = sqliteTable(
  'gateway_outage',
  {
    deviceId: text('device_id').primaryKey(),
    ownerUid: text('owner_uid').notNull(),
    offlineAt: integer('offline_at').notNull(),
    alertedAt: integer('alerted_at'),
  },
  (table) => [
    index('gateway_outage_due').on(table.alertedAt, table.offlineAt),
    index('gateway_outage_owner').on(table.ownerUid, table.deviceId),
  ],
);
