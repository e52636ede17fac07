/**
 * A CNPJ is only *held* until its account's e-mail is verified (issue 35, migration 0019): a company registered
 * with an unverified e-mail gets `held_until` = registration + 48 h; the registrant's first GET /me with a verified
 * token clears it. Past `held_until` the company is released — by the daily purge, or at once when someone else
 * registers the same CNPJ — so that the CNPJ can be registered again.
 *
 * Releasing erases what the account could make while unverified (it could not buy, invite or connect): the company
 * row, its team's rows (its registrant), invitations and their e-mails, the fleet (customers, machine models,
 * machines), addresses, the remote-access policy and the stored answers of its creates. The Firebase identity
 * stays: signing in again finds no company (GET /me 404) and the portal asks for the registration anew.
 */
import { and, eq, inArray, isNotNull, isNull, lt, notExists, type SQL } from 'drizzle-orm';
import type { Db } from '../../../shared/app-env';
import { assembler, idempotencyKey, teamMember } from '../../../shared/db/core-schema';
import type { Principal } from '../../../shared/principal';
import { invitation, mail } from '../../db/account-schema';
import { address, purchaseOrder } from '../../db/commerce-schema';
import { customer, machine, machineModel } from '../../db/fleet-schema';
import { remoteAccessPolicy } from '../../db/remote-access-schema';

/** How long an unverified account holds its CNPJ. */
export const HOLD_MS = 48 * 60 * 60 * 1000;

/** `held_until` of a new company: null when the registrant's e-mail is already verified (e.g. Google's). */
export function heldUntilFor(principal: Pick<Principal, 'emailVerified'>, now: number): number | null {
  return principal.emailVerified ? null : now + HOLD_MS;
}

/** The companies whose hold is over (never a deleted account, never one with an order), optionally one CNPJ. */
function expired(db: Db, now: number, cnpj?: string) {
  const conditions: SQL[] = [
    isNotNull(assembler.heldUntil),
    lt(assembler.heldUntil, now),
    isNull(assembler.deletedAt),
    notExists(db.select({ uid: purchaseOrder.ownerUid }).from(purchaseOrder).where(eq(purchaseOrder.ownerUid, assembler.uid))),
  ];
  if (cnpj !== undefined) conditions.push(eq(assembler.cnpj, cnpj));
  return and(...conditions);
}

/** One batch (one transaction): the dependents first, the company last (the selection reads it). */
async function release(db: Db, now: number, cnpj?: string): Promise<number> {
  const owners = db.select({ uid: assembler.uid }).from(assembler).where(expired(db, now, cnpj));
  const results = await db.batch([
    db.delete(customer).where(inArray(customer.ownerUid, owners)),
    db.delete(machine).where(inArray(machine.ownerUid, owners)),
    db.delete(machineModel).where(inArray(machineModel.ownerUid, owners)),
    db.delete(address).where(inArray(address.ownerUid, owners)),
    db.delete(remoteAccessPolicy).where(inArray(remoteAccessPolicy.ownerUid, owners)),
    db.delete(mail).where(inArray(mail.ownerUid, owners)),
    db.delete(invitation).where(inArray(invitation.ownerUid, owners)),
    db.delete(idempotencyKey).where(inArray(idempotencyKey.ownerUid, owners)),
    db.delete(teamMember).where(inArray(teamMember.accountUid, owners)),
    db.delete(assembler).where(expired(db, now, cnpj)).returning({ uid: assembler.uid }),
  ] as const);
  return results[9].length;
}

/** The daily purge: every company whose account stayed unverified past its 48 h; answers how many. */
export function releaseUnverifiedHolds(db: Db, now = Date.now()): Promise<number> {
  return release(db, now);
}

/** Before a registration: the CNPJ's company, if its hold is over, is released now rather than at the purge. */
export function releaseExpiredHold(db: Db, cnpj: string, now = Date.now()): Promise<number> {
  return release(db, now, cnpj);
}

/** The registrant verified its e-mail: its company is kept (one conditional UPDATE; nothing when already kept). */
export async function keepVerifiedHold(db: Db, principal: Principal): Promise<void> {
  if (!principal.emailVerified || principal.uid !== principal.memberUid) return;
  await db
    .update(assembler)
    .set({ heldUntil: null })
    .where(and(eq(assembler.uid, principal.uid), isNotNull(assembler.heldUntil)));
}
