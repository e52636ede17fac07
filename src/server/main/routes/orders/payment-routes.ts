/**
 * The buyer's payment routes of an order:
 *
 * - `POST /order/:id/payment-confirmation` ("Já paguei"): a Pix or boleto order awaiting payment is marked as
 *   being confirmed (202); in demo mode the demo platform confirms it 5 s later through the webhook. Already paid,
 *   or already confirming: 200 with the order. Cancelled, a card, an expired Pix code: 409.
 * - `POST /order/:id/pix-code`: a new Pix code (while a Pix order awaits payment and is not being confirmed).
 * - `POST /order/:id/cancel` (`If-Match`): only while the order awaits payment and is not being confirmed; the
 *   reason goes into the timeline.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { VERSION_CONFLICT_MESSAGE } from '@/contracts/common';
import { ORDER_ERROR_CODES, ORDER_MESSAGES, orderCancelSchema, orderNotCancellableMessage } from '@/contracts/order';
import { apiRoute, type App } from '../../../shared/app';
import type { AppEnv } from '../../../shared/app-env';
import { ApiError, notFound } from '../../../shared/errors';
import { errorsOf, idParams, ifMatchHeaders, json, jsonBody } from '../../../shared/openapi';
import { serialize } from '../../../shared/time';
import { requireVersion } from '../../../shared/versions';
import { purchaseOrder } from '../../db/commerce-schema';
import { buyerName } from './create';
import { demoPaysAt, scheduleDemoConfirmation, settlePaymentsInDemo } from './demo-platform';
import { orderIs, timelineInsert, touched, type Statement } from './lifecycle';
import { NOT_AWAITING_MESSAGES } from './messages';
import { cancelledNotice, noticeInserts } from './notices';
import { pixCharge } from '@/contracts/payments/platform';
import { findOrder, findOrderRow, type OrderRow } from './queries';
import { alertAfterAnswer } from '../../alerts/after-answer';
import { raiseOrderUpdated } from '../../alerts/events';
import { ORDER_TAG } from './routes';
import { orderSchema } from './schemas';

const notAwaiting = (message: string) => new ApiError(409, ORDER_ERROR_CODES.notAwaitingPayment, message);

/** The caller's order (what is due settled first, in demo mode); 404 for another account's. */
async function ownOrder(c: Context<AppEnv>, id: string): Promise<OrderRow> {
  const { db } = c.var;
  const owner = c.var.principal.uid;
  await settlePaymentsInDemo(c, owner);
  const row = await findOrderRow(db, owner, id);
  if (!row) throw notFound(ORDER_MESSAGES.notFound);
  return row;
}

/** The order as it is now, answered with `status`. */
async function answer(c: Context<AppEnv>, id: string, status: 200 | 202): Promise<never> {
  const found = await findOrder(c.var.db, c.var.principal.uid, id);
  if (!found) throw notFound(ORDER_MESSAGES.notFound);
  return c.json(serialize(found) as never, status) as never;
}

/** An UPDATE of the order over the version it was read at; false when it changed meanwhile. */
async function updateAt(c: Context<AppEnv>, row: OrderRow, set: Partial<typeof purchaseOrder.$inferInsert>, now: number): Promise<boolean> {
  const updated = await c.var.db
    .update(purchaseOrder)
    .set({ ...set, ...touched(now) })
    .where(and(eq(purchaseOrder.ownerUid, row.ownerUid), eq(purchaseOrder.id, row.id), eq(purchaseOrder.version, row.version)))
    .returning({ id: purchaseOrder.id });
  return updated.length === 1;
}

const versionConflictWith = async (c: Context<AppEnv>, id: string) =>
  new ApiError(409, 'version-conflict', VERSION_CONFLICT_MESSAGE, {
    current: serialize(await findOrder(c.var.db, c.var.principal.uid, id)),
  });

export function orderPaymentRoutes(app: App) {
  app.openapi(
    apiRoute({
      access: 'purchase',
      method: 'post',
      path: '/order/{id}/payment-confirmation',
      tags: [ORDER_TAG],
      summary: '"Já paguei": a plataforma confirma o Pix ou o boleto',
      request: { params: idParams },
      responses: {
        200: json(orderSchema, 'Nada a confirmar (já pago ou já em confirmação).'),
        202: json(orderSchema, 'Em confirmação.'),
        ...errorsOf([401, 403, 404, 409]),
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const row = await ownOrder(c, id);
      if (row.status === 'cancelado') throw notAwaiting(NOT_AWAITING_MESSAGES.cancelled);
      // Already paid (a second click, a retry): nothing to confirm.
      if (row.status !== 'aguardando-pagamento') return answer(c, id, 200);
      if (row.paymentKind === 'cartao-credito') throw notAwaiting(NOT_AWAITING_MESSAGES.card);
      if (row.confirmingSince !== null) return answer(c, id, 200);
      const now = Date.now();
      if (row.paymentKind === 'pix' && row.pixExpiresAt !== null && row.pixExpiresAt < now) {
        throw new ApiError(409, ORDER_ERROR_CODES.pixExpired, NOT_AWAITING_MESSAGES.pixExpired);
      }
      const paysAt = demoPaysAt(c.env, now);
      if (!(await updateAt(c, row, { confirmingSince: now, paysAt }, now))) return answer(c, id, 200);
      if (paysAt !== null) scheduleDemoConfirmation(c, row, paysAt);
      return answer(c, id, 202);
    },
  );

  app.openapi(
    apiRoute({
      access: 'purchase',
      method: 'post',
      path: '/order/{id}/pix-code',
      tags: [ORDER_TAG],
      summary: 'Gera um novo código Pix (o anterior expirou)',
      request: { params: idParams },
      responses: { 200: json(orderSchema, 'O pedido com o novo código.'), ...errorsOf([401, 403, 404, 409]) },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const row = await ownOrder(c, id);
      if (row.status !== 'aguardando-pagamento' || row.paymentKind !== 'pix' || row.confirmingSince !== null) {
        throw notAwaiting(NOT_AWAITING_MESSAGES.notPix);
      }
      const now = Date.now();
      if (!(await updateAt(c, row, pixCharge(row, now), now))) throw await versionConflictWith(c, id);
      return answer(c, id, 200);
    },
  );

  app.openapi(
    apiRoute({
      access: 'purchase',
      method: 'post',
      path: '/order/{id}/cancel',
      tags: [ORDER_TAG],
      summary: 'Cancela um pedido que aguarda pagamento (If-Match: versão)',
      request: { params: idParams, headers: ifMatchHeaders, ...jsonBody(orderCancelSchema) },
      responses: {
        200: json(orderSchema, 'Cancelado.'),
        ...errorsOf([400, 401, 403, 404, 409, 428]),
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { reason } = c.req.valid('json');
      const row = await ownOrder(c, id);
      const confirming = row.confirmingSince !== null;
      if (row.status !== 'aguardando-pagamento' || confirming) {
        throw new ApiError(409, ORDER_ERROR_CODES.notCancellable, orderNotCancellableMessage(row.status, confirming), {
          current: serialize(await findOrder(c.var.db, row.ownerUid, id)),
        });
      }
      const version = requireVersion(c.req.raw, await c.req.json());
      if (version !== row.version) throw await versionConflictWith(c, id);
      const now = Date.now();
      const note = reason.trim() || null;
      const guard = sql`${orderIs(row.ownerUid, id, 'aguardando-pagamento')} AND EXISTS (SELECT 1 FROM ${purchaseOrder} AS v
        WHERE v.owner_uid = ${row.ownerUid} AND v.id = ${id} AND v.version = ${version} AND v.confirming_since IS NULL)`;
      const actor = { kind: 'cliente' as const, name: await buyerName(c.var.db, c.var.principal) };
      const statements: Statement[] = [
        timelineInsert(c.var.db, { orderId: id, ownerUid: row.ownerUid, status: 'cancelado', at: now, actor, note }, guard),
        ...(await noticeInserts(c.var.db, [cancelledNotice(row, actor.name, note)], now, guard)),
        c.var.db
          .update(purchaseOrder)
          .set({ status: 'cancelado', cancelReason: note, confirmingSince: null, paysAt: null, ...touched(now) })
          .where(
            and(
              eq(purchaseOrder.ownerUid, row.ownerUid),
              eq(purchaseOrder.id, id),
              eq(purchaseOrder.version, version),
              eq(purchaseOrder.status, 'aguardando-pagamento'),
            ),
          )
          .returning({ id: purchaseOrder.id }),
      ];
      const results = await c.var.db.batch(statements as [Statement, ...Statement[]]);
      const updated = results.at(-1) as { id: string }[] | undefined;
      if (!updated?.length) throw await versionConflictWith(c, id);
      // "Pedido atualizado" (cancelled) to the account (src/server/main/alerts/).
      alertAfterAnswer(c, 'order-updated', () => raiseOrderUpdated(c.env, c.var.db, row.ownerUid, id, 'cancelado'));
      return answer(c, id, 200);
    },
  );
}
