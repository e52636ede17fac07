import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { SETUP_CODE_PATTERN } from '@/contracts/device';
import { ORDER_MESSAGES, PIX_VALIDITY_MS } from '@/contracts/order';
import { isValidBoletoLine } from '@/contracts/payments/boleto';
import { parsePixCode } from '@/contracts/payments/pix';
import { priceCart, SHIPPING_CENTS } from '@/contracts/pricing';
import { call, makeUid, makeIdempotencyKey } from '../../../testing/api';
import { PIX_MERCHANT } from '@/contracts/payments/platform';
import {
  APPROVED_CARD,
  storedRowCount,
  callCreateOrder,
  DECLINED_CARD,
  storedLatestNotices,
  MARIA,
  makeMillis,
  PIX_ORDER,
  PLATFORM_ERROR_CARD,
  seedDemo,
  SERRA,
  arrangeSql,
  type ApiFailure,
  type ApiOrder,
  type ApiPage,
} from './test-helpers';
import { makeCardOrder as tokenisedOrder, arrangePayPlatform, type CardFields } from './pay-helpers';

beforeEach(seedDemo);

async function created(body: object = PIX_ORDER): Promise<ApiOrder> {
  const answer = await callCreateOrder(body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

const orders = () => storedRowCount('purchase_order');

describe('/order: list and detail (the demo seed, through commerceSeed)', () => {
  it('401 without a token', async () => {
    expect((await call('GET', '/order')).status).toBe(401);
    expect((await call('GET', '/order/order-1004')).status).toBe(401);
    expect((await call('POST', '/order', { body: PIX_ORDER, headers: { 'Idempotency-Key': makeIdempotencyKey() } })).status).toBe(401);
    expect((await call('POST', '/order/order-1004/cancel', { body: {} })).status).toBe(401);
  });

  it('lists the caller’s six orders, newest first, without internal fields; another account’s order is 404', async () => {
    const page = (await call<ApiPage<ApiOrder>>('GET', '/order', { as: MARIA })).body;
    expect(page.meta.total).toBe(6);
    expect(page.data.map((o) => o.number)).toEqual([1004, 1006, 1003, 1007, 1002, 1001]);
    expect(page.data.every((o) => o.ownerUid === undefined && o.payment.paysAt === undefined)).toBe(true);
    expect(page.data.find((o) => o.number === 1001)?.itemCount).toBe(30);
    const other = await call<ApiFailure>('GET', '/order/order-1005', { as: MARIA });
    expect(other.status).toBe(404);
    expect(other.body.error.message).toBe('Pedido não encontrado.');
    expect((await call<ApiPage<ApiOrder>>('GET', '/order', { as: SERRA })).body.data.map((o) => o.number)).toEqual([1005]);
  });

  it('searches by number, filters by status and period, sorts by number and total', async () => {
    const list = async (params: string) =>
      (await call<ApiPage<ApiOrder>>('GET', `/order?${params}`, { as: MARIA })).body.data.map((o) => o.number);
    expect(await list('q=1004')).toEqual([1004]);
    expect(await list(`q=${encodeURIComponent('#1006')}`)).toEqual([1006]);
    expect(await list('q=9999')).toEqual([]);
    expect(await list('status=aguardando-pagamento')).toEqual([1004]);
    expect(await list('status=entregue')).toEqual([1002, 1001]);
    expect(await list('period=7d')).toEqual([1004, 1006]);
    expect(await list('period=90d')).toEqual([1004, 1006, 1003, 1007]);
    expect(await list('period=12m&status=entregue')).toEqual([1002, 1001]);
    expect(await list('sort=number')).toEqual([1001, 1002, 1003, 1004, 1006, 1007]);
    const totals = (await call<ApiPage<ApiOrder>>('GET', '/order?sort=-total', { as: MARIA })).body.data.map((o) => o.total);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    expect(await list('status=perdido&period=1y&sort=drop')).toHaveLength(6);
  });

  it('an unpaid boleto order carries its line and due date; a paid one its devices and history', async () => {
    const unpaid = (await call<ApiOrder>('GET', '/order/order-1004', { as: MARIA })).body;
    expect(unpaid.status).toBe('aguardando-pagamento');
    expect(unpaid.payment.kind).toBe('boleto');
    expect(unpaid.payment.boletoLine).toMatch(/^\d{47}$/);
    expect(makeMillis(unpaid.payment.boletoDueAt) - makeMillis(unpaid.createdAt)).toBe(3 * 24 * 3600 * 1000);
    expect(unpaid.timeline).toEqual([
      { status: 'aguardando-pagamento', at: unpaid.createdAt, actor: { kind: 'cliente', name: 'Maria Oliveira Santos' }, note: null },
    ]);
    expect(unpaid.devices).toEqual([]);
    expect(unpaid.addressId).toBe('address-1001');

    const shipped = (await call<ApiOrder>('GET', '/order/order-1003', { as: MARIA })).body;
    expect(shipped.devices).toHaveLength(15);
    expect(shipped.trackingCode).toMatch(/^BR\d{9}BR$/);
    expect(shipped.timeline.map((step) => step.status)).toEqual(['aguardando-pagamento', 'pago', 'em-separacao', 'enviado']);
    expect(shipped.timeline[1]?.actor).toEqual({ kind: 'sistema', name: 'Plataforma de pagamento' });
    expect(shipped.timeline[2]?.actor.kind).toBe('equipe');
    expect(shipped.total).toBe(shipped.subtotal - shipped.discount + shipped.shipping);

    const byCard = (await call<ApiOrder>('GET', '/order/order-1006', { as: MARIA })).body;
    expect(byCard.payment).toMatchObject({ kind: 'cartao-credito', installments: 3, cardBrand: 'Visa', cardLast4: '1111' });
    expect(byCard.payment.installmentAmount).toBe(Math.ceil(byCard.total / 3));
    expect(byCard.devices).toHaveLength(5);
    expect(byCard.discountRule?.name).toBe('Lote de 5 gateways');
  });

  it('the seeded addresses answer their open orders (commerceSeed)', async () => {
    const page = (await call<ApiPage<{ id: string; isDefault: boolean; openOrderCount: number }>>('GET', '/address', { as: MARIA })).body;
    expect(page.data.map((a) => a.id).sort()).toEqual(['address-1001', 'address-1002']);
    expect(page.data.find((a) => a.id === 'address-1001')).toMatchObject({ isDefault: true, openOrderCount: 3 });
  });
});

describe('POST /order: validation', () => {
  const refused = async (body: object, status: number) => {
    const before = await orders();
    const answer = await callCreateOrder(body);
    expect(answer.status).toBe(status);
    expect(await orders()).toBe(before);
    return answer.body.error;
  };

  it('quantities: zero, negative, decimal or text are refused on the item', async () => {
    for (const quantity of [0, -2, 1.5, 'abc', null]) {
      const error = await refused({ ...PIX_ORDER, items: [{ productId: 'product-g1-4g', quantity }] }, 400);
      expect(error).toMatchObject({ code: 'validation', message: ORDER_MESSAGES.quantity, field: 'items.0.quantity' });
    }
  });

  it('no items, a repeated product, an unknown or inactive product, and the stock limit', async () => {
    expect(await refused({ ...PIX_ORDER, items: [] }, 400)).toMatchObject({ message: ORDER_MESSAGES.noItems, field: 'items' });
    const twice = [{ productId: 'product-g1-4g', quantity: 1 }, { productId: 'product-g1-4g', quantity: 2 }];
    expect(await refused({ ...PIX_ORDER, items: twice }, 400)).toMatchObject({ message: ORDER_MESSAGES.duplicateProduct, field: 'items.1.productId' });
    expect(await refused({ ...PIX_ORDER, items: [{ productId: 'product-nada', quantity: 1 }] }, 400)).toMatchObject({
      message: ORDER_MESSAGES.productNotFound,
      field: 'items.0.productId',
    });
    await arrangeSql("UPDATE product SET active = 0 WHERE id = 'product-g1-wifi'");
    // Deactivated meanwhile (the cart still has it): 409, which makes the checkout read the catalog again.
    expect(await refused({ ...PIX_ORDER, items: [{ productId: 'product-g1-wifi', quantity: 1 }] }, 409)).toEqual({
      code: 'product-inactive',
      message: ORDER_MESSAGES.productInactive,
      field: 'items.0.productId',
    });
    expect(await refused({ ...PIX_ORDER, items: [{ productId: 'product-g1-4g', quantity: 51 }] }, 400)).toMatchObject({
      message: 'Quantidade máxima por pedido: 50 unidades.',
      field: 'items.0.quantity',
    });
    expect((await callCreateOrder({ ...PIX_ORDER, items: [{ productId: 'product-g1-4g', quantity: 50 }] })).status).toBe(201);
  });

  it('the address must be the caller’s', async () => {
    expect(await refused({ ...PIX_ORDER, addressId: 'address-nada' }, 400)).toMatchObject({ message: ORDER_MESSAGES.addressNotFound, field: 'addressId' });
    const theirs = await callCreateOrder(PIX_ORDER, SERRA);
    expect(theirs.status).toBe(400);
    expect(theirs.body.error).toMatchObject({ message: ORDER_MESSAGES.addressNotFound, field: 'addressId' });
    expect(await refused({ ...PIX_ORDER, addressId: '' }, 400)).toMatchObject({ message: ORDER_MESSAGES.address });
  });

  it('the payment method: unknown 400, disabled (or its platform) 409, instalments within its maximum, card data for a card', async () => {
    expect(await refused({ ...PIX_ORDER, paymentMethodId: 'payment-method-nada' }, 400)).toMatchObject({
      message: ORDER_MESSAGES.paymentMethodNotFound,
      field: 'paymentMethodId',
    });
    await arrangeSql("UPDATE payment_method SET enabled = 0 WHERE id = 'payment-method-pix'");
    expect(await refused(PIX_ORDER, 409)).toEqual({
      code: 'payment-method-disabled',
      message: ORDER_MESSAGES.paymentMethodDisabled,
      field: 'paymentMethodId',
    });
    await arrangeSql("UPDATE payment_method SET enabled = 1 WHERE id = 'payment-method-pix'");
    await arrangeSql("UPDATE payment_platform SET enabled = 0 WHERE id = (SELECT platform_id FROM payment_method WHERE id = 'payment-method-pix')");
    expect((await refused(PIX_ORDER, 409)).code).toBe('payment-method-disabled');
    await arrangeSql('UPDATE payment_platform SET enabled = 1');
    expect(await refused({ ...PIX_ORDER, installments: 2 }, 400)).toMatchObject({ message: ORDER_MESSAGES.noInstallments, field: 'installments' });
    expect(await refused({ ...PIX_ORDER, installments: 0 }, 400)).toMatchObject({ field: 'installments' });
    const card = { ...PIX_ORDER, paymentMethodId: 'payment-method-cartao', card: { token: 'tok_x', brand: 'Visa', last4: '1111' } };
    expect(await refused({ ...card, installments: 11 }, 400)).toMatchObject({
      message: 'Esta forma de pagamento permite no máximo 10 parcelas.',
      field: 'installments',
    });
    const { card: _card, ...withoutCard } = card;
    expect(await refused(withoutCard, 400)).toMatchObject({ message: ORDER_MESSAGES.cardRequired, field: 'card.number' });
  });

  it('Leitura and Técnico may read orders but not buy', async () => {
    for (const role of ['leitura', 'tecnico'] as const) {
      const member = makeUid(role);
      await arrangeSql(
        'INSERT INTO team_member (uid, account_uid, name, email, role, joined_at, version, updated_at) VALUES (?, ?, ?, ?, ?, 1, 1, 1)',
        member,
        MARIA,
        member,
        `${member}@example.com`,
        role,
      );
      expect((await call<ApiPage<ApiOrder>>('GET', '/order', { as: member })).body.meta.total).toBe(6);
      const answer = await callCreateOrder(PIX_ORDER, member);
      expect(answer.status).toBe(403);
      expect(answer.body.error.message).toMatch(/não permite fazer compras/);
    }
  });
});

describe('POST /order: pricing, payment and idempotency', () => {
  it('prices from the catalog and the rules in force, whatever the client sends', async () => {
    const order = await created({
      ...PIX_ORDER,
      items: [{ productId: 'product-g1-eth', quantity: 20, unitPrice: 1 }, { productId: 'product-plan-12m', quantity: 2 }],
      total: 100,
      discount: 99_999_999,
    });
    const now = Date.now();
    const rules = await env.DB.prepare(
      'SELECT id, name, min_quantity AS minQuantity, percent FROM discount_rule WHERE active = 1 AND valid_from <= ? AND (valid_until IS NULL OR valid_until >= ?)',
    )
      .bind(now, now)
      .all<{ id: string; name: string; minQuantity: number; percent: number }>();
    const expected = priceCart(
      [
        { productId: 'product-g1-eth', quantity: 20, unitPrice: 149_000, countsForDiscount: true },
        { productId: 'product-plan-12m', quantity: 2, unitPrice: 59_880, countsForDiscount: false },
      ],
      rules.results,
    );
    expect(order.items.map((i) => [i.sku, i.quantity, i.unitPrice])).toEqual([
      ['PG1-ETH', 20, 149_000],
      ['PLN-CON-12', 2, 59_880],
    ]);
    expect(order.subtotal).toBe(20 * 149_000 + 2 * 59_880);
    expect(order.discount).toBe(expected.discount);
    expect(order.discount).toBeGreaterThan(0);
    expect(order.discountRule?.id).toBe(expected.rule?.id);
    expect(order.shipping).toBe(SHIPPING_CENTS);
    expect(order.total).toBe(expected.total);
    expect(order.itemCount).toBe(22);
    expect((await call<ApiOrder>('GET', `/order/${order.id}`, { as: MARIA })).body).toEqual(order);
  });

  it('Pix: awaiting payment with a code valid for 30 minutes, the buyer first in the history, the address copied', async () => {
    const before = Date.now();
    const order = await created();
    expect(order.number).toBe(1008);
    expect(order.status).toBe('aguardando-pagamento');
    const pix = parsePixCode(order.payment.pixCode ?? '');
    expect(pix.valid).toBe(true);
    expect(pix.fields.get('54')).toBe((order.total / 100).toFixed(2));
    expect(pix.fields.get('26.01')).toBe(PIX_MERCHANT.key);
    expect(pix.fields.get('59')).toBe(PIX_MERCHANT.merchantName);
    expect(pix.fields.get('62.05')).toMatch(/^PONTE1008[0-9A-Z]+$/);
    expect(makeMillis(order.payment.pixExpiresAt) - makeMillis(order.createdAt)).toBe(PIX_VALIDITY_MS);
    expect(makeMillis(order.createdAt)).toBeGreaterThanOrEqual(before);
    expect(order.payment.paidAt).toBeNull();
    expect(order.timeline).toEqual([
      { status: 'aguardando-pagamento', at: order.createdAt, actor: { kind: 'cliente', name: 'Maria Oliveira Santos' }, note: null },
    ]);
    expect(order.addressId).toBe('address-1002');
    expect(order.address).toMatchObject({ street: 'Avenida Paulista', number: '1578', city: 'São Paulo', uf: 'SP' });
    expect(order.devices).toEqual([]);
    expect((await call('GET', `/order/${order.id}`, { as: SERRA })).status).toBe(404);
    const [notice] = await storedLatestNotices(1);
    expect(notice).toMatchObject({ title: 'Novo pedido #1008', subject_id: order.id });
    expect(notice?.message).toBe('Maria Oliveira Santos fez um pedido de 3 gateways (R$\u00a05.715,90), aguardando pagamento por pix.');
    // One batch: the order, its item and its timeline entry.
    expect(await storedRowCount('order_item', 'order_id = ?', order.id)).toBe(1);
    expect(await storedRowCount('order_timeline', 'order_id = ?', order.id)).toBe(1);
  });

  it('boleto: the line (47 digits) due in 3 days', async () => {
    const order = await created({ ...PIX_ORDER, paymentMethodId: 'payment-method-boleto' });
    expect(isValidBoletoLine(order.payment.boletoLine ?? '')).toBe(true);
    expect(order.payment.boletoLine?.slice(-10)).toBe(String(order.total).padStart(10, '0'));
    expect(order.payment.pixCode).toBeNull();
    expect(makeMillis(order.payment.boletoDueAt) - makeMillis(order.createdAt)).toBe(3 * 24 * 3600 * 1000);
  });

  it('a retried create (same Idempotency-Key) answers the first order; concurrent ones make one', async () => {
    const before = await orders();
    const key = makeIdempotencyKey();
    const [a, b] = [await callCreateOrder(PIX_ORDER, MARIA, key), await callCreateOrder(PIX_ORDER, MARIA, key)];
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.id).toBe(a.body.id);
    expect(b.body.payment.pixCode).toBe(a.body.payment.pixCode);
    expect(await orders()).toBe(before + 1);
    const together = makeIdempotencyKey();
    const answers = await Promise.all([callCreateOrder(PIX_ORDER, MARIA, together), callCreateOrder(PIX_ORDER, MARIA, together)]);
    expect(answers.map((x) => x.status)).toEqual([201, 201]);
    expect(answers[1]?.body.id).toBe(answers[0]?.body.id);
    expect(await orders()).toBe(before + 2);
    const bad = await callCreateOrder({ ...PIX_ORDER, addressId: 'address-nada' }, MARIA, 'pedido-chave-3');
    expect(bad.status).toBe(400);
    expect((await callCreateOrder(PIX_ORDER, MARIA, 'pedido-chave-3')).status).toBe(201);
    expect((await call('POST', '/order', { as: MARIA, body: PIX_ORDER })).status).toBe(400);
  });
});

describe('POST /order: cards', () => {
  const platform = arrangePayPlatform();
  const cardOrder = (card: CardFields, installments = 3) => tokenisedOrder(platform.books(), card, installments);

  it('approved: paid at once by the platform, gateways provisioned as claimable devices of the buyer, in one batch', async () => {
    const order = await created(await cardOrder(APPROVED_CARD));
    expect(order.status).toBe('pago');
    expect(order.payment).toMatchObject({ kind: 'cartao-credito', cardBrand: 'Visa', cardLast4: '1111', installments: 3 });
    expect(order.payment.paidAt).not.toBeNull();
    expect(order.timeline).toHaveLength(1);
    expect(order.timeline[0]).toMatchObject({ status: 'pago', actor: { kind: 'sistema', name: 'Plataforma de pagamento' } });
    expect(order.timeline[0]?.note).toBe('Pagamento aprovado no cartão Visa final 1111 em 3x.');
    expect(order.devices).toHaveLength(2);
    expect(order.devices[0]?.name).toBe('Gateway Ponte G1 Wi-Fi #1008-01');
    expect((await storedLatestNotices(2)).map((n) => n.title)).toEqual(['Pagamento confirmado', 'Novo pedido #1008']);
    expect((await call<ApiOrder>('GET', `/order/${order.id}`, { as: MARIA })).body).toEqual(order);
    for (const device of order.devices) {
      expect(device.setupCode).toMatch(SETUP_CODE_PATTERN);
      expect(device.status).toBe('never-connected');
      const stored = await env.DB.prepare('SELECT owner_uid, order_id, hardware_model, machine_id FROM device WHERE id = ?')
        .bind(device.id)
        .first();
      expect(stored).toEqual({ owner_uid: MARIA, order_id: order.id, hardware_model: 'Ponte G1 Wi-Fi', machine_id: null });
    }
    expect(await storedRowCount('device', 'setup_code IN (SELECT setup_code FROM device GROUP BY setup_code HAVING count(*) > 1)')).toBe(0);
    const found = (await call<ApiPage<{ id: string }>>('GET', `/device?q=${order.devices[0]?.serialNumber ?? ''}`, { as: MARIA })).body;
    expect(found.data.map((d) => d.id)).toEqual([order.devices[0]?.id]);
  });

  it('declined: 402 with the operator’s message; platform error: 502; no order either way, the outcome kept for the key', async () => {
    const before = await orders();
    const declined = await callCreateOrder(await cardOrder(DECLINED_CARD));
    expect(declined.status).toBe(402);
    expect(declined.body.error).toMatchObject({ code: 'card-declined', message: ORDER_MESSAGES.cardDeclined });
    const [notice] = await storedLatestNotices(1);
    expect(notice?.title).toBe('Pagamento recusado');
    expect(notice?.message).toContain('final 0002');
    const down = await callCreateOrder(await cardOrder(PLATFORM_ERROR_CARD), MARIA, 'cartao-502');
    expect(down.status).toBe(502);
    expect(down.body.error.message).toBe(ORDER_MESSAGES.platformError);
    expect(await orders()).toBe(before);
    expect(await storedRowCount('idempotency_key', 'key = ? AND status = 502', 'cartao-502')).toBe(1);
  });

  it('the card number appears nowhere: not in the database, not in any answer', async () => {
    const answers: string[] = [];
    for (const card of [APPROVED_CARD, DECLINED_CARD, PLATFORM_ERROR_CARD]) answers.push(JSON.stringify((await callCreateOrder(await cardOrder(card))).body));
    answers.push(JSON.stringify((await call('GET', '/order?perPage=100', { as: MARIA })).body));
    const dump: string[] = [];
    for (const table of ['purchase_order', 'order_item', 'order_timeline', 'idempotency_key', 'device', 'payment_event']) {
      dump.push(JSON.stringify((await env.DB.prepare(`SELECT * FROM ${table}`).all()).results));
    }
    const everything = [...answers, ...dump].join('\n');
    for (const card of [APPROVED_CARD, DECLINED_CARD, PLATFORM_ERROR_CARD]) {
      expect(everything.includes(card.number.replace(/\s/g, ''))).toBe(false);
      expect(everything.includes(card.number)).toBe(false);
    }
    expect(everything.includes(APPROVED_CARD.holder)).toBe(false);
  });
});
