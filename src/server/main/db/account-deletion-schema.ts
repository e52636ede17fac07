/**
 * Drizzle tables of migrations/0013_account_deletion.sql (assembler.deleted_at is in shared/db/core-schema.ts) and
 * 0017_account_deletion_grace.sql (keep them in step).
 */
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const accountExport = sqliteTable('account_export', {
  ownerUid: text('owner_uid').primaryKey(),
  startedAt: integer('started_at').notNull(),
});

/** A scheduled deletion (0018): erased by the daily job once `eraseAt` has passed, unless cancelled before. */
export const accountDeletionRequest = sqliteTable('account_deletion_request', {
  ownerUid: text('owner_uid').primaryKey(),
  requestedByUid: text('requested_by_uid').notNull(),
  requestedByName: text('requested_by_name').notNull(),
  requestedAt: integer('requested_at').notNull(),
  eraseAt: integer('erase_at').notNull(),
});
