/** Drizzle tables of migrations/0024_staff.sql (keep the two in step). */
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** "Revogar acesso": tokens of `uid` signed in before `revokedAt` (epoch ms) are refused (shared/access.ts). */
export const staffRevocation = sqliteTable('staff_revocation', {
  uid: text('uid').primaryKey(),
  revokedAt: integer('revoked_at').notNull(),
});

/** An erased account's people whose Firebase identities the daily job deletes (main/staff/identities.ts). */
export const identityDeletion = sqliteTable('identity_deletion', {
  uid: text('uid').primaryKey(),
  ownerUid: text('owner_uid').notNull(),
  requestedAt: integer('requested_at').notNull(),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
});
