/** /me and /assembler's SQL: the person's own rows (its uid) and its account's (the owner). */
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../shared/app-env';
import { assembler, staff, teamMember } from '../../../shared/db/core-schema';
import type { Principal } from '../../../shared/principal';

const MINUTE = 60_000;

/** The account's name as the team and the invitations show it: the company's, else who owns it. */
export async function accountNameOf(db: Db, accountUid: string): Promise<string> {
  const [company, owner] = await db.batch([
    db.select({ name: assembler.name }).from(assembler).where(eq(assembler.uid, accountUid)).limit(1),
    db
      .select({ name: teamMember.name, email: teamMember.email })
      .from(teamMember)
      .where(and(eq(teamMember.accountUid, accountUid), eq(teamMember.uid, accountUid)))
      .limit(1),
  ]);
  return company[0]?.name ?? owner[0]?.name ?? owner[0]?.email ?? accountUid;
}

export interface Profile {
  name: string;
  cnpj: string | null;
  email: string;
  role?: Principal['role'];
  accountName?: string;
}

/**
 * The profile of the person signed in: who registered the company gets its record; any other member its own name
 * and the company's CNPJ; staff their name (no account). Null: nobody known (a sign-up not finished).
 */
export async function profileOf(db: Db, principal: Principal): Promise<Profile | null> {
  const uid = principal.memberUid;
  const [own, account, member, person] = await db.batch([
    db.select().from(assembler).where(eq(assembler.uid, uid)).limit(1),
    db.select().from(assembler).where(eq(assembler.uid, principal.uid)).limit(1),
    db
      .select()
      .from(teamMember)
      .where(and(eq(teamMember.accountUid, principal.uid), eq(teamMember.uid, uid)))
      .limit(1),
    db.select().from(staff).where(eq(staff.uid, uid)).limit(1),
  ]);
  const access = async () => ({ role: principal.role, accountName: await accountNameOf(db, principal.uid) });
  if (own[0]) return { name: own[0].name, cnpj: own[0].cnpj, email: own[0].email, ...(await access()) };
  if (member[0] && account[0]) {
    return { name: member[0].name, cnpj: account[0].cnpj, email: member[0].email, ...(await access()) };
  }
  if (person[0]) return { name: person[0].name, cnpj: null, email: person[0].email };
  return null;
}

/** Último acesso on the Equipe screen: at most one write a minute (one conditional UPDATE). */
export async function recordAccess(db: Db, principal: Principal, now = Date.now()): Promise<void> {
  await db
    .update(teamMember)
    .set({ lastAccessAt: now })
    .where(
      and(
        eq(teamMember.accountUid, principal.uid),
        eq(teamMember.uid, principal.memberUid),
        or(isNull(teamMember.lastAccessAt), lt(teamMember.lastAccessAt, now - MINUTE)),
      ),
    );
}

/** Renames the person everywhere it has a name (its company if it registered it, its staff and member rows). */
export async function renamePerson(db: Db, principal: Principal, name: string): Promise<boolean> {
  const uid = principal.memberUid;
  const now = Date.now();
  const [companies, people, members] = await db.batch([
    db
      .update(assembler)
      .set({ name, version: sql`${assembler.version} + 1`, updatedAt: now })
      .where(eq(assembler.uid, uid))
      .returning({ uid: assembler.uid }),
    db.update(staff).set({ name }).where(eq(staff.uid, uid)).returning({ uid: staff.uid }),
    db
      .update(teamMember)
      .set({ name, version: sql`${teamMember.version} + 1`, updatedAt: now })
      .where(and(eq(teamMember.accountUid, principal.uid), eq(teamMember.uid, uid)))
      .returning({ uid: teamMember.uid }),
  ]);
  return companies.length + people.length + members.length > 0;
}

export async function assemblerExists(db: Db, uid: string): Promise<boolean> {
  const [found] = await db.select({ uid: assembler.uid }).from(assembler).where(eq(assembler.uid, uid)).limit(1);
  return found !== undefined;
}

export async function cnpjRegistered(db: Db, cnpj: string): Promise<boolean> {
  const [found] = await db.select({ uid: assembler.uid }).from(assembler).where(eq(assembler.cnpj, cnpj)).limit(1);
  return found !== undefined;
}
