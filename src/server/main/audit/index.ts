/**
 * The audit log's writes (issue 37, item 5). A change that must be audited builds its entry here and puts it in the
 * SAME `db.batch` as the change (D1's batch is one transaction): the change and its entry stand or fall together.
 *
 * ```ts
 * const entry = auditInsertWhere(c, { kind: 'webhook.update', target: { kind: 'webhook', id, label: url },
 *   before: current, after: input }, sql`EXISTS (SELECT 1 FROM webhook WHERE owner_uid = ${owner} AND id = ${id} AND version = ${version})`);
 * await db.batch([entry, update]);   // the entry first, guarded by the version the UPDATE is guarded by
 * ```
 *
 * - `auditInsert(c, entry)`: the INSERT, not run (a change that always happens once its batch runs).
 * - `auditInsertWhere(c, entry, when)`: kept only if `when` holds as it runs (a conditional change: put it before
 *   the write guarded by the same condition, or after it with a condition true only once the write took place).
 * - `before`/`after`: the record's fields as they were and became; only the changed ones are kept
 *   (`changedFields`), and never a secret (`redactFields`, redact.ts). Pass null for a side that does not exist.
 * Who: the principal (`memberUid`, its name as Histórico says it, the e-mail; `actor_staff` for the Ponte team); from where: `CF-Connecting-IP`; when: `at` or now.
 */
import type { Context } from 'hono';
import { sql, type SQL } from 'drizzle-orm';
import type { AuditKind, AuditTargetKind } from '@/contracts/audit';
import type { AppEnv, Db } from '../../shared/app-env';
import { assembler, staff, teamMember } from '../../shared/db/core-schema';
import { insertWhere } from '../../shared/db/guarded';
import type { Principal } from '../../shared/principal';
import { auditLog } from '../db/audit-schema';
import { device } from '../db/device-schema';
import { changedFields, redactFields } from './redact';

export { changedFields, isRedactedField, redactFields, REDACTED_FIELDS } from './redact';

/** Who acts and from where: a route's context, or these three (a job, a test). */
export interface AuditActor {
  db: Db;
  principal: Principal;
  /** The client's address ('' when unknown). */
  ip: string;
}

export interface AuditTarget {
  kind: AuditTargetKind;
  id: string;
  /** What the screens name it by (a person's name or e-mail, a machine's name…): kept as it was then. */
  label: string;
}

export interface AuditEntryInput {
  kind: AuditKind;
  target: AuditTarget;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** When (epoch ms): the change's own time when it has one; else now. */
  at?: number;
  /** Keep every field given, not only the changed ones (e.g. a summary of what was created or removed). */
  allFields?: boolean;
}

/** The request's client address, as Cloudflare's edge sets it ('' when absent: a local call, a test). */
export function clientIp(c: Context<AppEnv>): string {
  return (c.req.header('cf-connecting-ip') ?? '').trim().slice(0, 64);
}

function actorOf(source: Context<AppEnv> | AuditActor): AuditActor {
  if ('req' in source) return { db: source.var.db, principal: source.var.principal, ip: clientIp(source) };
  return source;
}

/**
 * The actor's name as Histórico says it (remote-access `personName`): the token's name, else their member name in
 * the account, else the company's (its Titular), else the e-mail — resolved by the INSERT itself.
 */
function actorName(principal: Principal): SQL {
  const tokenName = principal.name?.trim() ?? '';
  return sql`coalesce(
    nullif(${tokenName}, ''),
    (SELECT ${teamMember.name} FROM ${teamMember} WHERE ${teamMember.accountUid} = ${principal.uid} AND ${teamMember.uid} = ${principal.memberUid}),
    (SELECT ${assembler.name} FROM ${assembler} WHERE ${assembler.uid} = ${principal.memberUid}),
    ${principal.email || principal.memberUid})`;
}

const json = (fields: Record<string, unknown> | null) => {
  const kept = redactFields(fields);
  return kept ? JSON.stringify(kept) : null;
};

/** The row an entry becomes (its name as SQL, resolved as the statement runs). */
export function auditRow(source: Context<AppEnv> | AuditActor, entry: AuditEntryInput): typeof auditLog.$inferInsert {
  const { principal, ip } = actorOf(source);
  const { before, after } = entry.allFields ? { before: entry.before ?? null, after: entry.after ?? null } : changedFields(entry.before, entry.after);
  return {
    ownerUid: principal.uid,
    actorUid: principal.memberUid,
    actorName: actorName(principal) as unknown as string, // an SQL value: Drizzle writes it as an expression
    actorEmail: principal.email,
    actorStaff: principal.admin ? 1 : 0,
    ip,
    kind: entry.kind,
    targetKind: entry.target.kind,
    targetId: entry.target.id,
    targetLabel: entry.target.label.slice(0, 200),
    beforeJson: json(before),
    afterJson: json(after),
    createdAt: entry.at ?? Date.now(),
  };
}

/** The entry's INSERT, not run: put it in the change's `db.batch`. */
export function auditInsert(source: Context<AppEnv> | AuditActor, entry: AuditEntryInput) {
  const { db } = actorOf(source);
  return db.insert(auditLog).values(auditRow(source, entry));
}

/** The entry's INSERT kept only if `when` holds as it runs (`insertWhere`, shared/db/guarded.ts); not run. */
export function auditInsertWhere(source: Context<AppEnv> | AuditActor, entry: AuditEntryInput, when: SQL) {
  const { db } = actorOf(source);
  return insertWhere(db, auditLog, auditRow(source, entry), when);
}

/** Whether an edit changed any of `fields` (to record it only then). */
export function changedAny(before: Record<string, unknown>, after: Record<string, unknown>, fields: readonly string[]): boolean {
  return fields.some((field) => JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null));
}

/**
 * An entry whose kind and target are known but whose fields, time and condition are the writer's: for a function
 * that builds its own batch (e.g. `scheduleDeletion(…, audit)`), called there with `(fields, when)`.
 */
export type AuditStatement = (
  fields: Pick<AuditEntryInput, 'before' | 'after' | 'at'>,
  when: SQL,
) => ReturnType<typeof auditInsertWhere>;

export function auditStatement(source: Context<AppEnv> | AuditActor, kind: AuditKind, target: AuditTarget): AuditStatement {
  return (fields, when) => auditInsertWhere(source, { kind, target, ...fields }, when);
}

export { purgeAuditLog, AUDIT_RETENTION_MS } from './retention';

/**
 * Staff withdrawing an order's gateways (the back office's "Cancelado"): one `gateway.delete` entry per gateway the
 * DELETE it precedes removes (the same `where`, in the same batch), in the order's account, by the staff member
 * (`actor_staff`). Not run.
 */
export function auditWithdrawnGateways(source: Context<AppEnv> | AuditActor, owner: string, where: SQL, at: number) {
  const { db, principal, ip } = actorOf(source);
  const name = principal.name?.trim() || principal.email || principal.memberUid;
  // Columns in the table's order: id, owner_uid, actor_uid, actor_name, actor_email, actor_staff, ip, kind,
  // target_kind, target_id, target_label, before_json, after_json, created_at.
  return db.insert(auditLog).select(
    sql`SELECT NULL, ${owner}, ${principal.memberUid},
      coalesce((SELECT ${staff.name} FROM ${staff} WHERE ${staff.uid} = ${principal.memberUid}), ${name}), ${principal.email}, ${principal.admin ? 1 : 0}, ${ip}, 'gateway.delete',
      'gateway', ${device.id}, ${device.name}, json_object('name', ${device.name}, 'serialNumber', ${device.serialNumber}), NULL, ${at}
      FROM ${device} WHERE ${where}`,
  );
}
