/**
 * "Excluir conta" (LGPD: elimination): one `db.batch` — one transaction, all or nothing — that
 * - marks the account deleted (`assembler.deleted_at`; the company's name and CNPJ stay: the orders' fiscal records
 *   name their buyer) and erases its e-mail; from then on `authenticate` refuses the owner and every member (403);
 * - anonymises every member's row (kept, without name or e-mail, so the refusal knows them);
 * - revokes the pending invitations and erases the e-mails of all of them;
 * - deletes the fleet (customers, machine models, machines, gateways), the addresses, the demo's e-mails, the
 *   remote-access policy, sessions (the open ones end with them) and events, the VPN's users, nodes and routes (the
 *   gateways are no longer served) and the stored answers of creates;
 * - keeps the orders (5 years of fiscal retention) with their personal fields anonymised: the delivery address
 *   bar CEP, city and UF, the buyer's name in the timeline;
 * - keeps the access records (date, time, public IP; Marco Civil da Internet: 6 months) without name or e-mail;
 *   `purgeDeletedAccessRecords` removes them after that.
 */
import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../shared/app-env';
import { assembler, idempotencyKey, teamMember } from '../../../shared/db/core-schema';
import { invitation, mail } from '../../db/account-schema';
import { accountExport } from '../../db/account-deletion-schema';
import { address, orderTimeline, purchaseOrder } from '../../db/commerce-schema';
import { device, deviceConnection } from '../../db/device-schema';
import { customer, machine, machineModel } from '../../db/fleet-schema';
import { remoteAccessEvent, remoteAccessPolicy, remoteAccessSession } from '../../db/remote-access-schema';
import { vpnNode, vpnRoute, vpnUser } from '../../../vpn/db/vpn-schema';

/** How long the access records of a deleted account are kept (Marco Civil da Internet, art. 15: 6 months). */
export const ACCESS_RECORDS_RETENTION_MS = 183 * 24 * 60 * 60 * 1000;

export const REMOVED_PERSON = 'Pessoa removida';

export async function deleteAccount(db: Db, owner: string, now = Date.now()): Promise<void> {
  await db.batch([
    db
      .update(assembler)
      .set({ deletedAt: sql`coalesce(${assembler.deletedAt}, ${now})`, email: '', version: sql`${assembler.version} + 1`, updatedAt: now })
      .where(eq(assembler.uid, owner)),
    db
      .update(teamMember)
      .set({
        name: REMOVED_PERSON,
        email: sql`'removido-' || ${teamMember.uid} || '@conta-excluida.invalid'`,
        lastAccessAt: null,
        version: sql`${teamMember.version} + 1`,
        updatedAt: now,
      })
      .where(eq(teamMember.accountUid, owner)),
    db
      .update(invitation)
      .set({ status: 'revogado', version: sql`${invitation.version} + 1`, updatedAt: now })
      .where(and(eq(invitation.ownerUid, owner), eq(invitation.status, 'pendente'))),
    db.update(invitation).set({ email: '', emailKey: '', invitedByName: '' }).where(eq(invitation.ownerUid, owner)),
    db.delete(mail).where(eq(mail.ownerUid, owner)),
    db.delete(customer).where(eq(customer.ownerUid, owner)),
    db.delete(machineModel).where(eq(machineModel.ownerUid, owner)),
    db.delete(machine).where(eq(machine.ownerUid, owner)),
    db.delete(device).where(eq(device.ownerUid, owner)),
    db
      .update(deviceConnection)
      .set({ userName: '', userEmail: '', machineId: null, version: sql`${deviceConnection.version} + 1`, updatedAt: now })
      .where(eq(deviceConnection.ownerUid, owner)),
    db.delete(address).where(eq(address.ownerUid, owner)),
    db
      .update(purchaseOrder)
      .set({
        addressId: null,
        addressLabel: '',
        addressStreet: '',
        addressNumber: '',
        addressComplement: '',
        addressDistrict: '',
        version: sql`${purchaseOrder.version} + 1`,
        updatedAt: now,
      })
      .where(eq(purchaseOrder.ownerUid, owner)),
    db
      .update(orderTimeline)
      .set({ actorName: 'Cliente' })
      .where(and(eq(orderTimeline.ownerUid, owner), eq(orderTimeline.actorKind, 'cliente'))),
    db.delete(remoteAccessSession).where(eq(remoteAccessSession.ownerUid, owner)),
    db.delete(remoteAccessEvent).where(eq(remoteAccessEvent.ownerUid, owner)),
    db.delete(remoteAccessPolicy).where(eq(remoteAccessPolicy.ownerUid, owner)),
    db.delete(vpnRoute).where(eq(vpnRoute.ownerUid, owner)),
    db.delete(vpnNode).where(eq(vpnNode.ownerUid, owner)),
    db.delete(vpnUser).where(eq(vpnUser.ownerUid, owner)),
    db.delete(idempotencyKey).where(eq(idempotencyKey.ownerUid, owner)),
    db.delete(accountExport).where(eq(accountExport.ownerUid, owner)),
  ]);
}

/** The scheduled purge: a deleted account's access records once their 6 months are over. */
export async function purgeDeletedAccessRecords(db: Db, now = Date.now()): Promise<void> {
  const deleted = db.select({ uid: assembler.uid }).from(assembler).where(isNotNull(assembler.deletedAt));
  await db
    .delete(deviceConnection)
    .where(and(inArray(deviceConnection.ownerUid, deleted), lt(deviceConnection.startedAt, now - ACCESS_RECORDS_RETENTION_MS)));
}
