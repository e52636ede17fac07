/**
 * `POST /order`'s work, step by step: the lines priced from the catalog (never from the client), the address and
 * payment method checked, the card's token charged at the demo platform (declined: 402; token used: 409; platform
 * down: 502; no order either way), then the order made with its first timeline entry and the staff told. The card
 * number never reaches here: only the platform's token, its brand and last four digits.
 */
import { countsForDiscount, stockLimitMessage } from '@/contracts/catalog';
import { PAYMENT_KIND_LABELS } from '@/contracts/commerce';
import {
  maxInstallmentsMessage,
  ORDER_ERROR_CODES,
  ORDER_MESSAGES,
  orderLabel,
  type OrderActor,
  type OrderAddress,
  type OrderCreateInput,
} from '@/contracts/order';
import { boletoCharge, PAYMENT_PLATFORM_ACTOR, pixCharge } from '@/contracts/payments/platform';
import { priceCart, type CartPrice } from '@/contracts/pricing';
import type { DemoDb } from '@/testing/fake-api/db';
import { apiError, validationError } from '@/testing/fake-api/http';
import type { Principal } from '@/testing/fake-api/token';
import { formatBRL } from '@/lib/money';
import type { OrderItemRecord, OrderPaymentRecord, OrderRecord } from '@/seed/orders/records';
import { moveOrder, notifyPaid, notifyStaff } from './lifecycle';
import { demoPlatformBooks } from './pay-platform';

type Step<T> = { ok: true; value: T } | { ok: false; response: Response };
export type Outcome = { ok: true; order: OrderRecord } | { ok: false; response: Response };

const fail = (response: Response): { ok: false; response: Response } => ({ ok: false, response });

/** The buyer's name as the timeline and the staff see it. */
export function buyerName(db: DemoDb, principal: Principal): string {
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

/** The products, from the catalog (the client sends ids and quantities only). */
function catalogItems(db: DemoDb, input: OrderCreateInput): Step<OrderItemRecord[]> {
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
  return { ok: true, value: items };
}

type PaymentChoice = {
  method: DemoDb['data']['paymentMethods'][number];
  platform: DemoDb['data']['paymentPlatforms'][number];
};

/** The payment method: exists, enabled, on an enabled platform (else 409), within its instalments, with a card when it takes one. */
function paymentChoice(db: DemoDb, input: OrderCreateInput): Step<PaymentChoice> {
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
  if (method.kind === 'cartao-credito' && !input.card) return fail(validationError(ORDER_MESSAGES.cardRequired, 'card.number'));
  return { ok: true, value: { method, platform } };
}

function emptyPayment(method: PaymentChoice['method']): OrderPaymentRecord {
  return {
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
}

type CardCharge = {
  card: NonNullable<OrderCreateInput['card']>;
  total: number;
  key: string;
  ownerUid: string;
  buyer: string;
  now: number;
};

/** The card's token charged at the demo platform (tokenised there by the page): its brand and last four, or why not. */
function chargeCard(db: DemoDb, choice: PaymentChoice, { card, total, key, ownerUid, buyer, now }: CardCharge): Step<{ brand: string | null; last4: string }> {
  const charge = demoPlatformBooks(db).charge({ token: card.token, amount: total, idempotencyKey: key, publicKey: choice.platform.publicKey });
  if (charge.ok) return { ok: true, value: { brand: charge.charge.brand, last4: charge.charge.last4 } };
  if (charge.status === 402) {
    const cardText = `${card.brand ? `${card.brand} ` : ''}final ${card.last4}`;
    notifyStaff(
      db,
      'Pagamento recusado',
      `O cartão ${cardText} de ${buyer} foi recusado pela operadora num pedido de ${formatBRL(total)}. Nenhum pedido foi criado.`,
      now,
      { kind: 'assembler', id: ownerUid },
    );
    db.save();
    return fail(apiError(402, ORDER_ERROR_CODES.cardDeclined, ORDER_MESSAGES.cardDeclined, { field: 'card.number' }));
  }
  if (charge.status === 409) {
    return fail(apiError(409, ORDER_ERROR_CODES.cardTokenUsed, ORDER_MESSAGES.cardTokenUsed, { field: 'card.number' }));
  }
  if (charge.status === 400) return fail(validationError(ORDER_MESSAGES.cardToken, 'card.number'));
  return fail(apiError(502, ORDER_ERROR_CODES.platformError, ORDER_MESSAGES.platformError));
}

type NewOrder = {
  principal: Principal;
  input: OrderCreateInput;
  items: OrderItemRecord[];
  price: CartPrice;
  address: DemoDb['data']['addresses'][number];
  payment: OrderPaymentRecord;
  methodId: string;
  now: number;
};

function newOrder(db: DemoDb, { principal, input, items, price, address, payment, methodId, now }: NewOrder): OrderRecord {
  const id = db.nextId('order');
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
  return {
    id,
    number: Number(id.slice(id.lastIndexOf('-') + 1)),
    ownerUid: principal.uid,
    items,
    subtotal: price.subtotal,
    discount: price.discount,
    discountRule: price.rule ? { id: price.rule.id, name: price.rule.name, percent: price.rule.percent } : null,
    shipping: price.shipping,
    total: price.total,
    status: 'aguardando-pagamento',
    paymentMethodId: methodId,
    installments: input.installments,
    payment,
    addressId: address.id,
    address: snapshot,
    trackingCode: null,
    cancelReason: null,
    timeline: [],
    deviceIds: [],
    createdAt: now,
    // Its first timeline entry (see createOrder) makes it version 1.
    version: 0,
    updatedAt: now - 1,
  };
}

export function createOrder(db: DemoDb, principal: Principal, input: OrderCreateInput, idempotencyKey: string): Outcome {
  const now = Date.now();
  const items = catalogItems(db, input);
  if (!items.ok) return items;
  const address = db.data.addresses.find((candidate) => candidate.id === input.addressId && candidate.ownerUid === principal.uid);
  if (!address) return fail(validationError(ORDER_MESSAGES.addressNotFound, 'addressId'));
  const choice = paymentChoice(db, input);
  if (!choice.ok) return choice;
  const { method } = choice.value;
  const card = method.kind === 'cartao-credito' ? input.card : undefined;

  const price = priceCart(
    items.value.map((item) => ({
      productId: item.productId,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      countsForDiscount: countsForDiscount(item.kind),
    })),
    tiersInForce(db, now),
  );
  const buyer = buyerName(db, principal);
  const payment = emptyPayment(method);
  if (card) {
    const key = `${principal.uid}:${idempotencyKey}`;
    const charged = chargeCard(db, choice.value, { card, total: price.total, key, ownerUid: principal.uid, buyer, now });
    if (!charged.ok) return charged;
    payment.cardBrand = charged.value.brand;
    payment.cardLast4 = charged.value.last4;
  }

  const order = newOrder(db, { principal, input, items: items.value, price, address, payment, methodId: method.id, now });
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
    `${buyer} fez um pedido de ${describeUnits(items.value)} (${formatBRL(order.total)}), ` +
      (card ? 'pago com cartão de crédito.' : `aguardando pagamento por ${PAYMENT_KIND_LABELS[method.kind].toLowerCase()}.`),
    now,
    { kind: 'order', id: order.id },
  );
  if (order.status === 'pago') notifyPaid(db, order, now);
  db.save();
  return { ok: true, order };
}
