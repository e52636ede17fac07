/** Drizzle tables of migrations/0013_account_deletion.sql (assembler.deleted_at is in shared/db/core-schema.ts). */
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const accountExport = sqliteTable('account_export', {
  ownerUid: text('owner_uid').primaryKey(),
  startedAt: integer('started_at').notNull(),
});
