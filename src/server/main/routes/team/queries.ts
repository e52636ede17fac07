/** /team's SQL: every statement on an account's members, invitations or mail names the account (owner). */
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { INVITATION_TTL_DAYS, type InvitationStatus } from '@/contracts/team';
import { TITULAR_CODE, TITULAR_MESSAGES } from '@/contracts/titular';
import type { Db } from '../../../shared/app-env';
import { assembler, teamMember } from '../../../shared/db/core-schema';
import { ApiError } from '../../../shared/errors';
import type { Principal } from '../../../shared/principal';
import { invitation } from '../../db/account-schema';
import { DAY_MS } from '../../../shared/days';

export const INVITATION_TTL_MS = INVITATION_TTL_DAYS * DAY_MS;

export type MemberRow = typeof teamMember.$inferSelect;
export type InvitationRow = typeof invitation.$inferSelect;

/** E-mails are compared trimmed and without case. */
export const emailKey = (email: string): string => email.trim().toLowerCase();

export function invitationStatus(row: Pick<InvitationRow, 'status' | 'expiresAt'>, now = Date.now()): InvitationStatus {
  return row.status === 'pendente' && row.expiresAt <= now ? 'expirado' : row.status;
}

/** The account's Titular: who registered the company (their member row's uid is the account's). */
export const isTitular = (row: Pick<MemberRow, 'uid' | 'accountUid'>): boolean => row.uid === row.accountUid;

/** 403: another Administrador may not demote or remove the Titular (src/contracts/titular.ts). */
export const titularRefusal = (what: 'demotion' | 'removal') => new ApiError(403, TITULAR_CODE, TITULAR_MESSAGES[what]);

/** A member as the API answers it (before times are serialised). */
export function memberJson(row: MemberRow) {
  return {
    uid: row.uid,
    name: row.name,
    email: row.email,
    role: row.role,
    lastAccessAt: row.lastAccessAt,
    joinedAt: row.joinedAt,
    owner: isTitular(row),
  };
}

/**
 * An invitation as the Administrador sees it. Its `link` only in the answer that made the token (the invitation or
 * its resend: only the token's SHA-256 is stored), '' otherwise.
 */
export function invitationJson(row: InvitationRow, now = Date.now(), link = '') {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status: invitationStatus(row, now),
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    link,
  };
}

const byOwnerThenName = (a: MemberRow, b: MemberRow) =>
  Number(b.uid === b.accountUid) - Number(a.uid === a.accountUid) || a.name.localeCompare(b.name, 'pt-BR');

/** The account's team: who registered first, then by name; invitations newest first. */
export async function teamOf(db: Db, owner: string) {
  const [members, invitations] = await db.batch([
    db.select().from(teamMember).where(eq(teamMember.accountUid, owner)),
    db.select().from(invitation).where(eq(invitation.ownerUid, owner)).orderBy(desc(invitation.createdAt), desc(invitation.id)),
  ]);
  const now = Date.now();
  return {
    members: members.sort(byOwnerThenName).map(memberJson),
    invitations: invitations.map((row) => invitationJson(row, now)),
  };
}

export async function findMember(db: Db, owner: string, uid: string): Promise<MemberRow | null> {
  const [found] = await db
    .select()
    .from(teamMember)
    .where(and(eq(teamMember.accountUid, owner), eq(teamMember.uid, uid)))
    .limit(1);
  return found ?? null;
}

export async function adminCount(db: Db, owner: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(teamMember)
    .where(and(eq(teamMember.accountUid, owner), eq(teamMember.role, 'administrador')));
  return row?.n ?? 0;
}

/** Another Administrador of the account than `uid` exists (the guard of a demotion or a removal, in its WHERE). */
export const anotherAdmin = (owner: string, uid: string) =>
  sql`EXISTS (SELECT 1 FROM ${teamMember} AS other WHERE other.account_uid = ${owner} AND other.role = 'administrador' AND other.uid <> ${uid})`;

export async function findInvitation(db: Db, owner: string, id: string): Promise<InvitationRow | null> {
  const [found] = await db
    .select()
    .from(invitation)
    .where(and(eq(invitation.ownerUid, owner), eq(invitation.id, id)))
    .limit(1);
  return found ?? null;
}

/** By the link's secret's SHA-256 (the invitation page and its acceptance: any account's). */
export async function invitationByToken(db: Db, tokenHash: string): Promise<InvitationRow | null> {
  const [found] = await db.select().from(invitation).where(eq(invitation.tokenHash, tokenHash)).limit(1);
  return found ?? null;
}

/** Who invites: its member name, else its company's, else the token's name or e-mail. */
export async function inviterName(db: Db, principal: Principal): Promise<string> {
  const [member, company] = await db.batch([
    db
      .select({ name: teamMember.name })
      .from(teamMember)
      .where(and(eq(teamMember.accountUid, principal.uid), eq(teamMember.uid, principal.memberUid)))
      .limit(1),
    db.select({ name: assembler.name }).from(assembler).where(eq(assembler.uid, principal.memberUid)).limit(1),
  ]);
  return member[0]?.name ?? company[0]?.name ?? principal.name ?? principal.email;
}

/**
 * A pending invitation (not expired at `now`) of the account for the e-mail `key`, other than `exceptId`:
 * `invitationRefusal`'s 'already-invited' as SQL, for the guard of the write itself (two concurrent invitations, or
 * a new invitation and the resend of an expired one, cannot both pass it).
 */
export const pendingInvitation = (owner: string, key: string, now: number, exceptId = '') =>
  sql`EXISTS (SELECT 1 FROM ${invitation} AS other WHERE other.owner_uid = ${owner} AND other.email_key = ${key} AND other.status = 'pendente' AND other.expires_at > ${now} AND other.id <> ${exceptId})`;

/** Why an e-mail may not be invited to the account (null: it may). */
export async function invitationRefusal(
  db: Db,
  principal: Principal,
  email: string,
  now = Date.now(),
): Promise<'already-member' | 'already-invited' | 'other-account' | null> {
  const owner = principal.uid;
  const key = emailKey(email);
  const lowerEmail = (column: typeof teamMember.email | typeof assembler.email) => sql`lower(${column}) = ${key}`;
  const [members, sameMember, pending, elsewhereMember, elsewhereCompany] = await db.batch([
    db.select({ n: sql<number>`count(*)` }).from(teamMember).where(eq(teamMember.accountUid, owner)),
    db
      .select({ uid: teamMember.uid })
      .from(teamMember)
      .where(and(eq(teamMember.accountUid, owner), lowerEmail(teamMember.email)))
      .limit(1),
    db
      .select({ id: invitation.id })
      .from(invitation)
      .where(
        and(eq(invitation.ownerUid, owner), eq(invitation.emailKey, key), eq(invitation.status, 'pendente'), sql`${invitation.expiresAt} > ${now}`),
      )
      .limit(1),
    db
      .select({ uid: teamMember.uid })
      .from(teamMember)
      .where(and(lowerEmail(teamMember.email), ne(teamMember.accountUid, owner)))
      .limit(1),
    db
      .select({ uid: assembler.uid })
      .from(assembler)
      .where(and(lowerEmail(assembler.email), ne(assembler.uid, owner)))
      .limit(1),
  ]);
  const noMembers = (members[0]?.n ?? 0) === 0;
  if (sameMember.length > 0 || (noMembers && emailKey(principal.email) === key)) return 'already-member';
  if (pending.length > 0) return 'already-invited';
  if (elsewhereMember.length > 0 || elsewhereCompany.length > 0) return 'other-account';
  return null;
}

/** The link's secret: 18 random bytes, hex. */
export function newToken(): string {
  const bytes = new Uint8Array(18);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
