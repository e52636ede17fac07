/**
 * The alerts the portal's flows raise (besides the gateways', gateways.ts): each built from the record as it is
 * once its change committed, so what the alert says is what happened.
 */
import { and, eq } from 'drizzle-orm';
import type { OrderStatus } from '@/contracts/commerce';
import { orderLabel } from '@/contracts/order';
import type { Db } from '../../shared/app-env';
import type { Env } from '../../shared/env';
import { purchaseOrder } from '../db/commerce-schema';
import { raiseAlert, type RaiseOutcome } from './raise';
import { ALERT_TEXTS } from './texts';

/**
 * "Pedido atualizado": the order's current status (only when it is `expected`, if given). Once per order and status
 * within the quiet period: each step of the order alerts, the same step told twice (a webhook delivered again) once.
 */
export async function raiseOrderUpdated(env: Env, db: Db, owner: string, orderId: string, expected?: OrderStatus): Promise<RaiseOutcome | null> {
  const [order] = await db
    .select({ id: purchaseOrder.id, number: purchaseOrder.number, status: purchaseOrder.status })
    .from(purchaseOrder)
    .where(and(eq(purchaseOrder.ownerUid, owner), eq(purchaseOrder.id, orderId)))
    .limit(1);
  if (!order || (expected !== undefined && order.status !== expected)) return null;
  const label = orderLabel(order);
  return raiseAlert(env, db, {
    owner,
    event: 'order-updated',
    subject: { kind: 'order', id: order.id, label: `Pedido ${label}` },
    details: { message: ALERT_TEXTS.orderUpdated(label, order.status), quietKey: `${order.id}:${order.status}` },
  });
}

/** A remote-access request as the alerts need it. */
interface SessionFacts {
  id: string;
  ownerUid: string;
  machineName: string;
  requesterName: string;
  durationHours: number;
}

/** "Aprovação pendente": a request waits for an Administrador or the factory (once per request and step). */
export function raiseApprovalPending(env: Env, db: Db, session: SessionFacts, awaiting: 'admin' | 'factory'): Promise<RaiseOutcome> {
  return raiseAlert(env, db, {
    owner: session.ownerUid,
    event: 'approval-pending',
    subject: { kind: 'remote-access', id: session.id, label: session.machineName },
    details: { message: ALERT_TEXTS.approvalPending(session.requesterName, session.machineName, awaiting), quietKey: `${session.id}:${awaiting}` },
  });
}

/** "Acesso remoto iniciado": the requester generated the profile, the window started (once per request). */
export function raiseRemoteAccessStarted(env: Env, db: Db, session: SessionFacts): Promise<RaiseOutcome> {
  return raiseAlert(env, db, {
    owner: session.ownerUid,
    event: 'remote-access-started',
    subject: { kind: 'remote-access', id: session.id, label: session.machineName },
    details: { message: ALERT_TEXTS.remoteAccessStarted(session.requesterName, session.machineName, session.durationHours) },
  });
}

/**
 * "Pagamento recusado": the card of a new order was declined. No order was made, so the alert links to the orders'
 * list; the same card declined again within the quiet period alerts once.
 */
export function raisePaymentDeclined(env: Env, db: Db, owner: string, card: string, total: string, at = Date.now()): Promise<RaiseOutcome> {
  return raiseAlert(env, db, {
    owner,
    event: 'payment-declined',
    at,
    subject: { kind: 'order', id: `card-declined-${at}`, label: `cartão ${card}`, linked: false },
    details: { message: ALERT_TEXTS.paymentDeclined(card, total), quietKey: `card:${card}` },
  });
}
