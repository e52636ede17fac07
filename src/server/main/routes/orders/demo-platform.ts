/**
 * Demo mode only: the demo payment platform. "Já paguei" on a Pix or boleto order marks it due
 * (`pays_at`, {@link PAYMENT_CONFIRMATION_DELAY_MS} later) and the platform then calls the payment webhook with a
 * signed event, in the background (`waitUntil`). Reads settle what is due too, so nothing depends on the timer.
 */
import type { Context } from 'hono';
import type { AppEnv, Db } from '../../../shared/app-env';
import type { Env } from '../../../shared/env';
import { demoMode } from '../../../demo/mode';
import { demoPaymentEvent, settleDuePayments } from './payments';
import { PAYMENT_CONFIRMATION_DELAY_MS } from '@/contracts/payments/platform';
import { duePayments, type OrderRow } from './queries';
import { receivePaymentWebhook, signPayload } from './webhook';
import { alertSafely } from '../../alerts/raise';
import { alertAfterAnswer } from '../../alerts/after-answer';
import { raiseOrderUpdated } from '../../alerts/events';

/** The platform's delivery: waits for the confirmation time, then posts the signed event to the webhook. */
async function deliver(db: Db, secret: string, order: Pick<OrderRow, 'id' | 'ownerUid' | 'total'>, paysAt: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, paysAt - Date.now()) + 50));
  const body = JSON.stringify(demoPaymentEvent(order, paysAt));
  try {
    await receivePaymentWebhook(db, secret, body, await signPayload(secret, body));
  } catch {
    // A failed delivery changes nothing: the next read settles the payment.
  }
}

/** Schedules the demo platform's confirmation of an order the buyer said was paid. */
export function scheduleDemoConfirmation(c: Context<AppEnv>, order: Pick<OrderRow, 'id' | 'ownerUid' | 'total'>, paysAt: number): void {
  const secret = c.env.WEBHOOK_SECRET;
  if (!demoMode(c.env).simulatedPlatform || !secret) return;
  let executionCtx: ExecutionContext | null = null;
  try {
    executionCtx = c.executionCtx;
  } catch {
    return;
  }
  // Then "Pedido atualizado" when it made the order paid (src/server/main/alerts/).
  const { env } = c;
  const { db } = c.var;
  executionCtx.waitUntil(
    deliver(db, secret, order, paysAt).then(() => alertSafely('order-updated', () => raiseOrderUpdated(env, db, order.ownerUid, order.id, 'pago'))),
  );
}

/** When a "Já paguei" is confirmed: demo mode only (a real platform sends its own webhook). */
export function demoPaysAt(env: Env, now: number): number | null {
  return demoMode(env).simulatedPlatform ? now + PAYMENT_CONFIRMATION_DELAY_MS : null;
}

/** The select of the caller's due payments, for a list to read in its own batch (demo mode only; else undefined). */
export function duePaymentsInDemo(c: Context<AppEnv>, owner: string) {
  return demoMode(c.env).simulatedPlatform ? duePayments(c.var.db, owner, Date.now()) : undefined;
}

/**
 * Settles the due payments — of `owner`, or of every account (the back office) — in demo mode only (outside it
 * nothing is ever due). Each order made paid raises "Pedido atualizado" after the answer, as the webhook's
 * confirmation does (alerts/after-answer.ts): whatever the answer, since the payment committed before it.
 */
export async function settlePaymentsInDemo(c: Context<AppEnv>, owner?: string, found?: readonly OrderRow[]): Promise<void> {
  const { env } = c;
  const { db } = c.var;
  if (!demoMode(env).simulatedPlatform) return;
  for (const order of await settleDuePayments(db, owner, Date.now(), found)) {
    alertAfterAnswer(c, 'order-updated', () => raiseOrderUpdated(env, db, order.ownerUid, order.id, 'pago'), { always: true });
  }
}
