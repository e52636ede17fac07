/**
 * A staff status change as the statements of ONE batch, each guarded by "the order is as we read it" (status and
 * version): its timeline entry (by the staff member), the order's row, and per target status —
 * - Pago: the gateways it provisions (orders/lifecycle.ts `payStatements`, guarded by "still awaiting payment");
 * - Enviado: the tracking code; Cancelado: the reason, and the withdrawal of the gateways it provisioned that were
 *   never connected nor installed in a machine (deleted: their setup codes stop working).
 * The order's UPDATE comes last (the guards read the row before it changes) and returns its id when it applied.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import type { OrderStatusChangeInput } from '@/contracts/backoffice-order';
import type { OrderActor } from '@/contracts/order';
import type { Db } from '../../../shared/app-env';
import { staff } from '../../../shared/db/core-schema';
import { purchaseOrder } from '../../db/commerce-schema';
import { device } from '../../db/device-schema';
import { payStatements, timelineInsert, touched, type Statement } from '../orders/lifecycle';
import { provisionLines } from '../orders/payments';
import { provisionRows } from '../orders/provision';
import type { OrderRow } from '../orders/queries';
import { orderUnchanged, withdrawable } from './queries';

export const PAID_BY_STAFF_NOTE = 'Pagamento confirmado pela equipe.';

export async function statusChangeStatements(
  db: Db,
  order: OrderRow,
  change: OrderStatusChangeInput,
  actor: OrderActor,
  at: number,
  /** The audit log's entries of the gateways a cancellation withdraws (audit/ `auditWithdrawnGateways`). */
  auditWithdrawn?: (where: SQL) => Statement,
): Promise<Statement[]> {
  const { status } = change;
  if (status === 'pago') {
    const devices = await provisionRows(db, order, await provisionLines(db, order.ownerUid, order.id), at);
    return payStatements(db, order, at, actor, PAID_BY_STAFF_NOTE, devices);
  }
  const guard = orderUnchanged(order);
  const note = status === 'enviado' ? `Código de rastreio: ${change.trackingCode}` : status === 'cancelado' ? change.reason : null;
  const statements: Statement[] = [timelineInsert(db, { orderId: order.id, ownerUid: order.ownerUid, status, at, actor, note }, guard)];
  if (status === 'cancelado') {
    const withdrawn = and(withdrawable(order), guard) as SQL;
    if (auditWithdrawn) statements.push(auditWithdrawn(withdrawn));
    statements.push(db.delete(device).where(withdrawn));
  }
  const extra =
    status === 'enviado'
      ? { trackingCode: change.trackingCode }
      : status === 'cancelado'
        ? { cancelReason: change.reason.trim() || null, confirmingSince: null, paysAt: null }
        : {};
  statements.push(
    db
      .update(purchaseOrder)
      .set({ status, ...extra, ...touched(at) })
      .where(
        and(
          eq(purchaseOrder.ownerUid, order.ownerUid),
          eq(purchaseOrder.id, order.id),
          eq(purchaseOrder.status, order.status),
          eq(purchaseOrder.version, order.version),
        ),
      )
      .returning({ id: purchaseOrder.id }),
  );
  return statements;
}

/** Whether the batch's last statement (the order's UPDATE … RETURNING) changed the order. */
export function applied(results: readonly unknown[]): boolean {
  const last = results[results.length - 1];
  return Array.isArray(last) && last.length > 0;
}

/** The staff member as the timeline shows them: their name in the staff records, else the token's. */
export async function staffActor(db: Db, principal: { memberUid: string; name: string | undefined; email: string }): Promise<OrderActor> {
  const [row] = await db.select({ name: staff.name }).from(staff).where(eq(staff.uid, principal.memberUid)).limit(1);
  return { kind: 'equipe', name: row?.name ?? principal.name ?? principal.email };
}
