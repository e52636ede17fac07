/**
 * A machine's customer decides whether its remote access needs the factory's approval. Only an Administrador may
 * change that setting on a customer (customers/approval-history.ts), so only an Administrador may move a machine
 * from or to a customer that requires it — otherwise a Técnico could get round the approval by moving the machine
 * to a customer without it (issue 35).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { MACHINE_CUSTOMER_APPROVAL_ADMIN_ONLY } from '@/contracts/customer';
import type { Db } from '../../../shared/app-env';
import { ApiError } from '../../../shared/errors';
import type { Principal } from '../../../shared/principal';
import { customer } from '../../db/fleet-schema';

export async function refuseApprovalBypass(db: Db, principal: Principal, from: string | null, to: string | null): Promise<void> {
  if (principal.role === 'administrador' || from === to) return;
  const ids = [from, to].filter((id): id is string => Boolean(id));
  if (ids.length === 0) return;
  const rows = await db
    .select({ requireFactoryApproval: customer.requireFactoryApproval })
    .from(customer)
    .where(and(eq(customer.ownerUid, principal.uid), inArray(customer.id, ids)));
  if (rows.some((row) => row.requireFactoryApproval))
    throw new ApiError(403, 'role-forbidden', MACHINE_CUSTOMER_APPROVAL_ADMIN_ONLY, { field: 'customerId' });
}
