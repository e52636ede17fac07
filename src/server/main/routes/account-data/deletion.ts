/**
 * "Excluir conta" (LGPD: elimination), run by the daily job once the account's grace period is over (grace.ts): one
 * `db.batch` — one transaction, all or nothing — whose every statement holds only while the account's deletion is
 * still scheduled and due (a cancellation that won the race leaves everything as it was), and that
 * - marks the account deleted (`assembler.deleted_at`; the company's name and CNPJ stay: the orders' fiscal records
 *   name their buyer) and erases its e-mail; from then on `authenticate` refuses the owner and every member (403);
 * - anonymises every member's row (kept, without name or e-mail, so the refusal knows them);
 * - revokes the pending invitations and erases the e-mails of all of them;
 * - deletes the fleet (customers, machine models, machines, gateways), the addresses, the demo's e-mails, the
 *   remote-access policy, sessions (the open ones end with them) and events, the alerts' rules and notifications, the
 *   webhooks and their deliveries, the VPN's users, nodes and routes (the
 *   gateways are no longer served) and the stored answers of creates; erases the factories' names and e-mails from
 *   the factory-approval links;
 * - keeps the orders (5 years of fiscal retention) with their personal fields anonymised: the delivery address
 *   bar CEP, city and UF, the buyer's name in the timeline;
 * - keeps the access records (date, time, public IP; Marco Civil da Internet: 6 months) without name or e-mail,
 *   and the audit log's entries as well (kind, time, IP; without who, the record's label, or before and after);
 *   `purgeDeletedAccessRecords` removes both after that;
 * - queues its people's Firebase identities for deletion (`identity_deletion`, 0024; identities.ts);
 * - last, removes the scheduled request.
 */
import { and, eq, inArray, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../shared/app-env';
import { DAY_MS } from '../../../shared/days';
import { assembler, idempotencyKey, teamMember } from '../../../shared/db/core-schema';
import { invitation, mail } from '../../db/account-schema';
import { accountDeletionRequest, accountExport } from '../../db/account-deletion-schema';
import { address, orderTimeline, purchaseOrder } from '../../db/commerce-schema';
import { device, deviceConnection } from '../../db/device-schema';
import { customer, machine, machineModel } from '../../db/fleet-schema';
import { remoteAccessFactoryLink } from '../../db/factory-approval-schema';
import { remoteAccessEvent, remoteAccessPolicy, remoteAccessSession } from '../../db/remote-access-schema';
import { vpnNode, vpnRoute, vpnUser } from '../../../vpn/db/vpn-schema';
import { alertRule, alertSent, gatewayOutage, portalNotification } from '../../db/alert-schema';
import { demoWebhookReceipt, webhookDelivery, webhookEndpoint } from '../../db/webhook-schema';
import { identityDeletion } from '../../../shared/db/staff-schema';
import { auditLog } from '../../db/audit-schema';

/** How long the access records of a deleted account are kept (Marco Civil da Internet, art. 15: 6 months). */
export const ACCESS_RECORDS_RETENTION_MS = 183 * DAY_MS;

export const REMOVED_PERSON = 'Pessoa removida';

/** Erases `owner`'s account if its deletion is scheduled and due at `now`; whether it did. */
export async function deleteAccount(db: Db, owner: string, now = Date.now()): Promise<boolean> {
  const due = sql`EXISTS (SELECT 1 FROM ${accountDeletionRequest} WHERE ${accountDeletionRequest.ownerUid} = ${owner} AND ${accountDeletionRequest.eraseAt} <= ${now})`;
  const [marked] = await db.batch([
    db
      .update(assembler)
      .set({ deletedAt: sql`coalesce(${assembler.deletedAt}, ${now})`, email: '', version: sql`${assembler.version} + 1`, updatedAt: now })
      .where(and(eq(assembler.uid, owner), due))
      .returning({ uid: assembler.uid }),
    db
      .update(teamMember)
      .set({
        name: REMOVED_PERSON,
        email: sql`'removido-' || ${teamMember.uid} || '@conta-excluida.invalid'`,
        lastAccessAt: null,
        version: sql`${teamMember.version} + 1`,
        updatedAt: now,
      })
      .where(and(eq(teamMember.accountUid, owner), due)),
    db
      .update(invitation)
      .set({ status: 'revogado', version: sql`${invitation.version} + 1`, updatedAt: now })
      .where(and(eq(invitation.ownerUid, owner), eq(invitation.status, 'pendente'), due)),
    db.update(invitation).set({ email: '', emailKey: '', invitedByName: '' }).where(and(eq(invitation.ownerUid, owner), due)),
    db.delete(mail).where(and(eq(mail.ownerUid, owner), due)),
    db.delete(customer).where(and(eq(customer.ownerUid, owner), due)),
    db.delete(machineModel).where(and(eq(machineModel.ownerUid, owner), due)),
    db.delete(machine).where(and(eq(machine.ownerUid, owner), due)),
    db.delete(device).where(and(eq(device.ownerUid, owner), due)),
    db
      .update(deviceConnection)
      .set({ userName: '', userEmail: '', machineId: null, version: sql`${deviceConnection.version} + 1`, updatedAt: now })
      .where(and(eq(deviceConnection.ownerUid, owner), due)),
    db.delete(address).where(and(eq(address.ownerUid, owner), due)),
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
      .where(and(eq(purchaseOrder.ownerUid, owner), due)),
    db
      .update(orderTimeline)
      .set({ actorName: 'Cliente' })
      .where(and(eq(orderTimeline.ownerUid, owner), eq(orderTimeline.actorKind, 'cliente'), due)),
    db.delete(remoteAccessSession).where(and(eq(remoteAccessSession.ownerUid, owner), due)),
    db.delete(remoteAccessEvent).where(and(eq(remoteAccessEvent.ownerUid, owner), due)),
    db.delete(remoteAccessPolicy).where(and(eq(remoteAccessPolicy.ownerUid, owner), due)),
    // The alerts (issue 37): the rules (their extra e-mails), the people's notifications and the evaluation's state.
    db.delete(alertRule).where(and(eq(alertRule.ownerUid, owner), due)),
    db.delete(portalNotification).where(and(eq(portalNotification.ownerUid, owner), due)),
    db.delete(alertSent).where(and(eq(alertSent.ownerUid, owner), due)),
    db.delete(gatewayOutage).where(and(eq(gatewayOutage.ownerUid, owner), due)),
    // The webhooks (issue 37): the endpoints (their URLs and secrets) and what was delivered to them.
    db.delete(webhookDelivery).where(and(eq(webhookDelivery.ownerUid, owner), due)),
    db.delete(webhookEndpoint).where(and(eq(webhookEndpoint.ownerUid, owner), due)),
    db.delete(demoWebhookReceipt).where(and(eq(demoWebhookReceipt.accountUid, owner), due)),
    // The audit log (issue 37): kept as the access records are — what changed, when and from which address — without
    // who (name, e-mail), the record's label or its before and after; purgeDeletedAccessRecords removes it after 6 months.
    db
      .update(auditLog)
      .set({ actorName: REMOVED_PERSON, actorEmail: '', targetLabel: '', beforeJson: null, afterJson: null })
      .where(and(eq(auditLog.ownerUid, owner), due)),
    db
      .update(remoteAccessFactoryLink)
      .set({ customerName: '', customerEmail: '' })
      .where(and(eq(remoteAccessFactoryLink.ownerUid, owner), due)),
    db.delete(vpnRoute).where(and(eq(vpnRoute.ownerUid, owner), due)),
    db.delete(vpnNode).where(and(eq(vpnNode.ownerUid, owner), due)),
    db.delete(vpnUser).where(and(eq(vpnUser.ownerUid, owner), due)),
    // The people's Firebase identities (issue 38): the daily job deletes them, unless a person belongs to another
    // account or is staff (identities.ts). Columns in the table's order: uid, owner_uid, requested_at, attempts, last_error.
    db
      .insert(identityDeletion)
      .select(
        sql`SELECT people.uid, ${owner}, ${now}, 0, NULL FROM (SELECT ${teamMember.uid} AS uid FROM ${teamMember} WHERE ${teamMember.accountUid} = ${owner} UNION SELECT ${owner} AS uid) AS people WHERE ${due}`,
      )
      .onConflictDoNothing(),
    db.delete(idempotencyKey).where(and(eq(idempotencyKey.ownerUid, owner), due)),
    db.delete(accountExport).where(and(eq(accountExport.ownerUid, owner), due)),
    db.delete(accountDeletionRequest).where(and(eq(accountDeletionRequest.ownerUid, owner), lte(accountDeletionRequest.eraseAt, now))),
  ]);
  return marked.length > 0;
}

/** The scheduled purge: a deleted account's access records once their 6 months are over. */
export async function purgeDeletedAccessRecords(db: Db, now = Date.now()): Promise<void> {
  const deleted = db.select({ uid: assembler.uid }).from(assembler).where(isNotNull(assembler.deletedAt));
  await db.batch([
    db.delete(deviceConnection).where(and(inArray(deviceConnection.ownerUid, deleted), lt(deviceConnection.startedAt, now - ACCESS_RECORDS_RETENTION_MS))),
    db.delete(auditLog).where(and(inArray(auditLog.ownerUid, deleted), lt(auditLog.createdAt, now - ACCESS_RECORDS_RETENTION_MS))),
  ]);
}
