/** Drizzle tables of migrations/0001_core.sql (keep the two in step). */
import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { TeamRole } from '@/contracts/team-roles';

export const assembler = sqliteTable('assembler', {
  uid: text('uid').primaryKey(),
  name: text('name').notNull(),
  cnpj: text('cnpj').notNull(),
  email: text('email').notNull(),
  createdAt: integer('created_at').notNull(),
  version: integer('version').notNull().default(1),
  updatedAt: integer('updated_at').notNull(),
  /** 0013_account_deletion.sql: the account was deleted (LGPD); its people are refused from then on. */
  deletedAt: integer('deleted_at'),
  /** 0018_email_verification.sql: the CNPJ is only held until then while the e-mail is unverified (null: kept). */
  heldUntil: integer('held_until'),
});

export const staff = sqliteTable('staff', {
  uid: text('uid').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
});

export const teamMember = sqliteTable('team_member', {
  uid: text('uid').primaryKey(),
  accountUid: text('account_uid').notNull(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  role: text('role').$type<TeamRole>().notNull(),
  joinedAt: integer('joined_at').notNull(),
  lastAccessAt: integer('last_access_at'),
  version: integer('version').notNull().default(1),
  updatedAt: integer('updated_at').notNull(),
});

export const idSequence = sqliteTable('id_sequence', {
  kind: text('kind').primaryKey(),
  next: integer('next').notNull(),
});

export const idempotencyKey = sqliteTable(
  'idempotency_key',
  {
    ownerUid: text('owner_uid').notNull(),
    key: text('key').notNull(),
    scope: text('scope').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status').notNull().default(0),
    body: text('body'),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.ownerUid, table.key] })],
);
