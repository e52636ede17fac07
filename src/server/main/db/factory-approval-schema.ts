/**
 * Drizzle table of migrations/0009_factory_approval.sql (keep the two in step): the factory's approval links. The
 * migration's columns on `customer` and `remote_access_session` are in fleet-schema.ts and remote-access-schema.ts.
 */
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { FactoryDecision } from '@/contracts/factory-approval';

export const remoteAccessFactoryLink = sqliteTable('remote_access_factory_link', {
  /** hex SHA-256 of the link's token. */
  tokenHash: text('token_hash').primaryKey(),
  ownerUid: text('owner_uid').notNull(),
  sessionId: text('session_id').notNull(),
  customerId: text('customer_id').notNull(),
  customerName: text('customer_name').notNull(),
  customerEmail: text('customer_email').notNull(),
  expiresAt: integer('expires_at').notNull(),
  usedAt: integer('used_at'),
  decision: text('decision').$type<FactoryDecision>(),
  createdAt: integer('created_at').notNull(),
});
