/**
 * The audit log's reads: one account's (the owner in every WHERE; the 0020 indexes start with it) or, for staff,
 * every account's with its company's name. Filters: person (actor uid), kind, the last N days, from/to (days of
 * Brasília, inclusive). Newest first (or oldest with `sort=createdAt`); page + count in one batch.
 */
import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { AUDIT_DAY_PATTERN, type AuditEntry, type AuditFields, type AuditListQuery, type BackofficeAuditListQuery } from '@/contracts/audit';
import { DEFAULT_TIME_ZONE } from '@/contracts/dashboard';
import type { Db } from '../../../shared/app-env';
import { assembler } from '../../../shared/db/core-schema';
import { DAY_MS, nextDay, startOfDay } from '../../../shared/days';
import { offsetOf } from '../../../shared/list';
import { auditLog } from '../../db/audit-schema';

type AuditRow = typeof auditLog.$inferSelect;

/** Most people the "Pessoa" filter offers. */
const MAX_PEOPLE = 500;

function fields(text: string | null): AuditFields | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as AuditFields) : null;
  } catch {
    return null;
  }
}

/** An entry as the API answers it (before times are serialised). */
export function auditJson(row: AuditRow): Omit<AuditEntry, 'createdAt'> & { createdAt: number } {
  return {
    id: String(row.id),
    actorUid: row.actorUid,
    actorName: row.actorName,
    actorEmail: row.actorEmail,
    actorStaff: row.actorStaff === 1,
    ip: row.ip,
    kind: row.kind,
    targetKind: row.targetKind,
    targetId: row.targetId,
    targetLabel: row.targetLabel,
    before: fields(row.beforeJson),
    after: fields(row.afterJson),
    createdAt: row.createdAt,
  };
}

const validDay = (day: string | undefined): day is string => day !== undefined && AUDIT_DAY_PATTERN.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`));

/** The filters' conditions (the owner's is the caller's). */
function filterConditions(filters: AuditListQuery['filters'], now: number): (SQL | undefined)[] {
  const { person, kind, days, from, to } = filters;
  return [
    person ? eq(auditLog.actorUid, person) : undefined,
    kind ? eq(auditLog.kind, kind) : undefined,
    days ? gte(auditLog.createdAt, now - Number(days) * DAY_MS) : undefined,
    validDay(from) ? gte(auditLog.createdAt, startOfDay(from, DEFAULT_TIME_ZONE)) : undefined,
    validDay(to) ? lt(auditLog.createdAt, startOfDay(nextDay(to), DEFAULT_TIME_ZONE)) : undefined,
  ];
}

const orderOf = (sort: string) => (sort === 'createdAt' ? [asc(auditLog.createdAt), asc(auditLog.id)] : [desc(auditLog.createdAt), desc(auditLog.id)]);

/** The page's and the count's statements (each served by an index that starts with the owner: 0020). */
export function auditListStatements(db: Db, owner: string, query: AuditListQuery, now = Date.now()) {
  const where = and(eq(auditLog.ownerUid, owner), ...filterConditions(query.filters, now));
  return [
    db.select().from(auditLog).where(where).orderBy(...orderOf(query.sort)).limit(query.perPage).offset(offsetOf(query)),
    db.select({ total: count() }).from(auditLog).where(where),
  ] as const;
}

/** A page of the account's entries and how many match. */
export async function listAudit(db: Db, owner: string, query: AuditListQuery, now = Date.now()) {
  const [rows, totals] = await db.batch(auditListStatements(db, owner, query, now));
  return { rows: rows.map(auditJson), total: totals[0]?.total ?? 0 };
}

/** Who appears in the account's log, by name (the newest name of each wins). */
export async function auditPeople(db: Db, owner: string): Promise<{ value: string; label: string }[]> {
  return db.all<{ value: string; label: string }>(sql`SELECT actor_uid AS value, actor_name AS label FROM (
      SELECT actor_uid, actor_name, row_number() OVER (PARTITION BY actor_uid ORDER BY created_at DESC, id DESC) AS n
      FROM ${auditLog} WHERE owner_uid = ${owner}) WHERE n = 1 ORDER BY lower(label), value LIMIT ${MAX_PEOPLE}`);
}

/** Staff: a page of every account's entries (or one account's), each with its company's name. */
export async function listEveryAudit(db: Db, query: BackofficeAuditListQuery, now = Date.now()) {
  const { account, ...filters } = query.filters;
  const where = and(account ? eq(auditLog.ownerUid, account) : undefined, ...filterConditions(filters, now));
  const [rows, totals] = await db.batch([
    db
      .select({ row: auditLog, accountName: assembler.name })
      .from(auditLog)
      .leftJoin(assembler, eq(assembler.uid, auditLog.ownerUid))
      .where(where)
      .orderBy(...orderOf(query.sort))
      .limit(query.perPage)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return {
    rows: rows.map(({ row, accountName }) => ({ ...auditJson(row), accountUid: row.ownerUid, accountName: accountName ?? '' })),
    total: totals[0]?.total ?? 0,
  };
}

/** Staff: the accounts that have entries (the "Conta" filter), by name. */
export async function auditAccounts(db: Db): Promise<{ value: string; label: string }[]> {
  return db.all<{ value: string; label: string }>(sql`SELECT a.owner_uid AS value, coalesce(s.name, a.owner_uid) AS label
    FROM (SELECT DISTINCT owner_uid FROM ${auditLog}) AS a LEFT JOIN ${assembler} AS s ON s.uid = a.owner_uid
    ORDER BY lower(label), value LIMIT ${MAX_PEOPLE}`);
}
