/**
 * POST /order's work: validates what the body names (products of the catalog, the caller's address, a payment
 * method that is enabled on an enabled platform, its instalments, the card for a card), prices it from the
 * catalog and the discount rules in force (`priceCart`, never from the client), charges it — Pix code valid for
 * 30 min, boleto due in 3 days, or the card's token at once on the payment platform (card-platform.ts; approved:
 * paid and provisioned; declined: 402; token used: 409; platform down: 502; no order either way) — and returns the
 * order's rows for ONE batch (order, items, timeline, devices). The card itself never reaches this Worker: the
 * page tokenised it at the platform; only the token, the brand and the last four digits come here. A key the
 * platform already charged is never charged again: its charge makes the order.
 *
 * A charge belongs to one order and one amount: the order keeps its charge's id (`card_charge_id`, unique), and a
 * charge already tied to an order, made for another amount, or made under a key past its window (24 h) never pays
 * this one (422). The order's INSERT is guarded (shared/db/guarded.ts): kept only while this request still holds
 * the key's claim and no order holds the charge; every other write is guarded by the order's row.
 */
import { and, eq, gte, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { countsForDiscount, stockLimitMessage } from '@/contracts/catalog';
import {
  maxInstallmentsMessage,
  ORDER_ERROR_CODES,
  ORDER_MESSAGES,
  type OrderActor,
  type OrderCreateInput,
} from '@/contracts/order';
import { priceCart, type CartPrice, type DiscountTier } from '@/contracts/pricing';
import type { Db } from '../../../shared/app-env';
import { assembler } from '../../../shared/db/core-schema';
import { insertWhere } from '../../../shared/db/guarded';
import { ApiError, validationError } from '../../../shared/errors';
import { IDEMPOTENCY_KEY_EXPIRED_MESSAGE, IDEMPOTENCY_TTL_MS } from '../../../shared/idempotency';
import type { Principal } from '../../../shared/principal';
import { address, orderItem, purchaseOrder } from '../../db/commerce-schema';
import { discountRule, paymentMethod, paymentPlatform } from '../../db/payments-schema';
import { productsById } from '../catalog/queries';
import { deviceInserts, guardedInserts, timelineInsert } from './lifecycle';
import { brl, declinedNotice, newOrderNotice, noticeInserts, paidNotice } from './notices';
import { raisePaymentDeclined } from '../../alerts/events';
import { boletoCharge, PAYMENT_PLATFORM_ACTOR, pixCharge } from '@/contracts/payments/platform';
import type { Env } from '../../../shared/env';
import { chargeOfKey, chargeToken, platformKey, requireCardSettings, type PlatformAccess, type PlatformCharge } from './card-platform';
import { CHARGE_NOT_THIS_ORDER } from './messages';
import { provisionRows, reserveIds, type DeviceInsert } from './provision';
import { orderJson, orderSearchColumns, type OrderRow } from './queries';

type ItemInsert = Omit<typeof orderItem.$inferInsert, 'orderId' | 'ownerUid' | 'line'>;
type Method = typeof paymentMethod.$inferSelect & { publicKey: string; platform: PlatformAccess['platform'] };

/** The lines, priced from the catalog (the client sends ids and quantities only), with their hardware model. */
async function catalogItems(db: Db, input: OrderCreateInput): Promise<(ItemInsert & { hardwareModel: string | null })[]> {
  const products = await productsById(db, input.items.map((line) => line.productId));
  return input.items.map((line, index) => {
    const found = products.get(line.productId);
    if (!found) throw validationError(ORDER_MESSAGES.productNotFound, `items.${index}.productId`);
    // Deactivated in the back office while it was in the cart: 409, and the checkout reads the catalog again.
    if (!found.active) {
      throw new ApiError(409, ORDER_ERROR_CODES.productInactive, ORDER_MESSAGES.productInactive, { field: `items.${index}.productId` });
    }
    if (line.quantity > found.stockLimit) throw validationError(stockLimitMessage(found.stockLimit), `items.${index}.quantity`);
    return {
      productId: found.id,
      sku: found.sku,
      name: found.name,
      kind: found.kind,
      quantity: line.quantity,
      unitPrice: found.unitPrice,
      hardwareModel: found.hardwareModel,
    };
  });
}

async function ownAddress(db: Db, owner: string, id: string) {
  const [found] = await db
    .select()
    .from(address)
    .where(and(eq(address.ownerUid, owner), eq(address.id, id)))
    .limit(1);
  if (!found) throw validationError(ORDER_MESSAGES.addressNotFound, 'addressId');
  return found;
}

/** The method, usable now: exists (400), enabled on an enabled platform (409), instalments, card data. */
async function usableMethod(db: Db, input: OrderCreateInput): Promise<Method> {
  const [found] = await db
    .select({
      method: paymentMethod,
      platformEnabled: paymentPlatform.enabled,
      publicKey: paymentPlatform.publicKey,
      secretKeyCipher: paymentPlatform.secretKeyCipher,
      secretKeyIv: paymentPlatform.secretKeyIv,
    })
    .from(paymentMethod)
    .leftJoin(paymentPlatform, eq(paymentPlatform.id, paymentMethod.platformId))
    .where(eq(paymentMethod.id, input.paymentMethodId))
    .limit(1);
  if (!found) throw validationError(ORDER_MESSAGES.paymentMethodNotFound, 'paymentMethodId');
  const { method } = found;
  if (!method.enabled || found.platformEnabled !== true) {
    throw new ApiError(409, ORDER_ERROR_CODES.paymentMethodDisabled, ORDER_MESSAGES.paymentMethodDisabled, { field: 'paymentMethodId' });
  }
  if (input.installments > Math.max(1, method.maxInstallments)) {
    throw validationError(maxInstallmentsMessage(method.maxInstallments), 'installments');
  }
  if (method.kind === 'cartao-credito' && !input.card) throw validationError(ORDER_MESSAGES.cardRequired, 'card.number');
  const platform = { id: method.platformId, secretKeyCipher: found.secretKeyCipher, secretKeyIv: found.secretKeyIv };
  return { ...method, publicKey: found.publicKey ?? '', platform };
}

/** The discount rules in force at `now`, as pricing tiers. */
async function tiersInForce(db: Db, now: number): Promise<DiscountTier[]> {
  return db
    .select({ id: discountRule.id, name: discountRule.name, minQuantity: discountRule.minQuantity, percent: discountRule.percent })
    .from(discountRule)
    .where(
      and(
        eq(discountRule.active, true),
        lte(discountRule.validFrom, now),
        or(isNull(discountRule.validUntil), gte(discountRule.validUntil, now)),
      ),
    );
}

/** The buyer's name as the timeline and the staff see it. */
export async function buyerName(db: Db, principal: Principal): Promise<string> {
  const [found] = await db.select({ name: assembler.name }).from(assembler).where(eq(assembler.uid, principal.uid)).limit(1);
  return found?.name ?? principal.name ?? principal.email;
}

/** Where the charge goes: the platform (its base in `env`) and the order's key there. */
export interface ChargeTarget {
  env: Env;
  /** The order's Idempotency-Key. */
  key: string;
  /** Queues an alert for after the answer, whatever it is (the route's `alertAfterAnswer(c, …, { always: true })`). */
  alertAfterAnswer: (what: string, work: () => Promise<unknown>) => void;
}

const notThisOrder = () => new ApiError(422, 'charge-not-this-order', CHARGE_NOT_THIS_ORDER);

/**
 * What the platform already had under the key: any attempt made before the key's window means the key is past it
 * (422 expired); an approved charge may make this order only if it is this order's — for this amount, and held by
 * no order (422).
 */
async function checkKnownCharge(db: Db, charge: PlatformCharge, total: number, now: number): Promise<void> {
  if (typeof charge.at === 'number' && now - charge.at > IDEMPOTENCY_TTL_MS) {
    throw new ApiError(422, 'idempotency-key-expired', IDEMPOTENCY_KEY_EXPIRED_MESSAGE);
  }
  if (charge.status !== 'approved') return;
  if (charge.amount !== total) throw notThisOrder();
  const [tied] = await db.select({ id: purchaseOrder.id }).from(purchaseOrder).where(eq(purchaseOrder.cardChargeId, charge.id)).limit(1);
  if (tied) throw notThisOrder();
}

/**
 * The card's charge: what the platform already charged under the key (never charged twice; only if it is this
 * order's, see above), or the token charged now — approved → brand and last four; declined → 402 (the staff told);
 * token used 409, unknown 400; no answer 502.
 */
async function chargeOrRefuse(
  db: Db,
  principal: Principal,
  card: NonNullable<OrderCreateInput['card']>,
  total: number,
  method: Method,
  target: ChargeTarget,
) {
  requireCardSettings(target.env);
  const access: PlatformAccess = { env: target.env, platform: method.platform };
  const idempotencyKey = platformKey(principal.uid, target.key);
  const previous = await chargeOfKey(access, idempotencyKey);
  if (previous === 'unavailable') throw new ApiError(502, ORDER_ERROR_CODES.platformError, ORDER_MESSAGES.platformError);
  const now = Date.now();
  if (previous) await checkKnownCharge(db, previous, total, now);
  const outcome =
    previous?.status === 'approved'
      ? { kind: 'approved' as const, charge: previous, fresh: false }
      : await chargeToken(access, { token: card.token, amount: total, idempotencyKey, publicKey: method.publicKey });
  if (outcome.kind === 'declined') {
    const cardText = `${card.brand ? `${card.brand} ` : ''}final ${card.last4}`;
    const [notice] = await noticeInserts(db, [declinedNotice(await buyerName(db, principal), principal.uid, cardText, total)], Date.now());
    if (notice) await db.batch([notice]);
    // "Pagamento recusado" to the account, after the 402 (src/server/main/alerts/; logged, never failing the answer).
    const { env } = target;
    target.alertAfterAnswer('payment-declined', () => raisePaymentDeclined(env, db, principal.uid, cardText, brl(total)));
    throw new ApiError(402, ORDER_ERROR_CODES.cardDeclined, ORDER_MESSAGES.cardDeclined, { field: 'card.number' });
  }
  if (outcome.kind === 'token-used') {
    throw new ApiError(409, ORDER_ERROR_CODES.cardTokenUsed, ORDER_MESSAGES.cardTokenUsed, { field: 'card.number' });
  }
  if (outcome.kind === 'token-unknown') throw validationError(ORDER_MESSAGES.cardToken, 'card.number');
  if (outcome.kind === 'unavailable') throw new ApiError(502, ORDER_ERROR_CODES.platformError, ORDER_MESSAGES.platformError);
  // A charge made by this very call is no order's yet (the order's guarded INSERT checks again); one the platform
  // answered from before (a concurrent request charged the key meanwhile) is checked like any known charge.
  if (outcome.fresh) {
    if (outcome.charge.amount !== total) throw notThisOrder();
  } else if (outcome.charge !== previous) {
    await checkKnownCharge(db, outcome.charge, total, now);
  }
  return { id: outcome.charge.id, brand: outcome.charge.brand, last4: outcome.charge.last4 };
}

function orderRow(
  base: { id: string; number: number; owner: string; now: number; installments: number },
  price: CartPrice,
  items: readonly ItemInsert[],
  shipTo: typeof address.$inferSelect,
  method: Method,
): OrderRow {
  return {
    id: base.id,
    ownerUid: base.owner,
    number: base.number,
    status: 'aguardando-pagamento',
    itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
    subtotal: price.subtotal,
    discount: price.discount,
    discountRuleId: price.rule?.id ?? null,
    discountRuleName: price.rule?.name ?? null,
    discountRulePercent: price.rule?.percent ?? null,
    shipping: price.shipping,
    total: price.total,
    addressId: shipTo.id,
    addressLabel: shipTo.label,
    addressCep: shipTo.cep,
    addressStreet: shipTo.street,
    addressNumber: shipTo.number,
    addressComplement: shipTo.complement,
    addressDistrict: shipTo.district,
    addressCity: shipTo.city,
    addressUf: shipTo.uf,
    paymentMethodId: method.id,
    paymentKind: method.kind,
    paymentMethodName: method.name,
    installments: base.installments,
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
    trackingCode: null,
    cancelReason: null,
    cardChargeId: null,
    ...orderSearchColumns(base.number),
    version: 1,
    createdAt: base.now,
    updatedAt: base.now,
  };
}

/**
 * The order's rows (and its id) for one batch; throws an ApiError to refuse (no charge, no order). The order's
 * INSERT holds while `claimHeld` does (the key's claim is still this request's) and no order holds its charge;
 * `applied` (the order's row exists) guards the rest and tells the batch's caller it was kept.
 */
export async function buildOrder(db: Db, principal: Principal, input: OrderCreateInput, target: ChargeTarget, claimHeld: SQL) {
  const now = Date.now();
  const owner = principal.uid;
  const items = await catalogItems(db, input);
  const shipTo = await ownAddress(db, owner, input.addressId);
  const method = await usableMethod(db, input);
  const price = priceCart(
    items.map((item) => ({ productId: item.productId, quantity: item.quantity, unitPrice: item.unitPrice, countsForDiscount: countsForDiscount(item.kind) })),
    await tiersInForce(db, now),
  );
  const charge = method.kind === 'cartao-credito' && input.card ? await chargeOrRefuse(db, principal, input.card, price.total, method, target) : null;
  const [id = ''] = await reserveIds(db, 'order', 1);
  const number = Number(id.slice(id.lastIndexOf('-') + 1));
  const row = orderRow({ id, number, owner, now, installments: input.installments }, price, items, shipTo, method);
  if (method.kind === 'pix') Object.assign(row, pixCharge(row, now));
  if (method.kind === 'boleto') Object.assign(row, boletoCharge(row, now));

  const buyer = await buyerName(db, principal);
  let actor: OrderActor = { kind: 'cliente', name: buyer };
  let note: string | null = null;
  let devices: DeviceInsert[] = [];
  if (charge) {
    Object.assign(row, { status: 'pago', cardBrand: charge.brand, cardLast4: charge.last4, paidAt: now, cardChargeId: charge.id });
    actor = PAYMENT_PLATFORM_ACTOR;
    const instalments = input.installments > 1 ? ` em ${input.installments}x` : '';
    note = `Pagamento aprovado no cartão ${charge.brand ? `${charge.brand} ` : ''}final ${charge.last4}${instalments}.`;
    devices = await provisionRows(db, { id, ownerUid: owner, number }, items, now);
  }
  const lines = items.map(({ hardwareModel: _model, ...item }, line) => ({ ...item, orderId: id, ownerUid: owner, line: line + 1 }));
  const applied = sql`EXISTS (SELECT 1 FROM ${purchaseOrder} AS k WHERE k.owner_uid = ${owner} AND k.id = ${id})`;
  const chargeFree =
    row.cardChargeId === null
      ? sql`1`
      : sql`NOT EXISTS (SELECT 1 FROM ${purchaseOrder} AS t WHERE t.card_charge_id = ${row.cardChargeId})`;
  const entry = { orderId: id, ownerUid: owner, status: row.status, at: now, actor, note };
  const notices = [newOrderNotice(row, buyer, items, charge !== null), ...(charge ? [paidNotice(row, items)] : [])];
  const json = orderJson(
    row,
    lines,
    [{ id: 0, orderId: id, ownerUid: owner, status: row.status, at: now, actorKind: actor.kind, actorName: actor.name, note }],
    devices.map((device) => ({ ...device, ownerUid: owner, orderId: id, status: device.status })),
  );
  return {
    json,
    applied,
    writes: [
      insertWhere(db, purchaseOrder, row, sql`${claimHeld} AND ${chargeFree}`),
      ...guardedInserts(db, orderItem, lines, applied),
      timelineInsert(db, entry, applied),
      ...deviceInserts(db, devices, applied),
      ...(await noticeInserts(db, notices, now, applied)),
    ],
  };
}
