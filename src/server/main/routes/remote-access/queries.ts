/**
 * Remote access's SQL (issue 25). Every statement names the owner. Expiry and (demo) handshakes are settled on read:
 * one batch moves the sessions whose time has come and writes their events, so Histórico and the lists agree.
 */
import { and, asc, count, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_REMOTE_ACCESS_POLICY,
  OPEN_STATUSES,
  REQUEST_TTL_HOURS,
  isRemoteAccessDuration,
  type RemoteAccessEventKind,
  type RemoteAccessEventListQuery,
  type RemoteAccessSessionListQuery,
} from '@/contracts/remote-access';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../../shared/app-env';
import { assembler, teamMember } from '../../../shared/db/core-schema';
import { offsetOf } from '../../../shared/list';
import type { Principal } from '../../../shared/principal';
import type { Env } from '../../../shared/env';
import { vpnNode } from '../../../vpn/db/vpn-schema';
import { customer, machine } from '../../db/fleet-schema';
import { remoteAccessEvent, remoteAccessPolicy, remoteAccessSession } from '../../db/remote-access-schema';

export type SessionRow = typeof remoteAccessSession.$inferSelect;
export type EventRow = typeof remoteAccessEvent.$inferInsert;

const HOUR_MS = 3_600_000;
export const REQUEST_TTL_MS = REQUEST_TTL_HOURS * HOUR_MS;
export const hoursMs = (hours: number) => hours * HOUR_MS;

/** A window of `hours`: an hour is `REMOTE_ACCESS_HOUR_MS` when the tests set it (env.ts), else 3 600 000 ms. */
export function windowMs(env: Env, hours: number): number {
  const configured = Number(env.REMOTE_ACCESS_HOUR_MS);
  return hours * (Number.isFinite(configured) && configured > 0 ? configured : HOUR_MS);
}

// ---- the policy ----

export async function readPolicy(db: Db, owner: string) {
  const [row] = await db.select().from(remoteAccessPolicy).where(eq(remoteAccessPolicy.ownerUid, owner)).limit(1);
  if (!row) return { requireApproval: DEFAULT_REMOTE_ACCESS_POLICY.requireApproval, maxDurationHours: DEFAULT_REMOTE_ACCESS_POLICY.maxDurationHours, version: 1, updatedAt: null };
  return {
    requireApproval: row.requireApproval,
    maxDurationHours: isRemoteAccessDuration(row.maxDurationHours) ? row.maxDurationHours : DEFAULT_REMOTE_ACCESS_POLICY.maxDurationHours,
    version: row.version,
    updatedAt: row.updatedAt as number | null,
  };
}

export type PolicyJson = Awaited<ReturnType<typeof readPolicy>>;

// ---- people ----

/** The caller's name as the lists show it: the token's, else the team's or the account's record, else the e-mail. */
export async function personName(db: Db, principal: Principal): Promise<string> {
  if (principal.name?.trim()) return principal.name.trim();
  if (principal.memberUid !== principal.uid) {
    const [member] = await db
      .select({ name: teamMember.name })
      .from(teamMember)
      .where(and(eq(teamMember.accountUid, principal.uid), eq(teamMember.uid, principal.memberUid)))
      .limit(1);
    if (member?.name) return member.name;
  } else {
    const [account] = await db.select({ name: assembler.name }).from(assembler).where(eq(assembler.uid, principal.uid)).limit(1);
    if (account?.name) return account.name;
  }
  return principal.email || principal.memberUid;
}

// ---- sessions ----

const customerName = sql<string | null>`${customer.name}`.as('j_customer_name');

/** Sessions with their machine's customer (both the owner's, joined on the owner too). */
function sessionSelect(db: Db, owner: string) {
  return db
    .select({ row: remoteAccessSession, customerName })
    .from(remoteAccessSession)
    .leftJoin(machine, and(eq(machine.ownerUid, owner), eq(machine.id, remoteAccessSession.machineId)))
    .leftJoin(customer, and(eq(customer.ownerUid, owner), eq(customer.id, machine.customerId)));
}

/** The session as the API answers it (before times are serialised). */
export function sessionJson(row: SessionRow, customer: string | null) {
  return {
    id: row.id,
    machineId: row.machineId,
    machineName: row.machineName,
    customerName: customer,
    deviceId: row.deviceId,
    requesterUid: row.requesterUid,
    requesterName: row.requesterName,
    requesterEmail: row.requesterEmail,
    reason: row.reason,
    durationHours: row.durationHours,
    services: row.services,
    status: row.status,
    awaiting: row.status === 'pending' ? (row.awaiting ?? 'admin') : null,
    lanSubnet: row.lanSubnet,
    tunnelSubnet: row.tunnelSubnet ?? null,
    tunnelAddress: row.tunnelAddress,
    windowStartsAt: row.windowStart,
    windowEndsAt: row.windowEnd,
    decidedByName: row.decidedByName,
    decidedAt: row.decidedAt,
    refusalReason: row.refusalReason,
    endedByName: row.endedByName,
    endedAt: row.endedAt,
    endReason: row.endReason,
    lastHandshakeAt: row.lastHandshakeAt,
    bytesIn: row.bytesIn,
    bytesOut: row.bytesOut,
    version: row.version,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export type SessionJson = ReturnType<typeof sessionJson>;

export async function findSession(db: Db, owner: string, id: string): Promise<{ row: SessionRow; json: SessionJson } | null> {
  const [found] = await sessionSelect(db, owner)
    .where(and(eq(remoteAccessSession.ownerUid, owner), eq(remoteAccessSession.id, id)))
    .limit(1);
  return found ? { row: found.row, json: sessionJson(found.row, found.customerName) } : null;
}

/** The person's open window on the machine (at most one: a unique index). */
export async function openSession(db: Db, owner: string, machineId: string, requesterUid: string): Promise<SessionRow | null> {
  const [row] = await db
    .select()
    .from(remoteAccessSession)
    .where(
      and(
        eq(remoteAccessSession.ownerUid, owner),
        eq(remoteAccessSession.machineId, machineId),
        eq(remoteAccessSession.requesterUid, requesterUid),
        inArray(remoteAccessSession.status, [...OPEN_STATUSES]),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** A WireGuard key already held by another open session or a VPN user (two peers cannot share one). */
export async function keyInUse(db: Db, publicKey: string, exceptSessionId: string): Promise<boolean> {
  const row = await db.get<{ used: number } | undefined>(sql`SELECT
      EXISTS (SELECT 1 FROM remote_access_session WHERE wg_public_key = ${publicKey} AND id <> ${exceptSessionId}
        AND status IN ('approved', 'active'))
      OR EXISTS (SELECT 1 FROM vpn_user WHERE wg_public_key = ${publicKey}) AS used`);
  return Boolean(row?.used);
}

/** Another open session (any account) holds the tunnel address: two peers of the VPN can never share one. */
export async function tunnelAddressInUse(db: Db, address: string, exceptSessionId: string): Promise<boolean> {
  const row = await db.get<{ used: number } | undefined>(sql`SELECT EXISTS (SELECT 1 FROM remote_access_session
      WHERE status IN ('pending', 'approved', 'active') AND tunnel_address = ${address} AND id <> ${exceptSessionId}) AS used`);
  return Boolean(row?.used);
}

function sessionOrder(sort: string): SQL[] {
  const descending = sort.startsWith('-');
  const dir = (column: SQL | SQLiteColumn) => (descending ? desc(column) : asc(column));
  if (sort.endsWith('windowEndsAt')) return [sql`${remoteAccessSession.windowEnd} IS NULL`, dir(remoteAccessSession.windowEnd), asc(remoteAccessSession.id)];
  return [dir(remoteAccessSession.createdAt), asc(remoteAccessSession.id)];
}

export async function listSessions(db: Db, owner: string, query: RemoteAccessSessionListQuery) {
  const { status, machine: machineId, person } = query.filters;
  const where = and(
    eq(remoteAccessSession.ownerUid, owner),
    status === 'open' ? inArray(remoteAccessSession.status, [...OPEN_STATUSES]) : status ? eq(remoteAccessSession.status, status) : undefined,
    machineId ? eq(remoteAccessSession.machineId, machineId) : undefined,
    person ? eq(remoteAccessSession.requesterUid, person) : undefined,
  );
  const [rows, totals] = await db.batch([
    sessionSelect(db, owner).where(where).orderBy(...sessionOrder(query.sort)).limit(query.perPage).offset(offsetOf(query)),
    db.select({ total: count() }).from(remoteAccessSession).where(where),
  ]);
  return { rows: rows.map((found) => sessionJson(found.row, found.customerName)), total: totals[0]?.total ?? 0 };
}

// ---- events ----

export function eventJson(row: typeof remoteAccessEvent.$inferSelect) {
  return {
    id: row.id,
    sessionId: row.sessionId,
    kind: row.kind,
    machineId: row.machineId,
    machineName: row.machineName,
    requesterUid: row.requesterUid,
    requesterName: row.requesterName,
    actorUid: row.actorUid,
    actorName: row.actorName,
    reason: row.reason,
    occurredAt: row.at,
  };
}

/** An event of `session` (`id`: a fresh `remote-access-event-…`). */
export function eventRow(
  id: string,
  session: Pick<SessionRow, 'ownerUid' | 'id' | 'machineId' | 'machineName' | 'requesterUid' | 'requesterName'>,
  kind: RemoteAccessEventKind,
  /** `uid` null: someone outside the account (the factory, by its link). */
  actor: { uid: string | null; name: string } | null,
  reason: string,
  at: number,
): EventRow {
  return {
    id,
    ownerUid: session.ownerUid,
    sessionId: session.id,
    kind,
    machineId: session.machineId,
    machineName: session.machineName,
    requesterUid: session.requesterUid,
    requesterName: session.requesterName,
    actorUid: actor?.uid ?? null,
    actorName: actor?.name ?? null,
    reason,
    at,
  };
}

/** Histórico's filters (each served by an index starting with the owner; `days`: the last N days before `now`). */
export async function listEvents(db: Db, owner: string, query: RemoteAccessEventListQuery, now: number) {
  const { machine: machineId, person, kind, days } = query.filters;
  const where = and(
    eq(remoteAccessEvent.ownerUid, owner),
    machineId ? eq(remoteAccessEvent.machineId, machineId) : undefined,
    person ? eq(remoteAccessEvent.requesterUid, person) : undefined,
    kind ? eq(remoteAccessEvent.kind, kind) : undefined,
    days ? gte(remoteAccessEvent.at, now - Number(days) * 24 * HOUR_MS) : undefined,
  );
  const order = query.sort === 'occurredAt' ? [asc(remoteAccessEvent.at), asc(remoteAccessEvent.id)] : [desc(remoteAccessEvent.at), desc(remoteAccessEvent.id)];
  const [rows, totals] = await db.batch([
    db.select().from(remoteAccessEvent).where(where).orderBy(...order).limit(query.perPage).offset(offsetOf(query)),
    db.select({ total: count() }).from(remoteAccessEvent).where(where),
  ]);
  return { rows: rows.map(eventJson), total: totals[0]?.total ?? 0 };
}

// ---- settled on read: expiry, and the demo node's handshakes ----

/**
 * Moves the owner's sessions whose time has come, with their events, in one batch: an active window that ended
 * → `expired` (at its end); a request never decided, or approved and never downloaded, for REQUEST_TTL_HOURS →
 * `expired`. In demo mode, a freshly issued profile's handshake (`handshake_due_at`) is reported: the session's last
 * handshake, a `connected` event and the gateway's node. Event ids are derived from the session (one each).
 */
export async function settleSessions(db: Db, owner: string, now: number, demo: boolean): Promise<void> {
  const s = remoteAccessSession;
  const expiring = sql`${s.ownerUid} = ${owner} AND ((${s.status} = 'active' AND ${s.windowEnd} <= ${now})
    OR (${s.status} IN ('pending', 'approved') AND coalesce(${s.decidedAt}, ${s.createdAt}) <= ${now - REQUEST_TTL_MS}))`;
  const due = sql`${s.ownerUid} = ${owner} AND ${s.status} = 'active' AND ${s.handshakeDueAt} IS NOT NULL
    AND ${s.handshakeDueAt} <= ${now}`;
  // Demo: a connected session's traffic grows as a gateway's does (counted at most once a second).
  const flowing = sql`${s.ownerUid} = ${owner} AND ${s.status} = 'active' AND ${s.lastHandshakeAt} IS NOT NULL
    AND coalesce(${s.bytesAt}, ${s.lastHandshakeAt}) <= ${now - 1000} AND ${s.windowEnd} > ${now}`;
  const pending = await db.get<{ expiring: number; due: number; flowing: number } | undefined>(
    sql`SELECT EXISTS (SELECT 1 FROM ${s} WHERE ${expiring}) AS expiring,
      ${demo ? sql`EXISTS (SELECT 1 FROM ${s} WHERE ${due})` : sql`0`} AS due,
      ${demo ? sql`EXISTS (SELECT 1 FROM ${s} WHERE ${flowing})` : sql`0`} AS flowing`,
  );
  if (!pending?.expiring && !pending?.due && !pending?.flowing) return;
  // Columns in the table's order: id, owner_uid, session_id, kind, machine_id, machine_name, requester_uid,
  // requester_name, actor_uid, actor_name, reason, at.
  const statements = [];
  if (pending.due) {
    statements.push(
      db.insert(remoteAccessEvent).select(
        sql`SELECT ${s.id} || '-connected-' || ${s.handshakeDueAt}, ${s.ownerUid}, ${s.id}, 'connected', ${s.machineId},
          ${s.machineName}, ${s.requesterUid}, ${s.requesterName}, NULL, NULL, '', ${s.handshakeDueAt} FROM ${s} WHERE ${due}`,
      ),
      db
        .update(vpnNode)
        .set({
          lastHandshakeAt: sql`max(coalesce(${vpnNode.lastHandshakeAt}, 0),
            (SELECT max(${s.handshakeDueAt}) FROM ${s} WHERE ${due} AND ${s.deviceId} = ${vpnNode.deviceId}))`,
        })
        .where(sql`${vpnNode.ownerUid} = ${owner} AND ${vpnNode.deviceId} IN (SELECT ${s.deviceId} FROM ${s} WHERE ${due})`),
      db.update(s).set({ lastHandshakeAt: sql`${s.handshakeDueAt}`, handshakeDueAt: null }).where(due),
    );
  }
  if (pending.flowing) statements.push(growTraffic(db, flowing, now));
  if (pending.expiring) {
    const expiredAt = sql`CASE WHEN ${s.status} = 'active' THEN ${s.windowEnd} ELSE coalesce(${s.decidedAt}, ${s.createdAt}) + ${REQUEST_TTL_MS} END`;
    statements.push(
      db.insert(remoteAccessEvent).select(
        sql`SELECT ${s.id} || '-expired', ${s.ownerUid}, ${s.id}, 'expired', ${s.machineId}, ${s.machineName},
          ${s.requesterUid}, ${s.requesterName}, NULL, NULL, '', ${expiredAt} FROM ${s} WHERE ${expiring}`,
      ),
      db
        .update(s)
        .set({ status: 'expired', endedAt: expiredAt, handshakeDueAt: null, version: sql`${s.version} + 1`, updatedAt: now })
        .where(expiring),
    );
  }
  const [first, ...rest] = statements;
  if (!first) return;
  try {
    await db.batch([first, ...rest]);
  } catch (error) {
    // Another request settled the same sessions first (the events' ids are derived): theirs stand.
    if (!/UNIQUE constraint failed/.test(`${error instanceof Error ? error.message : ''} ${String((error as { cause?: unknown }).cause ?? '')}`)) throw error;
  }
}

/** Demo traffic per second of a connected session: received from the engineer (commands) and sent to him (screens). */
export const DEMO_BYTES_IN_PER_SECOND = 1_536;
export const DEMO_BYTES_OUT_PER_SECOND = 12_288;

/** The simulated node's counters: each connected session's bytes grow with the seconds since they were last counted. */
function growTraffic(db: Db, where: SQL, now: number) {
  const s = remoteAccessSession;
  const seconds = sql`((${now} - coalesce(${s.bytesAt}, ${s.lastHandshakeAt})) / 1000)`;
  return db
    .update(s)
    .set({
      bytesIn: sql`${s.bytesIn} + ${seconds} * ${DEMO_BYTES_IN_PER_SECOND}`,
      bytesOut: sql`${s.bytesOut} + ${seconds} * ${DEMO_BYTES_OUT_PER_SECOND}`,
      bytesAt: now,
    })
    .where(where);
}
