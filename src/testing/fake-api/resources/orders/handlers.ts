/**
 * /order: the builder's orders.
 *
 * - `GET /order`: the caller's orders (search by number, filters status and period, sorts createdAt / number /
 *   total, newest first by default). `GET /order/:id`: one of them (another account's is 404).
 * - `POST /order` (Idempotency-Key: a retried create never makes two orders): validates the body, the address (the
 *   caller's), the payment method (exists, enabled, on an enabled platform: else 409 `payment-method-disabled`) and
 *   the instalments; prices it from the catalog and the discount rules in force (`priceCart`), never from the
 *   client; then charges it — Pix code valid for 30 min, boleto due in 3 days, or the card at once (approved: paid
 *   and provisioned; declined: 402; platform down: 502; no order either way). The card number is never stored,
 *   logged or answered: only its brand and last four digits.
 * - `POST /order/:id/payment-confirmation` ("Já paguei"): the demo platform confirms a Pix or boleto 5 s later.
 * - `POST /order/:id/pix-code`: a new Pix code once the previous one expired.
 * - `POST /order/:id/cancel` (`If-Match`): only while the order awaits payment; the reason goes into the timeline.
 *
 * Every order and device request first applies the payments that are due (`settleOrders`).
 */
import { http, HttpResponse } from 'msw';
import { VERSION_CONFLICT_MESSAGE } from '@/contracts/common';
import {
  ORDER_ERROR_CODES,
  ORDER_MESSAGES,
  orderCancelSchema,
  orderCreateSchema,
  orderLabel,
  orderListQuery,
  orderNotCancellableMessage,
  periodStart,
} from '@/contracts/order';
import { PAYMENT_CONFIRMATION_DELAY_MS, pixCharge } from '@/contracts/payments/platform';
import { findOwned, listPage, ownedBy, parseBody, requestedVersion, VERSION_REQUIRED_MESSAGE } from '@/testing/fake-api/collection';
import { apiError, authenticate, invalidBody, notFound, readJson, serialize, idempotent, type HandlerContext } from '@/testing/fake-api/http';
import type { Principal } from '@/testing/fake-api/token';
import { formatBRL } from '@/lib/money';
import type { OrderRecord } from '@/seed/orders/records';
import { buyerName, createOrder } from './create-order';
import { moveOrder, notifyStaff, settleOrders } from './lifecycle';
import { devicesOf, orderJson, respondOrder } from './order-json';
import { payPlatformHandlers } from './pay-platform';

export const ORDER_NOT_FOUND = ORDER_MESSAGES.notFound;

function touch(order: OrderRecord, now: number): void {
  order.version += 1;
  order.updatedAt = Math.max(now, order.updatedAt + 1);
}

export function orderHandlers(ctx: HandlerContext) {
  const { db, apiUrl } = ctx;

  /** The caller's order, with what is due settled first; 404 for another account's. */
  const ownOrder = (principal: Principal, id: string): OrderRecord | undefined => {
    settleOrders(db);
    return findOwned(db.data.orders, id, principal);
  };

  return [
    ...payPlatformHandlers(db),
    // Payments due are applied before any order, device or dashboard answer (falls through to the real route).
    http.all(`${apiUrl}/device`, () => {
      settleOrders(db);
    }),
    http.all(`${apiUrl}/device/*`, () => {
      settleOrders(db);
    }),
    http.all(`${apiUrl}/dashboard/*`, () => {
      settleOrders(db);
    }),

    http.get(`${apiUrl}/order`, ({ request }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      settleOrders(db);
      const now = Date.now();
      const page = listPage(db.data.orders, {
        query: orderListQuery.parse(new URL(request.url).searchParams),
        where: ownedBy(auth.principal),
        searchFields: [(order) => orderLabel(order)],
        filters: {
          status: (order, status) => order.status === status,
          period: (order, period) => order.createdAt >= periodStart(period, now),
        },
        sorts: {
          createdAt: (order) => order.createdAt,
          number: (order) => order.number,
          total: (order) => order.total,
        },
      });
      const devices = devicesOf(db, page.data);
      return HttpResponse.json({ data: serialize(page.data.map((order) => orderJson(order, devices))), meta: page.meta });
    }),

    http.get(`${apiUrl}/order/:id`, ({ request, params }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      const order = ownOrder(auth.principal, String(params.id));
      return order ? respondOrder(db, order) : notFound(ORDER_NOT_FOUND);
    }),

    http.post(`${apiUrl}/order`, async ({ request }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      const body = await readJson(request);
      if (!body) return invalidBody();
      return idempotent(request, ctx, auth.principal.uid, () => {
        const parsed = parseBody(orderCreateSchema, body);
        if (!parsed.ok) return parsed.response;
        const outcome = createOrder(db, auth.principal, parsed.data, request.headers.get('Idempotency-Key') ?? '');
        return outcome.ok ? respondOrder(db, outcome.order, 201) : outcome.response;
      });
    }),

    http.post(`${apiUrl}/order/:id/payment-confirmation`, ({ request, params }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      const order = ownOrder(auth.principal, String(params.id));
      if (!order) return notFound(ORDER_NOT_FOUND);
      // Already paid (a second click, a retry): nothing to confirm.
      if (order.status !== 'aguardando-pagamento' && order.status !== 'cancelado') return respondOrder(db, order);
      if (order.status === 'cancelado') {
        return apiError(409, ORDER_ERROR_CODES.notAwaitingPayment, 'Este pedido foi cancelado: não há pagamento a confirmar.');
      }
      if (order.payment.kind === 'cartao-credito') {
        return apiError(409, ORDER_ERROR_CODES.notAwaitingPayment, 'Pagamentos com cartão são confirmados na hora.');
      }
      if (order.payment.confirmingSince !== null) return respondOrder(db, order);
      const now = Date.now();
      if (order.payment.kind === 'pix' && order.payment.pixExpiresAt !== null && order.payment.pixExpiresAt < now) {
        return apiError(409, ORDER_ERROR_CODES.pixExpired, 'Este código Pix expirou. Gere um novo código para pagar.');
      }
      order.payment.confirmingSince = now;
      order.payment.paysAt = now + PAYMENT_CONFIRMATION_DELAY_MS;
      touch(order, now);
      db.save();
      return respondOrder(db, order, 202);
    }),

    http.post(`${apiUrl}/order/:id/pix-code`, ({ request, params }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      const order = ownOrder(auth.principal, String(params.id));
      if (!order) return notFound(ORDER_NOT_FOUND);
      if (order.status !== 'aguardando-pagamento' || order.payment.kind !== 'pix' || order.payment.confirmingSince !== null) {
        return apiError(409, ORDER_ERROR_CODES.notAwaitingPayment, 'Este pedido não está aguardando um pagamento por Pix.');
      }
      const now = Date.now();
      Object.assign(order.payment, pixCharge(order, now));
      touch(order, now);
      db.save();
      return respondOrder(db, order);
    }),

    http.post(`${apiUrl}/order/:id/cancel`, async ({ request, params }) => {
      const auth = authenticate(request, ctx);
      if ('response' in auth) return auth.response;
      const order = ownOrder(auth.principal, String(params.id));
      if (!order) return notFound(ORDER_NOT_FOUND);
      const body = await readJson(request);
      if (!body) return invalidBody();
      if (order.status !== 'aguardando-pagamento' || order.payment.confirmingSince !== null) {
        return apiError(
          409,
          ORDER_ERROR_CODES.notCancellable,
          orderNotCancellableMessage(order.status, order.payment.confirmingSince !== null),
          { current: serialize(orderJson(order, devicesOf(db, [order]))) },
        );
      }
      const version = requestedVersion(request, body);
      if (version === null) return apiError(428, 'version-required', VERSION_REQUIRED_MESSAGE);
      if (version !== order.version) {
        return apiError(409, 'version-conflict', VERSION_CONFLICT_MESSAGE, {
          current: serialize(orderJson(order, devicesOf(db, [order]))),
        });
      }
      const parsed = parseBody(orderCancelSchema, body);
      if (!parsed.ok) return parsed.response;
      const now = Date.now();
      moveOrder(db, order, 'cancelado', { kind: 'cliente', name: buyerName(db, auth.principal) }, { at: now, note: parsed.data.reason });
      notifyStaff(
        db,
        `Pedido ${orderLabel(order)} cancelado`,
        `${buyerName(db, auth.principal)} cancelou o pedido ${orderLabel(order)} (${formatBRL(order.total)})` +
          (parsed.data.reason ? `: “${parsed.data.reason}”` : '.'),
        now,
        { kind: 'order', id: order.id },
      );
      db.save();
      return respondOrder(db, order);
    }),
  ];
}
