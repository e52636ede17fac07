/**
 * "Excluir conta" with a grace period (issue 35, item 4): asking schedules the erasure `DELETION_GRACE_DAYS` later
 * (one `account_deletion_request` row per account) and e-mails every Administrador (the `mail` rows the demo mailbox
 * shows, as invitations do); any Administrador may cancel until then (the row removed, the Administradores told); the
 * daily scheduled job erases the accounts whose day has come (`eraseDueAccounts` → deletion.ts).
 */
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { DELETION_GRACE_MS, deletionDay, RECENT_SIGN_IN_CODE, RECENT_SIGN_IN_MESSAGE, RECENT_SIGN_IN_MINUTES } from '@/contracts/account-data';
import type { Db } from '../../../shared/app-env';
import { assembler, teamMember } from '../../../shared/db/core-schema';
import { insertWhere } from '../../../shared/db/guarded';
import { ApiError } from '../../../shared/errors';
import { nextId } from '../../../shared/ids';
import type { Principal } from '../../../shared/principal';
import { accountDeletionRequest } from '../../db/account-deletion-schema';
import { mail } from '../../db/account-schema';
import { dispatchMail } from '../../mail/outbox';
import type { Env } from '../../../shared/env';
import { deleteAccount } from './deletion';
import type { AuditStatement } from '../../audit';

export type DeletionRequestRow = typeof accountDeletionRequest.$inferSelect;

/** Where the e-mails send the Administrador: Configurações (Privacidade e dados: "Cancelar exclusão"). */
export const DELETION_MAIL_LINK = '/settings/';
/** Accounts the daily job erases at most per run (the rest the next day: each is one big transaction). */
export const ERASE_PER_RUN = 20;

/** 403 unless the person signed in within the last RECENT_SIGN_IN_MINUTES (the token's `auth_time`). */
export function requireRecentSignIn(principal: Principal, now = Date.now()): void {
  if (now - principal.authTime * 1000 > RECENT_SIGN_IN_MINUTES * 60_000) throw new ApiError(403, RECENT_SIGN_IN_CODE, RECENT_SIGN_IN_MESSAGE);
}

/** The answer's shape (times still epoch ms). */
export const scheduleJson = (row: DeletionRequestRow) => ({ requestedAt: row.requestedAt, eraseAt: row.eraseAt, requestedBy: row.requestedByName });

export async function findDeletionRequest(db: Db, owner: string): Promise<DeletionRequestRow | null> {
  const [row] = await db.select().from(accountDeletionRequest).where(eq(accountDeletionRequest.ownerUid, owner)).limit(1);
  return row ?? null;
}

/** The account's Administradores' e-mails (the company's own when it has no member row), each once. */
async function adminEmails(db: Db, owner: string): Promise<string[]> {
  const [admins, company] = await db.batch([
    db
      .select({ email: teamMember.email })
      .from(teamMember)
      .where(and(eq(teamMember.accountUid, owner), eq(teamMember.role, 'administrador')))
      .orderBy(asc(teamMember.joinedAt), asc(teamMember.uid)),
    db.select({ email: assembler.email }).from(assembler).where(eq(assembler.uid, owner)).limit(1),
  ]);
  const emails = admins.map((row) => row.email);
  if (emails.length === 0 && company[0]?.email) emails.push(company[0].email);
  return [...new Set(emails.filter((email) => email !== ''))];
}

/** One e-mail per Administrador, their INSERTs kept only if `when` holds as they run (after the batch's write). */
async function adminMails(db: Db, owner: string, subject: string, text: string, sentAt: number) {
  const emails = await adminEmails(db, owner);
  const ids = await Promise.all(emails.map(() => nextId(db, 'mail')));
  return emails.map((to, index) => ({
    id: ids[index] ?? `mail-${sentAt}-${index}`,
    ownerUid: owner,
    to,
    subject,
    text,
    link: DELETION_MAIL_LINK,
    sentAt,
    kind: 'exclusao' as const,
    status: 'na-fila' as const,
  }));
}

/** The person's name as the team list has it, else the token's name or e-mail. */
async function requesterName(db: Db, principal: Principal): Promise<string> {
  const [row] = await db
    .select({ name: teamMember.name })
    .from(teamMember)
    .where(and(eq(teamMember.accountUid, principal.uid), eq(teamMember.uid, principal.memberUid)))
    .limit(1);
  return row?.name ?? principal.name ?? principal.email;
}

/**
 * Schedules the account's erasure: the row and the Administradores' e-mails in one batch. Already scheduled: the
 * existing schedule, unchanged and without new e-mails (two requests at once make one row and one set of e-mails).
 */
export async function scheduleDeletion(
  db: Db,
  principal: Principal,
  companyName: string,
  now = Date.now(),
  env: Pick<Env, 'MAIL_QUEUE'> = {},
  audit?: AuditStatement,
): Promise<DeletionRequestRow> {
  const owner = principal.uid;
  const existing = await findDeletionRequest(db, owner);
  if (existing) return existing;
  const row: DeletionRequestRow = {
    ownerUid: owner,
    requestedByUid: principal.memberUid,
    requestedByName: await requesterName(db, principal),
    requestedAt: now,
    eraseAt: now + DELETION_GRACE_MS,
  };
  const day = deletionDay(row.eraseAt);
  const mails = await adminMails(
    db,
    owner,
    `Exclusão da conta de ${companyName} agendada para ${day}`,
    `${row.requestedByName} pediu a exclusão da conta de ${companyName} no Ponte IIoT. Os dados serão apagados em ${day}. ` +
      'Até lá, qualquer Administrador pode cancelar em Configurações → Privacidade e dados ("Cancelar exclusão").',
    now,
  );
  // The e-mails only if this request's row is the one written (a concurrent request's stays, with its own).
  const mine = sql`EXISTS (SELECT 1 FROM ${accountDeletionRequest} WHERE ${accountDeletionRequest.ownerUid} = ${owner} AND ${accountDeletionRequest.requestedAt} = ${now} AND ${accountDeletionRequest.requestedByUid} = ${principal.memberUid})`;
  await db.batch([
    db.insert(accountDeletionRequest).values(row).onConflictDoNothing({ target: accountDeletionRequest.ownerUid }),
    ...mails.map((value) => insertWhere(db, mail, value, mine)),
    // The audit log's entry (audit/), only with this request's row.
    ...(audit ? [audit({ before: null, after: { eraseAt: new Date(row.eraseAt) }, at: now }, mine)] : []),
  ]);
  // Queued after the batch; a row it did not keep (a concurrent request's won) is skipped by the consumer.
  await dispatchMail(env, mails.map((value) => ({ store: 'mail', id: value.id })));
  return (await findDeletionRequest(db, owner)) ?? row;
}

/** Cancels the account's scheduled erasure (false: none was scheduled); then the Administradores are told. */
export async function cancelDeletion(
  db: Db,
  principal: Principal,
  companyName: string,
  now = Date.now(),
  env: Pick<Env, 'MAIL_QUEUE'> = {},
  audit?: AuditStatement,
): Promise<boolean> {
  const owner = principal.uid;
  const remove = db
    .delete(accountDeletionRequest)
    .where(eq(accountDeletionRequest.ownerUid, owner))
    .returning({ ownerUid: accountDeletionRequest.ownerUid, eraseAt: accountDeletionRequest.eraseAt });
  // The audit log's entry first, on the row the DELETE removes (the same batch: both or neither).
  const scheduled = sql`EXISTS (SELECT 1 FROM ${accountDeletionRequest} WHERE ${accountDeletionRequest.ownerUid} = ${owner})`;
  const removed = audit ? (await db.batch([audit({ before: null, after: null, at: now }, scheduled), remove]))[1] : await remove;
  if (removed.length === 0) return false;
  const name = await requesterName(db, principal);
  const mails = await adminMails(
    db,
    owner,
    `Exclusão da conta de ${companyName} cancelada`,
    `${name} cancelou a exclusão da conta de ${companyName} no Ponte IIoT. Nada será apagado.`,
    now,
  );
  const [first, ...rest] = mails.map((value) => db.insert(mail).values(value));
  if (first) await db.batch([first, ...rest]);
  await dispatchMail(env, mails.map((value) => ({ store: 'mail', id: value.id })));
  return true;
}

/** The daily job: the accounts whose grace period is over, each erased in its own transaction (deletion.ts). */
export async function eraseDueAccounts(db: Db, now = Date.now()): Promise<string[]> {
  const due = await db
    .select({ ownerUid: accountDeletionRequest.ownerUid })
    .from(accountDeletionRequest)
    .where(lte(accountDeletionRequest.eraseAt, now))
    .orderBy(asc(accountDeletionRequest.eraseAt))
    .limit(ERASE_PER_RUN);
  const erased: string[] = [];
  for (const { ownerUid } of due) {
    if (await deleteAccount(db, ownerUid, now)) erased.push(ownerUid);
  }
  return erased;
}
