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
import { countsForDiscount, stockLimitMessage } from '@/contracts/catalog';
import { PAYMENT_KIND_LABELS } from '@/contracts/commerce';
import {
  installmentAmount,
  maxInstallmentsMessage,
  ORDER_ERROR_CODES,
  ORDER_MESSAGES,
  orderCancelSchema,
  orderCreateSchema,
  orderLabel,
  orderListQuery,
  orderNotCancellableMessage,
  periodStart,
  type OrderActor,
  type OrderAddress,
  type OrderCreateInput,
} from '@/contracts/order';
import { priceCart } from '@/contracts/pricing';
import { findOwned, listPage, ownedBy, parseBody, requestedVersion, VERSION_REQUIRED_MESSAGE } from '@/testing/fake-api/collection';
import type { DemoDb, DeviceRecord } from '@/testing/fake-api/db';
import {
  apiError,
  authenticate,
  invalidBody,
  notFound,
  readJson,
  serialize,
  timestamp,
  validationError,
  idempotent,
  type HandlerContext,
} from '@/testing/fake-api/http';
import type { Principal } from '@/testing/fake-api/token';
import { formatBRL } from '@/lib/money';
import { moveOrder, notifyPaid, notifyStaff, settleOrders } from './lifecycle';
import { demoPlatformBooks, payPlatformHandlers } from './pay-platform';
import {
  boletoCharge,
  PAYMENT_CONFIRMATION_DELAY_MS,
  PAYMENT_PLATFORM_ACTOR,
  pixCharge,
} from '@/contracts/payments/platform';
import type { OrderItemRecord, OrderPaymentRecord, OrderRecord } from '@/seed/orders/records';

export const ORDER_NOT_FOUND = ORDER_MESSAGES.notFound;

// ---- the order as the API sends it ----

/** The devices of these orders, looked up in one pass (only the ids they use). */
function devicesOf(db: DemoDb, orders: readonly OrderRecord[]): Map<string, DeviceRecord> {
  const wanted = new Set(orders.flatMap((order) => order.deviceIds));
  const found = new Map<string, DeviceRecord>();
  if (wanted.size === 0) return found;
  for (const device of db.data.devices) if (wanted.has(device.id)) found.set(device.id, device);
  return found;
}

function orderJson(order: OrderRecord, devices: ReadonlyMap<string, DeviceRecord>) {
  const { payment } = order;
  return {
    id: order.id,
    number: order.number,
    items: order.items,
    itemCount: order.items.reduce((sum, item) => sum + item.quantity, 0),
    subtotal: order.subtotal,
    discount: order.discount,
    discountRule: order.discountRule,
    shipping: order.shipping,
    total: order.total,
    status: order.status,
    addressId: order.addressId,
    address: order.address,
    payment: {
      methodId: order.paymentMethodId,
      kind: payment.kind,
      methodName: payment.methodName,
      installments: order.installments,
      installmentAmount: installmentAmount(order.total, order.installments),
      // The ways to pay only while the order may be paid.
      pixCode: order.status === 'aguardando-pagamento' ? payment.pixCode : null,
      pixExpiresAt: order.status === 'aguardando-pagamento' ? payment.pixExpiresAt : null,
      boletoLine: order.status === 'aguardando-pagamento' ? payment.boletoLine : null,
      boletoDueAt: payment.boletoDueAt,
      cardBrand: payment.cardBrand,
      cardLast4: payment.cardLast4,
      paidAt: payment.paidAt,
      confirmingSince: payment.confirmingSince === null ? null : timestamp(payment.confirmingSince),
    },
    trackingCode: order.trackingCode,
    cancelReason: order.cancelReason,
    timeline: order.timeline.map((entry) => ({ ...entry, at: timestamp(entry.at) })),
    devices: order.deviceIds.flatMap((id) => {
      const device = devices.get(id);
      return device && device.ownerUid === order.ownerUid
        ? [{ id: device.id, name: device.name, serialNumber: device.serialNumber, setupCode: device.setupCode, status: device.status }]
        : [];
    }),
    version: order.version,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
  };
}

function respondOrder(db: DemoDb, order: OrderRecord, status = 200): Response {
  return HttpResponse.json(serialize(orderJson(order, devicesOf(db, [order]))) as Record<string, unknown>, { status });
}

/**
 * These orders as the API sends them (before times become { seconds, nanos }), their devices looked up in one
 * pass: the back office's order endpoints (src/testing/fake-api/resources/backoffice-orders) answer the same order.
 */
export function ordersJson(db: DemoDb, orders: readonly OrderRecord[]) {
  const devices = devicesOf(db, orders);
  return orders.map((order) => orderJson(order, devices));
}

// ---- create ----

/** The buyer's name as the timeline and the staff see it. */
function buyerName(db: DemoDb, principal: Principal): string {
  return db.data.assemblers.find((assembler) => assembler.uid === principal.uid)?.name ?? principal.name ?? principal.email;
}

/** "3 gateways e 1 plano". */
function describeUnits(items: readonly OrderItemRecord[]): string {
  const count = (kind: OrderItemRecord['kind']) => items.filter((item) => item.kind === kind).reduce((sum, item) => sum + item.quantity, 0);
  const gateways = count('gateway');
  const plans = count('plan');
  const parts = [
    gateways > 0 ? `${gateways} ${gateways === 1 ? 'gateway' : 'gateways'}` : '',
    plans > 0 ? `${plans} ${plans === 1 ? 'plano' : 'planos'} de conectividade` : '',
  ].filter(Boolean);
  return parts.join(' e ');
}

/** The discount rules in force now, as pricing tiers. */
function tiersInForce(db: DemoDb, now: number) {
  return db.data.discountRules
    .filter((rule) => rule.active && rule.validFrom <= now && (rule.validUntil === null || rule.validUntil >= now))
    .map((rule) => ({ id: rule.id, name: rule.name, minQuantity: rule.minQuantity, percent: rule.percent }));
}

type Outcome = { ok: true; order: OrderRecord } | { ok: false; response: Response };

function createOrder(db: DemoDb, principal: Principal, input: OrderCreateInput, idempotencyKey: string): Outcome {
  const now = Date.now();
  const fail = (response: Response): Outcome => ({ ok: false, response });

  // The products, from the catalog (the client sends ids and quantities only).
  const items: OrderItemRecord[] = [];
  for (const [index, line] of input.items.entries()) {
    const product = db.data.products.find((candidate) => candidate.id === line.productId);
    if (!product) return fail(validationError(ORDER_MESSAGES.productNotFound, `items.${index}.productId`));
    if (!product.active) return fail(validationError(ORDER_MESSAGES.productInactive, `items.${index}.productId`));
    if (line.quantity > product.stockLimit) {
      return fail(validationError(stockLimitMessage(product.stockLimit), `items.${index}.quantity`));
    }
    items.push({
      productId: product.id,
      sku: product.sku,
      name: product.name,
      kind: product.kind,
      quantity: line.quantity,
      unitPrice: product.unitPrice,
    });
  }

  const address = db.data.addresses.find((candidate) => candidate.id === input.addressId && candidate.ownerUid === principal.uid);
  if (!address) return fail(validationError(ORDER_MESSAGES.addressNotFound, 'addressId'));

  const method = db.data.paymentMethods.find((candidate) => candidate.id === input.paymentMethodId);
  if (!method) return fail(validationError(ORDER_MESSAGES.paymentMethodNotFound, 'paymentMethodId'));
  const platform = db.data.paymentPlatforms.find((candidate) => candidate.id === method.platformId);
  if (!method.enabled || !platform?.enabled) {
    return fail(
      apiError(409, ORDER_ERROR_CODES.paymentMethodDisabled, ORDER_MESSAGES.paymentMethodDisabled, { field: 'paymentMethodId' }),
    );
  }
  if (input.installments > Math.max(1, method.maxInstallments)) {
    return fail(validationError(maxInstallmentsMessage(method.maxInstallments), 'installments'));
  }
  const card = method.kind === 'cartao-credito' ? input.card : undefined;
  if (method.kind === 'cartao-credito' && !card) return fail(validationError(ORDER_MESSAGES.cardRequired, 'card.number'));

  const price = priceCart(
    items.map((item) => ({
      productId: item.productId,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      countsForDiscount: countsForDiscount(item.kind),
    })),
    tiersInForce(db, now),
  );
  const buyer = buyerName(db, principal);

  const payment: OrderPaymentRecord = {
    kind: method.kind,
    methodName: method.name,
    pixCode: null,
    pixExpiresAt: null,
    boletoLine: null,
    boletoBarcode: null,
    boletoDueAt: null,
    cardBrand: null,
    cardLast4: null,
    paidAt: null,
    confirmingSince: null,
    paysAt: null,
  };
  if (card) {
    // The card's token, charged at the demo platform (tokenised there by the page: the card never comes here).
    const charge = demoPlatformBooks(db).charge({
      token: card.token,
      amount: price.total,
      idempotencyKey: `${principal.uid}:${idempotencyKey}`,
      publicKey: platform.publicKey,
    });
    const cardText = `${card.brand ? `${card.brand} ` : ''}final ${card.last4}`;
    if (!charge.ok && charge.status === 402) {
      notifyStaff(
        db,
        'Pagamento recusado',
        `O cartão ${cardText} de ${buyer} foi recusado pela operadora num pedido de ${formatBRL(price.total)}. Nenhum pedido foi criado.`,
        now,
        { kind: 'assembler', id: principal.uid },
      );
      db.save();
      return fail(apiError(402, ORDER_ERROR_CODES.cardDeclined, ORDER_MESSAGES.cardDeclined, { field: 'card.number' }));
    }
    if (!charge.ok && charge.status === 409) {
      return fail(apiError(409, ORDER_ERROR_CODES.cardTokenUsed, ORDER_MESSAGES.cardTokenUsed, { field: 'card.number' }));
    }
    if (!charge.ok && charge.status === 400) return fail(validationError(ORDER_MESSAGES.cardToken, 'card.number'));
    if (!charge.ok) return fail(apiError(502, ORDER_ERROR_CODES.platformError, ORDER_MESSAGES.platformError));
    payment.cardBrand = charge.charge.brand;
    payment.cardLast4 = charge.charge.last4;
  }

  const id = db.nextId('order');
  const number = Number(id.slice(id.lastIndexOf('-') + 1));
  const snapshot: OrderAddress = {
    label: address.label,
    cep: address.cep,
    street: address.street,
    number: address.number,
    complement: address.complement,
    district: address.district,
    city: address.city,
    uf: address.uf,
  };
  const order: OrderRecord = {
    id,
    number,
    ownerUid: principal.uid,
    items,
    subtotal: price.subtotal,
    discount: price.discount,
    discountRule: price.rule ? { id: price.rule.id, name: price.rule.name, percent: price.rule.percent } : null,
    shipping: price.shipping,
    total: price.total,
    status: 'aguardando-pagamento',
    paymentMethodId: method.id,
    installments: input.installments,
    payment,
    addressId: address.id,
    address: snapshot,
    trackingCode: null,
    cancelReason: null,
    timeline: [],
    deviceIds: [],
    createdAt: now,
    // Its first timeline entry (below) makes it version 1.
    version: 0,
    updatedAt: now - 1,
  };
  if (method.kind === 'pix') Object.assign(payment, pixCharge(order, now));
  if (method.kind === 'boleto') Object.assign(payment, boletoCharge(order, now));

  const buyerActor: OrderActor = { kind: 'cliente', name: buyer };
  if (card) {
    const installments = input.installments > 1 ? ` em ${input.installments}x` : '';
    const brand = payment.cardBrand ? `${payment.cardBrand} ` : '';
    moveOrder(db, order, 'pago', PAYMENT_PLATFORM_ACTOR, {
      at: now,
      note: `Pagamento aprovado no cartão ${brand}final ${payment.cardLast4 ?? ''}${installments}.`,
    });
  } else {
    moveOrder(db, order, 'aguardando-pagamento', buyerActor, { at: now });
  }
  db.data.orders.push(order);

  notifyStaff(
    db,
    `Novo pedido ${orderLabel(order)}`,
    `${buyer} fez um pedido de ${describeUnits(items)} (${formatBRL(order.total)}), ` +
      (card ? 'pago com cartão de crédito.' : `aguardando pagamento por ${PAYMENT_KIND_LABELS[method.kind].toLowerCase()}.`),
    now,
    { kind: 'order', id: order.id },
  );
  if (order.status === 'pago') notifyPaid(db, order, now);
  db.save();
  return { ok: true, order };
}

// ---- handlers ----

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
