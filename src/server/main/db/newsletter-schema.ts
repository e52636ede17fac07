/** Drizzle tables of migrations/0011_newsletter_consent.sql (keep the two in step; `newsletter` is in account-schema). */
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { MailStatus } from '@/contracts/mail';

export const newsletterUnsubscribeToken = sqliteTable('newsletter_unsubscribe_token', {
  tokenHash: text('token_hash').primaryKey(),
  email: text('email').notNull(),
  createdAt: integer('created_at').notNull(),
});

export const newsletterMail = sqliteTable('newsletter_mail', {
  id: text('id').primaryKey(),
  to: text('to_address').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  link: text('link'),
  unsubscribeLink: text('unsubscribe_link').notNull(),
  sentAt: integer('sent_at').notNull(),
  /** 0019_mail_queue.sql: where its delivery stands (src/server/main/mail/). */
  status: text('status').$type<MailStatus>().notNull().default('enviado'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  deliveredAt: integer('delivered_at'),
});
