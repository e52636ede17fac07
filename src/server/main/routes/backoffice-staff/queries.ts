/** The staff table's reads and the guarded writes of "Conceder acesso" and "Revogar acesso". */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { StaffMember } from '@/contracts/staff';
import type { AppEnv, Db } from '../../../shared/app-env';
import { staff, teamMember } from '../../../shared/db/core-schema';
import { insertWhere } from '../../../shared/db/guarded';
import { staffRevocation } from '../../../shared/db/staff-schema';
import { auditInsertWhere } from '../../audit';

export async function listStaff(db: Db): Promise<StaffMember[]> {
  return db.select({ uid: staff.uid, name: staff.name, email: staff.email }).from(staff).orderBy(asc(sql`lower(${staff.name})`), asc(staff.uid));
}

export async function findStaff(db: Db, uid: string): Promise<StaffMember | null> {
  const [row] = await db.select({ uid: staff.uid, name: staff.name, email: staff.email }).from(staff).where(eq(staff.uid, uid)).limit(1);
  return row ?? null;
}

export async function staffCount(db: Db): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)` }).from(staff);
  return Number(row?.count ?? 0);
}

/** The name a new member is listed by: Firebase's display name, else their name in a team, else the e-mail. */
export async function nameFor(db: Db, uid: string, displayName: string | undefined, email: string): Promise<string> {
  if (displayName?.trim()) return displayName.trim();
  const [member] = await db.select({ name: teamMember.name }).from(teamMember).where(eq(teamMember.uid, uid)).limit(1);
  return member?.name ?? email;
}

/** The member's row and its audit entry, in one batch; false when the row already existed (nothing written). */
export async function insertStaff(c: Context<AppEnv>, member: StaffMember): Promise<boolean> {
  const { db } = c.var;
  const absent = sql`NOT EXISTS (SELECT 1 FROM ${staff} WHERE ${staff.uid} = ${member.uid})`;
  const [, inserted] = await db.batch([
    auditInsertWhere(c, { kind: 'staff.grant', target: { kind: 'staff', id: member.uid, label: member.name }, before: null, after: { email: member.email, admin: true } }, absent),
    db.insert(staff).values(member).onConflictDoNothing({ target: staff.uid }).returning({ uid: staff.uid }),
  ]);
  return inserted.length > 0;
}

/**
 * Removes the member, writes the revocation (tokens signed in before `at` refused) and the audit entry — all only
 * while another member remains (two revocations at once cannot empty the team). False: nothing was written.
 */
export async function removeStaff(c: Context<AppEnv>, member: StaffMember, at: number): Promise<boolean> {
  const { db } = c.var;
  const stays = sql`EXISTS (SELECT 1 FROM ${staff} WHERE ${staff.uid} = ${member.uid}) AND (SELECT count(*) FROM ${staff}) > 1`;
  const [, , , removed] = await db.batch([
    auditInsertWhere(c, { kind: 'staff.revoke', target: { kind: 'staff', id: member.uid, label: member.name }, before: { email: member.email, admin: true }, after: { email: member.email, admin: false }, at }, stays),
    db.delete(staffRevocation).where(and(eq(staffRevocation.uid, member.uid), stays)),
    insertWhere(db, staffRevocation, { uid: member.uid, revokedAt: at }, stays),
    db.delete(staff).where(and(eq(staff.uid, member.uid), stays)).returning({ uid: staff.uid }),
  ]);
  return removed.length > 0;
}
