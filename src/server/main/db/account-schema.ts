/** Drizzle tables of migrations/0004_account.sql (keep the two in step). */
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { NotificationSubjectKind } from '@/contracts/backoffice-search';
import type { NewsletterStatus } from '@/contracts/newsletter';
import type { TeamRole } from '@/contracts/team-roles';
import type { MailKind, MailStatus } from '@/contracts/mail';

export type StoredInvitationStatus = 'pendente' | 'aceito' | 'revogado';

export const invitation = sqliteTable('invitation', {
  id: text('id').primaryKey(),
  ownerUid: text('owner_uid').notNull(),
  /** hex SHA-256 of the link's token (0016_link_tokens_hashed.sql: the token itself is never stored). */
  tokenHash: text('token').notNull(),
  email: text('email').notNull(),
  emailKey: text('email_key').notNull(),
  role: text('role').$type<TeamRole>().notNull(),
  status: text('status').$type<StoredInvitationStatus>().notNull(),
  createdAt: integer('created_at').notNull(),
  expiresAt: integer('expires_at').notNull(),
  invitedByUid: text('invited_by_uid').notNull(),
  invitedByName: text('invited_by_name').notNull(),
  acceptedByUid: text('accepted_by_uid'),
  version: integer('version').notNull().default(1),
  updatedAt: integer('updated_at').notNull(),
});

export const mail = sqliteTable('mail', {
  id: text('id').primaryKey(),
  ownerUid: text('owner_uid').notNull(),
  to: text('to_address').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  /** The e-mail's link: kept only in demo mode (the demo mailbox shows it), '' otherwise. */
  link: text('link').notNull(),
  /** When it was written (queued). */
  sentAt: integer('sent_at').notNull(),
  /** 0019_mail_queue.sql: what it is, and where its delivery stands (src/server/main/mail/). */
  kind: text('kind').$type<MailKind>().notNull().default('convite'),
  status: text('status').$type<MailStatus>().notNull().default('enviado'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  deliveredAt: integer('delivered_at'),
});

export const notification = sqliteTable('notification', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  message: text('message').notNull(),
  subjectKind: text('subject_kind').$type<NotificationSubjectKind>(),
  subjectId: text('subject_id'),
  subjectLabel: text('subject_label'),
  key: text('key'),
  read: integer('read', { mode: 'boolean' }).notNull().default(false),
  createdAt: integer('created_at').notNull(),
  version: integer('version').notNull().default(1),
  updatedAt: integer('updated_at').notNull(),
});

/** The landing's newsletter (0004; the double opt-in's columns from 0011_newsletter_consent.sql). */
export const newsletter = sqliteTable('newsletter', {
  email: text('email').primaryKey(),
  createdAt: integer('created_at').notNull(),
  status: text('status').$type<NewsletterStatus>().notNull().default('pendente'),
  consentAt: integer('consent_at'),
  policyVersion: text('policy_version'),
  confirmTokenHash: text('confirm_token_hash'),
  confirmExpiresAt: integer('confirm_expires_at'),
  confirmedAt: integer('confirmed_at'),
  unsubscribedAt: integer('unsubscribed_at'),
  updatedAt: integer('updated_at'),
});
