/** Drizzle table of migrations/0020_audit_log.sql (keep the two in step). */
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { AuditKind, AuditTargetKind } from '@/contracts/audit';

export const auditLog = sqliteTable('audit_log', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  ownerUid: text('owner_uid').notNull(),
  actorUid: text('actor_uid').notNull(),
  actorName: text('actor_name').notNull(),
  actorEmail: text('actor_email').notNull(),
  /** 1: a person of the Ponte team (the token's `admin` claim) made the change. */
  actorStaff: integer('actor_staff').notNull().default(0),
  /** The client's address (`CF-Connecting-IP`), '' when unknown (the scheduled job, a local request). */
  ip: text('ip').notNull().default(''),
  kind: text('kind').$type<AuditKind>().notNull(),
  targetKind: text('target_kind').$type<AuditTargetKind>().notNull(),
  targetId: text('target_id').notNull(),
  targetLabel: text('target_label').notNull(),
  /** JSON of the changed fields as they were (null: the record did not exist, or the entry has no fields). */
  beforeJson: text('before_json'),
  /** JSON of the changed fields as they became (null: the record is gone, or the entry has no fields). */
  afterJson: text('after_json'),
  createdAt: integer('created_at').notNull(),
});
