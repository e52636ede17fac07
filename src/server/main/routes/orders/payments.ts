/**
 * Payment confirmations, as the payment platform sends them: an event (`payment.confirmed`, with the order, its
 * account, the amount and when it was paid) is applied once per event id — the event's row and the order's
 * change (paid, its timeline entry, its gateways) in ONE batch, the same event twice has one effect. In demo mode
 * the demo platform confirms what the buyer said was paid (`pays_at`), through the same function.
 */
import { and, asc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../shared/app-env';
import { orderItem, paymentEvent, product, purchaseOrder, type PaymentEventOutcome } from '../../db/commerce-schema';
import { notification } from '../../db/account-schema';
import { nextNotificationId, notificationRow } from '../notifications/queries';
import { guardedInserts, orderIs, payStatements, type Statement } from './lifecycle';
import { paidNotice } from './notices';
import { PAID_NOTES, PAYMENT_PLATFORM_ACTOR } from '@/contracts/payments/platform';
import { provisionRows, type ProvisionLine } from './provision';
import { duePayments, findOrderRow, type OrderRow } from './queries';

export const PAYMENT_CONFIRMED = 'payment.confirmed';

export interface PaymentEvent {
  id: string;
  type: string;
  data: { orderId: string; accountId?: string; amount: number; paidAt?: number };
}

export interface PaymentEventResult {
  duplicate: boolean;
  outcome: PaymentEventOutcome;
  reason: string | null;
}

/** The order's lines as provisioning needs them (the product's hardware model, when it still exists). */
export async function provisionLines(db: Db, owner: string, orderId: string): Promise<ProvisionLine[]> {
  return db
    .select({ kind: orderItem.kind, quantity: orderItem.quantity, name: orderItem.name, hardwareModel: product.hardwareModel })
    .from(orderItem)
    .leftJoin(product, eq(product.id, orderItem.productId))
    .where(and(eq(orderItem.ownerUid, owner), eq(orderItem.orderId, orderId)))
    .orderBy(asc(orderItem.line));
}

async function storedEvent(db: Db, id: string): Promise<PaymentEventResult | null> {
  const [row] = await db.select().from(paymentEvent).where(eq(paymentEvent.eventId, id)).limit(1);
  return row ? { duplicate: true, outcome: row.outcome, reason: row.reason } : null;
}

/** Why an event does not make its order paid (null: it does, if the order still awaits payment). */
function refusal(event: PaymentEvent, order: OrderRow | null): string | null {
  if (event.type !== PAYMENT_CONFIRMED) return 'unsupported-type';
  if (!order) return 'unknown-order';
  if (order.status !== 'aguardando-pagamento') return 'not-awaiting-payment';
  if (event.data.amount !== order.total) return 'amount-mismatch';
  return null;
}

const isUniqueViolation = (error: unknown) =>
  error instanceof Error && /UNIQUE constraint failed/.test(`${error.message} ${String(error.cause ?? '')}`);

/** Applies a (verified) event once: see the module's comment. */
export async function applyPaymentEvent(db: Db, event: PaymentEvent, body: string, now = Date.now()): Promise<PaymentEventResult> {
  const seen = await storedEvent(db, event.id);
  if (seen) return seen;
  const owner = event.data.accountId ?? '';
  const order = owner === '' ? null : await findOrderRow(db, owner, event.data.orderId);
  const refused = refusal(event, order);
  const record = { eventId: event.id, orderId: event.data.orderId, type: event.type, body, receivedAt: now };
  const statements: Statement[] = [];
  if (refused || !order) {
    statements.push(db.insert(paymentEvent).values({ ...record, outcome: 'ignored', reason: refused ?? 'unknown-order' }));
  } else {
    // When it was paid, as the platform says — never before the order, never in the future.
    const at = Math.min(Math.max(event.data.paidAt ?? now, order.createdAt), now);
    const lines = await provisionLines(db, owner, order.id);
    const devices = await provisionRows(db, order, lines, at);
    const noticeId = await nextNotificationId(db);
    const notice = notificationRow(noticeId, paidNotice(order, lines), at);
    // The event's row says what happened: decided in the batch, by the same guard as the order's change.
    const applies = orderIs(owner, order.id, 'aguardando-pagamento');
    statements.push(
      // Columns in the table's order (event_id, order_id, type, outcome, reason, body, received_at).
      db.insert(paymentEvent).select(
        sql`SELECT ${record.eventId}, ${record.orderId}, ${record.type},
              CASE WHEN ${applies} THEN 'applied' ELSE 'ignored' END,
              CASE WHEN ${applies} THEN NULL ELSE 'not-awaiting-payment' END, ${body}, ${now}`,
      ),
      ...payStatements(db, order, at, PAYMENT_PLATFORM_ACTOR, PAID_NOTES[order.paymentKind], devices, (guard) =>
        guardedInserts(db, notification, [notice], guard),
      ),
    );
  }
  try {
    await db.batch(statements as [Statement, ...Statement[]]);
  } catch (error) {
    // The same event, applied meanwhile by another delivery.
    if (isUniqueViolation(error)) {
      const again = await storedEvent(db, event.id);
      if (again) return again;
    }
    throw error;
  }
  const stored = await storedEvent(db, event.id);
  return stored ? { ...stored, duplicate: false } : { duplicate: false, outcome: 'ignored', reason: refused };
}

/** The event the demo platform sends for an order the buyer said was paid (one id per confirmation). */
export function demoPaymentEvent(order: Pick<OrderRow, 'id' | 'ownerUid' | 'total'>, paysAt: number): PaymentEvent {
  return {
    id: `demo-${order.id}-${paysAt}`,
    type: PAYMENT_CONFIRMED,
    data: { orderId: order.id, accountId: order.ownerUid, amount: order.total, paidAt: paysAt },
  };
}

/** An order a settlement made paid. */
export interface SettledOrder {
  id: string;
  ownerUid: string;
}

/**
 * Demo mode: confirms the payments that are due (`pays_at` has come) — of `owner`, or of every account — as the
 * demo platform's webhook would; a due mark on an order no longer awaiting payment is dropped. Returns the orders
 * that became paid (their "Pedido atualizado" is the caller's: demo-platform.ts).
 */
export async function settleDuePayments(db: Db, owner?: string, now = Date.now(), found?: readonly OrderRow[]): Promise<SettledOrder[]> {
  const mine = owner === undefined ? undefined : eq(purchaseOrder.ownerUid, owner);
  // `found`: the due orders a list already read in its own batch (queries.ts, `duePayments`).
  const due = found ?? (await duePayments(db, owner, now));
  const paid: SettledOrder[] = [];
  for (const order of due) {
    if (order.status !== 'aguardando-pagamento' || order.paysAt === null) continue;
    const event = demoPaymentEvent(order, order.paysAt);
    const result = await applyPaymentEvent(db, event, JSON.stringify(event), now);
    if (!result.duplicate && result.outcome === 'applied') paid.push({ id: order.id, ownerUid: order.ownerUid });
  }
  if (due.some((order) => order.status !== 'aguardando-pagamento')) {
    await db
      .update(purchaseOrder)
      .set({ paysAt: null })
      .where(and(mine, isNotNull(purchaseOrder.paysAt), ne(purchaseOrder.status, 'aguardando-pagamento')));
  }
  return paid;
}
