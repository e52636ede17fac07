/** Drizzle table of migrations/0025_terms_acceptance.sql (keep the two in step): the Termos de Uso each account accepted. */
import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const termsAcceptance = sqliteTable(
  'terms_acceptance',
  {
    ownerUid: text('owner_uid').notNull(),
    termsVersion: text('terms_version').notNull(),
    acceptedAt: integer('accepted_at').notNull(),
    acceptedByUid: text('accepted_by_uid').notNull(),
  },
  (table) => [primaryKey({ columns: [table.ownerUid, table.termsVersion] })],
);
