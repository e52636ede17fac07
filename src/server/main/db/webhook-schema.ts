/** Drizzle tables of migrations/0022_webhooks.sql (keep the two in step). */
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { AlertEvent } from '@/contracts/alerts';
import type { WebhookDeliveryStatus, WebhookEvent } from '@/contracts/webhooks';

export const webhookEndpoint = sqliteTable(
  'webhook_endpoint',
  {
    id: text('id').primaryKey(),
    ownerUid: text('owner_uid').notNull(),
    url: text('url').notNull(),
    events: text('events', { mode: 'json' }).$type<AlertEvent[]>().notNull(),
    secretCipher: text('secret_cipher').notNull(),
    secretIv: text('secret_iv').notNull(),
    enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
    failingSince: integer('failing_since'),
    disabledAt: integer('disabled_at'),
    version: integer('version').notNull().default(1),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (table) => [index('webhook_endpoint_owner').on(table.ownerUid, table.createdAt)],
);

export const webhookDelivery = sqliteTable(
  'webhook_delivery',
  {
    id: text('id').primaryKey(),
    ownerUid: text('owner_uid').notNull(),
    endpointId: text('endpoint_id').notNull(),
    event: text('event').$type<WebhookEvent>().notNull(),
    payload: text('payload').notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    durationMs: integer('duration_ms'),
    nextAttemptAt: integer('next_attempt_at'),
    firstAttemptAt: integer('first_attempt_at'),
    createdAt: integer('created_at').notNull(),
    deliveredAt: integer('delivered_at'),
  },
  (table) => [index('webhook_delivery_endpoint').on(table.ownerUid, table.endpointId, table.createdAt)],
);

export const demoWebhookReceipt = sqliteTable(
  'demo_webhook_receipt',
  {
    id: text('id').primaryKey(),
    accountUid: text('account_uid').notNull(),
    eventId: text('event_id'),
    event: text('event'),
    signature: text('signature'),
    signatureValid: integer('signature_valid', { mode: 'boolean' }).notNull(),
    headers: text('headers', { mode: 'json' }).$type<Record<string, string>>().notNull(),
    body: text('body').notNull(),
    receivedAt: integer('received_at').notNull(),
  },
  (table) => [index('demo_webhook_receipt_account').on(table.accountUid, table.receivedAt)],
);
