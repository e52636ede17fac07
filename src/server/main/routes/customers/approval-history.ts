/**
 * A customer's factory approval ("Exigir aprovação da fábrica" and the e-mail its link goes to): who may change it,
 * and its changes written to Histórico (issue 35).
 *
 * Histórico is the account's remote-access events (`remote_access_event`, GET /remote-access/event): account-wide,
 * filtered by machine, person, kind and period, so a change of a customer's approval is recorded there as its own
 * kind (`factory-approval-changed`). Such an event belongs to no session, machine or requester (those columns are
 * ''); the reason names the customer and the change, the actor and `at` say who and when.
 */
import { sql } from 'drizzle-orm';
import { CUSTOMER_FACTORY_APPROVAL_ADMIN_ONLY, factoryApprovalChanges, type CustomerInput } from '@/contracts/customer';
import type { Db } from '../../../shared/app-env';
import { ApiError } from '../../../shared/errors';
import { nextId } from '../../../shared/ids';
import type { Principal } from '../../../shared/principal';
import { remoteAccessEvent } from '../../db/remote-access-schema';
import { personName } from '../remote-access/queries';

type Approval = Pick<CustomerInput, 'name' | 'email' | 'requireFactoryApproval'>;

/** A Técnico's (any non-Administrador's) change of the approval fields: 403, naming the first field. */
export function refuseApprovalChange(principal: Principal, current: Approval, input: Approval): void {
  if (principal.role === 'administrador') return;
  const [field] = factoryApprovalChanges(current, input);
  if (field) throw new ApiError(403, 'role-forbidden', CUSTOMER_FACTORY_APPROVAL_ADMIN_ONLY, { field });
}

/**
 * The Histórico rows of `reasons` (src/contracts/customer.ts, factoryApprovalChangeReasons), as statements for the
 * write's batch. With `guard`, each row is written only while the customer still has that version: the batch's
 * UPDATE (guarded by the same version) and its events stand or fall together, so a stale or lost update records
 * nothing.
 */
export async function approvalEventWrites(
  db: Db,
  principal: Principal,
  reasons: string[],
  at: number,
  guard: { customerId: string; version: number } | null,
) {
  if (reasons.length === 0) return [];
  const owner = principal.uid;
  const actorName = await personName(db, principal);
  const writes = [];
  for (const reason of reasons) {
    const id = await nextId(db, 'remote-access-event');
    if (!guard) {
      writes.push(
        db.insert(remoteAccessEvent).values({
          id, ownerUid: owner, sessionId: '', kind: 'factory-approval-changed', machineId: '', machineName: '',
          requesterUid: '', requesterName: '', actorUid: principal.memberUid, actorName, reason, at,
        }),
      );
      continue;
    }
    // Columns in the table's order: id, owner_uid, session_id, kind, machine_id, machine_name, requester_uid,
    // requester_name, actor_uid, actor_name, reason, at.
    writes.push(
      db.insert(remoteAccessEvent).select(
        sql`SELECT ${id}, ${owner}, '', 'factory-approval-changed', '', '', '', '', ${principal.memberUid}, ${actorName}, ${reason}, ${at}
          WHERE EXISTS (SELECT 1 FROM customer WHERE owner_uid = ${owner} AND id = ${guard.customerId} AND version = ${guard.version})`,
      ),
    );
  }
  return writes;
}
